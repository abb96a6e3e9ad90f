import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Logo } from '@/components/logo';
import { useSession } from '@/lib/session/session-context';
import './landing.css';

export function LandingHeader({ extra }: { extra?: ReactNode }) {
  const { profile, leaveSession } = useSession();
  return (
    <header className="landing-header">
      <div className="landing-header-inner">
        <Logo to={profile ? '/order' : '/'} />
        <nav className="landing-header-actions" aria-label="계정">
          {/* Pressing login or sign-up while guest or signed in ends that session first (SPEC.md §4). */}
          <Link to="/login" className="landing-link" onClick={profile ? leaveSession : undefined}>
            로그인
          </Link>
          <Link
            to="/register"
            className="landing-link landing-link-strong"
            onClick={profile ? leaveSession : undefined}
          >
            회원가입
          </Link>
          {extra}
        </nav>
      </div>
    </header>
  );
}
