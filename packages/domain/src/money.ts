const wonFormat = new Intl.NumberFormat('ko-KR', { style: 'currency', currency: 'KRW' });

/** Points are integer won; shown as ₩1,234. */
export function formatWon(amount: number): string {
  return wonFormat.format(amount);
}
