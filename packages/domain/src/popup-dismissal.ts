/**
 * Popup dismissal (docs/product.md#popups): '오늘 하루 보지 않기' records today's date for that popup in localStorage
 * ('popup-hidden': a list of {popupId, date: 'yyyyMMdd'}); the popup stays hidden while the stored date is
 * today. "Today" is the members' calendar day in Asia/Seoul, whatever the browser's time zone.
 */

import { seoulClock } from './datetime';

export interface PopupDismissal {
  popupId: number;
  /** yyyyMMdd, a Seoul calendar day. */
  date: string;
}

const DATE_KEY = /^\d{8}$/;

/** The Seoul calendar day of an instant as yyyyMMdd, computed from UTC (never the machine's time zone). */
export function seoulDateKey(now: Date): string {
  const { year, month, day } = seoulClock(now);
  return `${year}${month}${day}`;
}

function isDismissal(value: unknown): value is PopupDismissal {
  if (typeof value !== 'object' || value === null) return false;
  const { popupId, date } = value as Record<string, unknown>;
  return (
    typeof popupId === 'number' &&
    Number.isInteger(popupId) &&
    typeof date === 'string' &&
    DATE_KEY.test(date)
  );
}

/**
 * Reads the stored value: anything that is not a JSON list (missing, hand-edited, an older format) counts as
 * an empty list, and malformed entries are skipped, so a broken value never keeps a popup hidden or throws.
 */
export function parsePopupDismissals(stored: string | null | undefined): PopupDismissal[] {
  if (!stored) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(stored);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  return parsed.filter(isDismissal).map(({ popupId, date }) => ({ popupId, date }));
}

/** Hidden while the popup's stored date equals today in Seoul; back the next day. */
export function isPopupHidden(list: readonly PopupDismissal[], popupId: number, now: Date): boolean {
  const today = seoulDateKey(now);
  return list.some((entry) => entry.popupId === popupId && entry.date === today);
}

/** The list after '오늘 하루 보지 않기': this popup hidden for today; entries from past days dropped. */
export function hideForToday(list: readonly PopupDismissal[], popupId: number, now: Date): PopupDismissal[] {
  const today = seoulDateKey(now);
  return [
    ...list.filter((entry) => entry.date === today && entry.popupId !== popupId),
    { popupId, date: today },
  ];
}
