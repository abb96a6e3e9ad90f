import { auditChanges, auditJson, auditValueText } from './audit-diff';

/** The 변경 내용 cell: each changed key as before → after, the full JSON one click away. */
export function AuditChanges({ before, after }: { before: unknown; after: unknown }) {
  if ((before === null || before === undefined) && (after === null || after === undefined)) {
    return <span className="audit-none">-</span>;
  }
  const changes = auditChanges(before, after);
  return (
    <div className="audit-changes">
      {changes.length === 0 ? (
        <span className="audit-none">변경 없음</span>
      ) : (
        <ul className="audit-change-list">
          {changes.map((change) => (
            <li key={change.key || '(value)'} className="audit-change">
              {change.key && <span className="audit-change-key">{change.key}</span>}
              <span className="audit-change-before" title={auditValueText(change.before)}>
                {auditValueText(change.before)}
              </span>
              <span className="audit-change-arrow" aria-hidden>
                →
              </span>
              <span className="visually-hidden">에서 다음으로 변경:</span>
              <span className="audit-change-after" title={auditValueText(change.after)}>
                {auditValueText(change.after)}
              </span>
            </li>
          ))}
        </ul>
      )}
      <details className="audit-json">
        <summary>전체 보기</summary>
        <pre>{auditJson(before, after)}</pre>
      </details>
    </div>
  );
}
