import { useState } from 'react';
import { createPortal } from 'react-dom';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { LayoutDashboard, LogOut, Menu, Settings, X } from 'lucide-react';
import { formatWon, SessionState, type Profile } from '@smm/domain';
import { paths } from '@/lib/paths';
import { LeaveSessionLink } from '@/lib/session/leave-session-link';
import { useSession } from '@/lib/session/session-context';
import { useSiteSettings } from '@/lib/site-settings';
import { Logo } from '@/components/logo';
import { memberNavEntries, type NavEntry } from './nav-entries';
import { ThemeToggle } from './theme-toggle';
import './layout.css';

function Wallet({ profile, isGuest }: { profile: Profile; isGuest: boolean }) {
  return (
    <div className="wallet">
      {/* A long id is cut with an ellipsis; the tooltip has it in full. */}
      <span className="wallet-user" title={profile.id}>
        {isGuest ? profile.id : `${profile.id} 님`}
      </span>
      <span className="wallet-balance">{formatWon(profile.point)}</span>
      <Link to={paths.point} className="wallet-badge">
        충전하기
      </Link>
    </div>
  );
}

/** The member menu, rendered in the desktop bar and again in the overlay with its own styling. */
function NavLinks({
  entries,
  label,
  className,
  linkClassName,
}: {
  entries: NavEntry[];
  label: string;
  className: string;
  linkClassName: string;
}) {
  if (entries.length === 0) return null;
  return (
    <nav className={className} aria-label={label}>
      {entries.map((entry) => (
        <NavLink key={entry.to} to={entry.to} className={linkClassName}>
          {entry.label}
          {entry.badge ? (
            <span className="nav-badge" aria-label={`읽지 않은 답변 ${entry.badge}건`}>
              {entry.badge}
            </span>
          ) : null}
        </NavLink>
      ))}
    </nav>
  );
}

interface MenuProps {
  entries: NavEntry[];
  profile: Profile | null;
  isGuest: boolean;
  onBrowse: () => void;
}

/** Right-hand actions, shared by the desktop bar and the overlay so both offer the same entries. */
function AccountActions({ profile, isGuest, onBrowse }: Omit<MenuProps, 'entries'>) {
  if (!profile) {
    return (
      <>
        <Link to={paths.login} className="topbar-action">
          로그인
        </Link>
        <Link to={paths.register} className="topbar-action">
          회원가입
        </Link>
        <button type="button" className="topbar-cta" onClick={onBrowse}>
          둘러보기
        </button>
      </>
    );
  }
  return (
    <>
      {profile.role === 'admin' && (
        <Link to={paths.admin.dashboard} className="topbar-action">
          <LayoutDashboard size={16} aria-hidden />
          운영자 콘솔
        </Link>
      )}
      <Link to={paths.account} className="topbar-action">
        <Settings size={16} aria-hidden />
        계정설정
      </Link>
      {isGuest ? (
        <>
          <LeaveSessionLink to={paths.login} className="topbar-action">
            로그인
          </LeaveSessionLink>
          <LeaveSessionLink to={paths.register} className="topbar-cta">
            회원가입
          </LeaveSessionLink>
        </>
      ) : (
        <Link to={paths.logout} className="topbar-action">
          <LogOut size={16} aria-hidden />
          로그아웃
        </Link>
      )}
    </>
  );
}

/**
 * Fixed 60 px bar (docs/product.md#shared-elements); below 1280 px the entries move into a hamburger overlay.
 */
export function TopBar() {
  const { state, profile, startGuest } = useSession();
  const { settings } = useSiteSettings();
  const location = useLocation();
  const navigate = useNavigate();
  // The overlay belongs to the location it was opened on, so any navigation closes it.
  const [openedAt, setOpenedAt] = useState<string | null>(null);
  const menuOpen = openedAt === location.key;
  const closeMenu = () => setOpenedAt(null);

  const isGuest = state === SessionState.GUEST;
  // The unread replies of 1:1 문의 (docs/product.md#inquiries), read with the profile, as a badge on its entry.
  const unread = profile?.inquiryUnread ?? 0;
  const entries = profile
    ? memberNavEntries(settings).map((entry) =>
        entry.to === paths.inquiries && unread > 0 ? { ...entry, badge: unread } : entry,
      )
    : [];
  const browse = () => {
    startGuest();
    navigate(paths.order);
  };
  const actions = { profile, isGuest, onBrowse: browse };

  return (
    <header className="topbar">
      <div className="topbar-inner">
        <Logo to={profile ? paths.order : paths.home} />

        <NavLinks entries={entries} label="주요 메뉴" className="topbar-nav" linkClassName="topbar-link" />

        <div className="topbar-right">
          {profile && <Wallet profile={profile} isGuest={isGuest} />}
          <div className="topbar-actions">
            <AccountActions {...actions} />
          </div>
          <ThemeToggle />
          <button
            type="button"
            className="hamburger"
            aria-label="메뉴 열기"
            aria-expanded={menuOpen}
            onClick={() => setOpenedAt(location.key)}
          >
            <Menu size={22} aria-hidden />
          </button>
        </div>
      </div>

      {/* Portalled: the bar's backdrop-filter would otherwise trap a fixed overlay inside its 60 px. */}
      {menuOpen &&
        createPortal(
          <div
            className="menu-overlay"
            data-testid="menu-backdrop"
            onClick={(event) => {
              if (event.target === event.currentTarget) closeMenu();
            }}
            onKeyDown={(event) => event.key === 'Escape' && closeMenu()}
          >
            <div className="menu-panel" role="dialog" aria-modal="true" aria-label="전체 메뉴">
              <div className="menu-head">
                <Logo to={profile ? paths.order : paths.home} onClick={closeMenu} />
                <button
                  type="button"
                  className="menu-close"
                  aria-label="메뉴 닫기"
                  onClick={closeMenu}
                  autoFocus
                >
                  <X size={22} aria-hidden />
                </button>
              </div>
              {profile && <Wallet profile={profile} isGuest={isGuest} />}
              <NavLinks
                entries={entries}
                label="모바일 메뉴"
                className="menu-nav"
                linkClassName="menu-link"
              />
              <div className="menu-actions">
                <AccountActions {...actions} />
              </div>
            </div>
          </div>,
          document.body,
        )}
    </header>
  );
}
