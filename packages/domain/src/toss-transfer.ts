/**
 * The Toss app's transfer screen, opened from the transfer panel on a phone with the bank, account and
 * amount filled in (setting ENABLE_TOSS_PAYMENT, docs/product.md#point-charge-page). The bank is named by
 * its 3-digit Korean bank code (setting BANKING_BANKING_CODE, e.g. 004 for 국민은행).
 */
export const TOSS_SEND_URL = 'supertoss://send';

/** A 3-digit Korean bank code (금융기관 코드: 004 국민, 088 신한, 090 카카오뱅크, 092 토스뱅크…). */
export function isKoreanBankCode(value: string): boolean {
  return /^\d{3}$/.test(value);
}

export interface TossTransfer {
  bankCode: string;
  /** As shown to members: hyphens and spaces are dropped, as the app wants digits only. */
  accountNo: string;
  /** Won to transfer. */
  amount: number;
}

/**
 * `supertoss://send?bank=…&accountNo=…&amount=…`, or null when the link could not fill the screen in
 * correctly: no valid bank code, an account number with anything but digits, hyphens and spaces (a
 * guessed account would send money elsewhere), or an amount that is not a positive whole number of won.
 * Without a link the member still has the copy buttons and the account written out.
 */
export function tossTransferLink({ bankCode, accountNo, amount }: TossTransfer): string | null {
  const bank = bankCode.trim();
  const account = accountNo.replace(/[-\s]/g, '');
  if (!isKoreanBankCode(bank) || !/^\d+$/.test(account)) return null;
  if (!Number.isSafeInteger(amount) || amount < 1) return null;
  const params: Record<string, string> = { bank, accountNo: account, amount: String(amount) };
  const query = Object.entries(params)
    .map(([key, value]) => `${key}=${encodeURIComponent(value)}`)
    .join('&');
  return `${TOSS_SEND_URL}?${query}`;
}
