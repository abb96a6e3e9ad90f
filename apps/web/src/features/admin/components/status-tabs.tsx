/** A console list's state tabs (충전 신청, 입금 내역, 1:1 문의 …). */
import { Link } from 'react-router';

export interface StatusTab {
  value: string;
  label: string;
}

/** The list's state tabs: links (the state lives in the URL), the current one marked for assistive technology. */
export function StatusTabs({
  label,
  tabs,
  current,
  hrefFor,
}: {
  label: string;
  tabs: readonly StatusTab[];
  current: string;
  hrefFor: (value: string) => string;
}) {
  return (
    <nav className="admin-tabs" aria-label={label}>
      {tabs.map((tab) => (
        <Link
          key={tab.value}
          to={hrefFor(tab.value)}
          className={`admin-tab${tab.value === current ? ' is-current' : ''}`}
          aria-current={tab.value === current ? 'page' : undefined}
        >
          {tab.label}
        </Link>
      ))}
    </nav>
  );
}
