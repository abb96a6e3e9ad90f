import { auditFieldLabel, auditValueLabel } from '@smm/domain';

/**
 * An audit entry's before → after, as an operator wants to read it: only the keys whose value changed
 * (added or removed keys included), each value in short text. Entries whose before or after is not a
 * plain object (a bare value, a list, null on one side) compare as a whole.
 */
export interface AuditChange {
  /** The key that changed; '' when the values are compared whole. */
  key: string;
  before: unknown;
  after: unknown;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Equal as JSON; an absent value and null are the same "nothing". */
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

export function auditChanges(before: unknown, after: unknown): AuditChange[] {
  const empty = (value: unknown) => value === null || value === undefined;
  if (empty(before) && empty(after)) return [];
  // A creation (null → object) or a deletion (object → null) lists every field it carried.
  const left = isRecord(before) ? before : empty(before) && isRecord(after) ? {} : null;
  const right = isRecord(after) ? after : empty(after) && isRecord(before) ? {} : null;
  if (left === null || right === null) return same(before, after) ? [] : [{ key: '', before, after }];
  const keys = [...new Set([...Object.keys(left), ...Object.keys(right)])];
  return keys
    .filter((key) => !same(left[key], right[key]))
    .map((key) => ({ key, before: left[key], after: right[key] }));
}

const MAX_TEXT = 80;

/** The entry's target, for the values whose meaning depends on it (a setting's 'true' is 켜짐). */
export interface AuditTarget {
  type: string;
  id: string;
}

/**
 * One value in a line, in Korean (auditValueLabel: 켜짐/꺼짐, 예/아니오, '없음', ₩, Seoul time…), long
 * text cut. `field` is the changed key ('' for a whole value).
 */
export function auditValueText(value: unknown, field = '', target?: AuditTarget): string {
  const text = auditValueLabel(field, value, target);
  return text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT - 1)}…` : text;
}

/**
 * A creation (nothing → an object) or a deletion (an object → nothing) reads as what was made or
 * removed, not as a column of '없음 → …' lines; anything else is a change.
 */
export function auditEntryKind(before: unknown, after: unknown): 'create' | 'delete' | 'change' {
  const empty = (value: unknown) => value === null || value === undefined;
  if (empty(before) && isRecord(after)) return 'create';
  if (empty(after) && isRecord(before)) return 'delete';
  return 'change';
}

/** One changed key as a line of text (the CSV): '상단 고정: 아니오 → 예', '새로 만듦 · 내용: 공지'. */
export function auditChangeLine(
  change: AuditChange,
  kind: ReturnType<typeof auditEntryKind>,
  target?: AuditTarget,
): string {
  const label = change.key ? `${auditFieldLabel(change.key)}: ` : '';
  if (kind === 'create') return `${label}${auditValueText(change.after, change.key, target)}`;
  if (kind === 'delete') return `${label}${auditValueText(change.before, change.key, target)}`;
  return `${label}${auditValueText(change.before, change.key, target)} → ${auditValueText(change.after, change.key, target)}`;
}

/** The whole entry for the details view and the CSV: both sides, pretty-printed. */
export function auditJson(before: unknown, after: unknown): string {
  return JSON.stringify({ before: before ?? null, after: after ?? null }, null, 2);
}
