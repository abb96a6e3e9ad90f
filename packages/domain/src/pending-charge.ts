/**
 * A pending charge as the member finds it again on /point (docs/product.md#point-charge-page): how long
 * is left before it lapses, and the account holder under the label 예금주.
 */

/**
 * The time left before a pending charge lapses, in the member's words: `2시간 41분 남음`, `5분 남음`,
 * `1분 미만 남음`, `입금 기한 지남`. Minutes are rounded down, so the text never promises more time
 * than there is.
 */
export function chargeTimeLeftText(msLeft: number): string {
  if (!(msLeft > 0)) return '입금 기한 지남';
  const minutes = Math.floor(msLeft / 60_000);
  if (minutes < 1) return '1분 미만 남음';
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest}분 남음`;
  return rest === 0 ? `${hours}시간 남음` : `${hours}시간 ${rest}분 남음`;
}

/** `예금주`, `예금주명`, `예금주:` at the start of the holder setting (the label, written into the value). */
const HOLDER_LABEL = /^\s*예금주(?:명)?\s*[:：]?\s*/;

/**
 * The account holder's name as the transfer instructions print it under their own label 예금주: the
 * setting BANKING_DISPLAY_TEXT is free text, and a value that starts with the label (`예금주 홍길동`)
 * would print it twice. A value that is nothing but the label is kept as written.
 */
export function accountHolderName(display: string): string {
  const name = display.replace(HOLDER_LABEL, '').trim();
  return name === '' ? display.trim() : name;
}

/**
 * The refusal of a request whose depositor name and amount the member's own pending charge already
 * holds: that charge is the one to pay (the screen offers its instructions), not a second one with
 * another amount.
 */
export const OWN_PENDING_CHARGE_MESSAGE =
  '같은 입금자명과 금액으로 신청하신 충전이 입금을 기다리고 있습니다. 새로 신청하지 마시고 신청한 충전의 입금 안내대로 입금해 주세요.';
