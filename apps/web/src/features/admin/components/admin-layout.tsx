import { useEffect, useState, type ReactNode } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { ExternalLink, Menu, Moon, Sun, X } from 'lucide-react';
import { useDocumentTitle } from '@/lib/document-title';
import { paths } from '@/lib/paths';
import { saveTheme, useTheme, type Theme } from '@/lib/theme';
import { ADMIN_NAV, adminTitle } from './admin-nav';
import '../admin.css';

function ThemeSwitch() {
  const theme = useTheme();
  const next: Theme = theme === 'dark' ? 'light' : 'dark';
  return (
    <button
      type="button"
      className="admin-icon-button"
      aria-label={next === 'dark' ? '어두운 테마로 전환' : '밝은 테마로 전환'}
      onClick={() => saveTheme(next)}
    >
      {theme === 'dark' ? <Sun size={18} aria-hidden /> : <Moon size={18} aria-hidden />}
    </button>
  );
}

/**
 * The console's frame: a side navigation on a desktop, a menu button that opens it as a drawer on a
 * phone, and the screen beside it. It is not the member site's layout (no member top bar or footer).
 */
export function AdminLayout({
  operatorId,
  navCounts = {},
  children,
}: {
  operatorId: string;
  /** A number beside a menu entry, by its path (what waits there); absent or 0: none. */
  navCounts?: Record<string, number>;
  children: ReactNode;
}) {
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const title = adminTitle(pathname);
  useDocumentTitle(title ? `${title} · 운영자 콘솔` : '운영자 콘솔');
  useEffect(() => setMenuOpen(false), [pathname]);

  return (
    <div className={`admin-shell${menuOpen ? ' admin-menu-open' : ''}`}>
      <header className="admin-topbar">
        <button
          type="button"
          className="admin-icon-button admin-menu-button"
          aria-label={menuOpen ? '메뉴 닫기' : '메뉴 열기'}
          aria-expanded={menuOpen}
          aria-controls="admin-nav"
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? <X size={20} aria-hidden /> : <Menu size={20} aria-hidden />}
        </button>
        <Link to={paths.admin.dashboard} className="admin-brand">
          운영자 콘솔
        </Link>
        <span className="admin-topbar-title">{title}</span>
        <div className="admin-topbar-end">
          <span className="admin-operator" title="로그인한 운영자">
            {operatorId}
          </span>
          <ThemeSwitch />
          <Link to={paths.order} className="admin-site-link">
            <ExternalLink size={15} aria-hidden />
            <span>사이트</span>
          </Link>
        </div>
      </header>
      <nav id="admin-nav" className="admin-nav" aria-label="콘솔 메뉴">
        {ADMIN_NAV.map((group) => (
          <div key={group.label} className="admin-nav-group">
            <p className="admin-nav-group-label">{group.label}</p>
            <ul>
              {group.items.map((item) => (
                <li key={item.path}>
                  <NavLink
                    to={item.path}
                    end={item.path === paths.admin.dashboard}
                    className="admin-nav-link"
                  >
                    {item.label}
                    {navCounts[item.path] ? (
                      <span className="admin-nav-count">
                        {navCounts[item.path]}
                        <span className="visually-hidden">건 대기</span>
                      </span>
                    ) : null}
                  </NavLink>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </nav>
      {menuOpen && <div className="admin-nav-backdrop" aria-hidden onClick={() => setMenuOpen(false)} />}
      <main className="admin-main">{children}</main>
    </div>
  );
}
