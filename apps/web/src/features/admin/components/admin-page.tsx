import type { ReactNode } from 'react';

/** One console screen: its title, a line on what it is for, actions on the right, then the content. */
export function AdminPage({
  title,
  description,
  actions,
  children,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="admin-page">
      <header className="admin-page-header">
        <div>
          <h1 className="admin-page-title">{title}</h1>
          {description && <p className="admin-page-description">{description}</p>}
        </div>
        {actions && <div className="admin-page-actions">{actions}</div>}
      </header>
      {children}
    </div>
  );
}

/** A titled block inside a screen (a form, a table, a chart). */
export function AdminSection({
  title,
  actions,
  children,
  className,
}: {
  title?: string;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section className={['admin-section', className].filter(Boolean).join(' ')}>
      {(title || actions) && (
        <div className="admin-section-header">
          {title && <h2 className="admin-section-title">{title}</h2>}
          {actions && <div className="admin-section-actions">{actions}</div>}
        </div>
      )}
      {children}
    </section>
  );
}

/** Loading / error / empty line inside a section, so every screen says the same thing the same way. */
export function AdminStatus({
  kind,
  children,
}: {
  kind: 'loading' | 'error' | 'empty';
  children?: ReactNode;
}) {
  const text =
    children ??
    (kind === 'loading' ? '불러오는 중…' : kind === 'error' ? '불러오지 못했습니다.' : '항목이 없습니다.');
  return (
    <p className={`admin-status admin-status-${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {text}
    </p>
  );
}
