import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Logo } from '@/components/logo';
import { paths } from '@/lib/paths';
import { LeaveSessionLink } from '@/lib/session/leave-session-link';
import { useSession } from '@/lib/session/session-context';
import './landing.css';

export function LandingHeader({ extra }: { extra?: ReactNode }) {
  const { profile } = useSession();
  const AccountLink = profile ? LeaveSessionLink : Link;
  return (
    <header className="landing-header">
      <div className="landing-header-inner">
        <Logo to={profile ? paths.order : paths.home} />
        <nav className="landing-header-actions" aria-label="계정">
          {/* Pressing login or sign-up while guest or signed in ends that session first
              (docs/product.md#sessions). */}
          <AccountLink to={paths.login} className="landing-link">
            로그인
          </AccountLink>
          <AccountLink to={paths.register} className="landing-link landing-link-strong">
            회원가입
          </AccountLink>
          {extra}
        </nav>
      </div>
    </header>
  );
}
