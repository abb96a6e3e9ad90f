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

/** One value in a line: text as it is, null/absent as '없음', anything else as compact JSON; long text cut. */
export function auditValueText(value: unknown): string {
  let text: string;
  if (value === null || value === undefined) text = '없음';
  else if (typeof value === 'string') text = value === '' ? '(빈 값)' : value;
  else if (typeof value === 'number' || typeof value === 'boolean') text = String(value);
  else text = JSON.stringify(value);
  return text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT - 1)}…` : text;
}

/** The whole entry for the details view and the CSV: both sides, pretty-printed. */
export function auditJson(before: unknown, after: unknown): string {
  return JSON.stringify({ before: before ?? null, after: after ?? null }, null, 2);
}
