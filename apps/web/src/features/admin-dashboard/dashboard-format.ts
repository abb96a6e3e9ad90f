import { formatCount, formatWon } from '@smm/domain';

const WEEKDAYS = ['일', '월', '화', '수', '목', '금', '토'];

/** 'yyyy-MM-dd' (a Seoul day) as a tooltip title: '11월 24일 (화)'. */
export function longChartDate(isoDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!match) return isoDate;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const weekday = WEEKDAYS[new Date(Date.UTC(year, month - 1, day)).getUTCDay()];
  return `${month}월 ${day}일 (${weekday})`;
}

const trim = (n: number) => String(Number(n.toFixed(1)));

/** A won axis tick, short the Korean way: 0, 5,000, 1.2만, 35만, 1.5억. */
export function compactWon(won: number): string {
  const abs = Math.abs(won);
  if (abs >= 100_000_000) return `${trim(won / 100_000_000)}억`;
  if (abs >= 10_000) return `${trim(won / 10_000)}만`;
  return formatCount(won);
}

/** A provider's balance as it answered it: won as ₩, any other currency as number + code. */
export function formatProviderBalance(balance: string, currency: string): string {
  const amount = Number(balance);
  if (!Number.isFinite(amount)) return `${balance} ${currency}`;
  if (currency.toUpperCase() === 'KRW') return formatWon(Math.floor(amount));
  return `${amount.toLocaleString('ko-KR', { maximumFractionDigits: 4 })} ${currency}`;
}

/** 원-denominated tooltip value. */
export const tooltipWon = (value: unknown) => formatWon(Number(value) || 0);
