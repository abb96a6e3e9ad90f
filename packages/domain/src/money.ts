const wonFormat = new Intl.NumberFormat('ko-KR', { style: 'currency', currency: 'KRW' });

/** Points are integer won; shown as ₩1,234. */
export function formatWon(amount: number): string {
  return wonFormat.format(amount);
}

const countFormat = new Intl.NumberFormat('ko-KR');

/** Quantities (followers, views, rows) with thousands separators: 12,345; an unknown one is '-'. */
export function formatCount(count: number | null): string {
  return count === null ? '-' : countFormat.format(count);
}
