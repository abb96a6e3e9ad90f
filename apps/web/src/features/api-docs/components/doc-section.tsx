import type { ReactNode } from 'react';
import { CodeBlock, JsonBlock } from './code-block';
import { FieldTable, MethodBadge, ParamTable, type FieldRow, type ParamRow } from './doc-tables';

/** One titled card of the page, an anchor target of the table of contents. */
export function DocSection({
  id,
  title,
  eyebrow,
  children,
}: {
  id: string;
  title: string;
  /** The English name resellers know the call by (Get Services …). */
  eyebrow?: string;
  children: ReactNode;
}) {
  return (
    <section id={id} className="card api-section" aria-labelledby={`${id}-title`}>
      <header className="api-section-head">
        {eyebrow && <p className="api-eyebrow">{eyebrow}</p>}
        <h2 className="api-section-title" id={`${id}-title`}>
          {title}
        </h2>
      </header>
      {children}
    </section>
  );
}

interface EndpointSectionProps {
  id: string;
  title: string;
  eyebrow: string;
  method: 'GET' | 'POST';
  path: string;
  description: ReactNode;
  params: readonly ParamRow[];
  curl: string;
  fields: readonly FieldRow[];
  response: unknown;
}

/** A REST call: method and path, what it takes, a curl line to copy, and what it answers. */
export function EndpointSection(props: EndpointSectionProps) {
  const { id, title, eyebrow, method, path, description, params, curl, fields, response } = props;
  return (
    <DocSection id={id} title={title} eyebrow={eyebrow}>
      <p className="api-endpoint">
        <MethodBadge method={method} />
        <code>{path}</code>
      </p>
      <p className="api-text">{description}</p>
      <h3 className="api-subtitle">요청 파라미터</h3>
      <ParamTable label={`${title} 요청 파라미터`} rows={params} />
      <h3 className="api-subtitle">요청 예시</h3>
      <CodeBlock label={`${title} 요청 예시`} kind="curl" code={curl} />
      <h3 className="api-subtitle">응답 필드</h3>
      <FieldTable label={`${title} 응답 필드`} rows={fields} />
      <h3 className="api-subtitle">응답 예시</h3>
      <JsonBlock label={`${title} 응답 예시`} value={response} />
    </DocSection>
  );
}
