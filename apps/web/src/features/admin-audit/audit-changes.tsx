import { auditFieldLabel } from '@smm/domain';
import { auditChanges, auditEntryKind, auditJson, auditValueText, type AuditTarget } from './audit-diff';

/** What a creation or a deletion is called above the fields it carried. */
const KIND_CAPTIONS = { create: '새로 만듦', delete: '삭제함' } as const;

/**
 * The 변경 내용 cell: each changed field by its Korean name as before → after (a creation or a
 * deletion: what was made or removed, under 새로 만듦 / 삭제함), the full JSON one click away.
 */
export function AuditChanges({
  before,
  after,
  target,
}: {
  before: unknown;
  after: unknown;
  target?: AuditTarget;
}) {
  if ((before === null || before === undefined) && (after === null || after === undefined)) {
    return <span className="audit-none">-</span>;
  }
  const changes = auditChanges(before, after);
  const kind = auditEntryKind(before, after);
  return (
    <div className="audit-changes">
      {kind !== 'change' && <span className="admin-chip audit-change-kind">{KIND_CAPTIONS[kind]}</span>}
      {changes.length === 0 ? (
        <span className="audit-none">변경 없음</span>
      ) : (
        <ul className="audit-change-list">
          {changes.map((change) => {
            const beforeText = auditValueText(change.before, change.key, target);
            const afterText = auditValueText(change.after, change.key, target);
            return (
              <li key={change.key || '(value)'} className="audit-change" data-kind={kind}>
                {change.key && (
                  <span className="audit-change-key" title={change.key}>
                    {auditFieldLabel(change.key)}
                  </span>
                )}
                {kind === 'change' ? (
                  <>
                    <span className="audit-change-before" title={beforeText}>
                      {beforeText}
                    </span>
                    <span className="audit-change-arrow" aria-hidden>
                      →
                    </span>
                    <span className="visually-hidden">에서 다음으로 변경:</span>
                    <span className="audit-change-after" title={afterText}>
                      {afterText}
                    </span>
                  </>
                ) : (
                  <span
                    className={kind === 'create' ? 'audit-change-after' : 'audit-change-before'}
                    title={kind === 'create' ? afterText : beforeText}
                  >
                    {kind === 'create' ? afterText : beforeText}
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <details className="audit-json">
        <summary>전체 보기</summary>
        <pre>{auditJson(before, after)}</pre>
      </details>
    </div>
  );
}
