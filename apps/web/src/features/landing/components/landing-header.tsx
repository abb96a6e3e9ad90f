import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Logo } from '@/components/logo';
import { paths } from '@/lib/paths';
import { LeaveSessionLink } from '@/lib/session/leave-session-link';
import { useSession } from '@/lib/session/session-context';
import './landing.css';

export function LandingHeader({ extra }: { extra?: ReactNode }) {
  // `member`, not `profile`: a guest has a (made-up) profile too, and was offered 주문하기 · 로그아웃 as if
  // signed in — after 둘러보기 and Back, or right after deleting the account (which leaves a guest).
  const { profile, member } = useSession();
  return (
    <header className="landing-header">
      <div className="landing-header-inner">
        <Logo to={profile ? paths.order : paths.home} />
        <nav className="landing-header-actions" aria-label="계정">
          {member ? (
            // A signed-in member is offered their way in and out, never 로그인 (which would end the
            // session they have: docs/product.md#sessions).
            <>
              <Link to={paths.order} className="landing-link landing-link-strong">
                주문하기
              </Link>
              <Link to={paths.logout} className="landing-link">
                로그아웃
              </Link>
            </>
          ) : (
            // A visitor or guest: pressing either ends a guest session first (docs/product.md#sessions).
            <>
              <LeaveSessionLink to={paths.login} className="landing-link">
                로그인
              </LeaveSessionLink>
              <LeaveSessionLink to={paths.register} className="landing-link landing-link-strong">
                회원가입
              </LeaveSessionLink>
            </>
          )}
          {extra}
        </nav>
      </div>
    </header>
  );
}
