import type { ReactNode } from 'react';
import './auth.css';

/** The centred card every sign-in screen sits in (login, register, recovery). */
export function AuthCard({
  title,
  description,
  children,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="auth-page">
      <div className="auth-card">
        <div className="auth-card-head">
          <h1>{title}</h1>
          {description && <p>{description}</p>}
        </div>
        {children}
      </div>
    </div>
  );
}
