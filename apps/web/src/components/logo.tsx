import { Link } from 'react-router';
import { TrendingUp } from 'lucide-react';
import './logo.css';

export function Logo({ to, onClick }: { to: string; onClick?: () => void }) {
  return (
    <Link to={to} className="logo" aria-label="SMM 패널 홈" onClick={onClick}>
      <span className="logo-mark" aria-hidden>
        <TrendingUp size={18} strokeWidth={2.6} />
      </span>
      <span className="logo-text">SMM 패널</span>
    </Link>
  );
}
