import type { ReactNode } from 'react';

export interface ParamRow {
  name: string;
  /** Where it travels: 헤더, 본문 (JSON), 경로, 폼 필드. */
  where: string;
  type: string;
  required: boolean;
  description: ReactNode;
}

export interface FieldRow {
  name: string;
  type: string;
  description: ReactNode;
}

/**
 * Tables scroll sideways inside their frame when a phone is narrower than they are; the name and its
 * type share one cell so three columns fit 390 px without scrolling.
 */
export function DocTable({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className="api-table-wrap" role="region" aria-label={label} tabIndex={0}>
      <table className={['api-table', className].filter(Boolean).join(' ')}>{children}</table>
    </div>
  );
}

export function ParamTable({ label, rows }: { label: string; rows: readonly ParamRow[] }) {
  return (
    <DocTable label={label}>
      <thead>
        <tr>
          <th scope="col">파라미터</th>
          <th scope="col" className="api-col-required">
            필수
          </th>
          <th scope="col">설명</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.name}>
            <td className="api-col-name">
              <code>{row.name}</code>
              <span className="api-meta">
                {row.where} · {row.type}
              </span>
            </td>
            <td className="api-col-required">
              {row.required ? (
                <span className="api-badge api-badge-required">필수</span>
              ) : (
                <span className="api-badge">선택</span>
              )}
            </td>
            <td>{row.description}</td>
          </tr>
        ))}
      </tbody>
    </DocTable>
  );
}

export function FieldTable({ label, rows }: { label: string; rows: readonly FieldRow[] }) {
  return (
    <DocTable label={label}>
      <thead>
        <tr>
          <th scope="col">필드</th>
          <th scope="col">설명</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.name}>
            <td className="api-col-name">
              <code>{row.name}</code>
              <span className="api-meta">{row.type}</span>
            </td>
            <td>{row.description}</td>
          </tr>
        ))}
      </tbody>
    </DocTable>
  );
}

export function MethodBadge({ method }: { method: 'GET' | 'POST' }) {
  return <span className={`api-method api-method-${method.toLowerCase()}`}>{method}</span>;
}
