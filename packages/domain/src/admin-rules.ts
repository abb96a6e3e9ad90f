/** Operator actions on money (the console's forms and the server check the same rules). */
export const POINT_ADJUSTMENT_MESSAGES = {
  DELTA_INVALID: '조정 금액은 0이 아닌 정수(원)로 입력해주세요.',
  DELTA_TOO_LARGE: '한 번에 조정할 수 있는 금액은 1억 원까지입니다.',
  MEMO_REQUIRED: '조정 사유를 입력해주세요.',
  MEMBER_NOT_FOUND: '회원을 찾을 수 없습니다.',
  /** The same Idempotency-Key sent again with another member, amount or reason. */
  KEY_REUSED: '같은 요청 키로 다른 내용의 조정이 이미 처리되었습니다. 화면을 새로 고친 뒤 다시 시도해주세요.',
} as const;

export const POINT_ADJUSTMENT_MAX = 100_000_000;

export function validatePointAdjustment(input: { delta: number; memo: string }): string | null {
  const m = POINT_ADJUSTMENT_MESSAGES;
  if (!Number.isSafeInteger(input.delta) || input.delta === 0) return m.DELTA_INVALID;
  if (Math.abs(input.delta) > POINT_ADJUSTMENT_MAX) return m.DELTA_TOO_LARGE;
  if (input.memo.trim().length === 0) return m.MEMO_REQUIRED;
  return null;
}
