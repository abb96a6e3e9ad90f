import type { ReactNode } from 'react';
import { Construction } from 'lucide-react';
import './ui.css';

export function PageHeader({ title, description }: { title: string; description?: ReactNode }) {
  return (
    <header className="page-header">
      <h1 className="page-title">{title}</h1>
      {description && <p className="page-description">{description}</p>}
    </header>
  );
}

export function Card({ children, className }: { children: ReactNode; className?: string }) {
  return <section className={['card', className].filter(Boolean).join(' ')}>{children}</section>;
}

/** A page that a later release fills in: a real title and a short, honest line. */
export function ComingSoonPage({ title, description }: { title: string; description?: string }) {
  return (
    <div className="page page-narrow">
      <PageHeader title={title} description={description} />
      <Card className="coming-soon">
        <Construction aria-hidden size={36} strokeWidth={1.6} />
        <p>준비 중입니다</p>
        <span>더 나은 서비스를 위해 페이지를 준비하고 있어요. 조금만 기다려 주세요.</span>
      </Card>
    </div>
  );
}
