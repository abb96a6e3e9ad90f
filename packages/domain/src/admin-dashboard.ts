/**
 * The console dashboard's calendar: "today" and "this month" are the operator's days in Asia/Seoul,
 * whatever the time zone of the server or the browser. Korea Standard Time is UTC+9 all year (no
 * daylight saving since 1988), so a Seoul day is always exactly 24 hours and every boundary is computed
 * from UTC arithmetic alone — never from the machine's local time.
 */

import { SEOUL_OFFSET_MS, seoulClock } from './datetime';

const DAY_MS = 24 * 60 * 60 * 1000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The instant shifted so its UTC fields read as the Seoul wall clock. */
const seoulWall = (instant: Date) => new Date(instant.getTime() + SEOUL_OFFSET_MS);

/** 00:00 KST of the Seoul day holding `now`, as an instant. */
export function seoulDayStart(now: Date): Date {
  const wall = seoulWall(now);
  return new Date(Date.UTC(wall.getUTCFullYear(), wall.getUTCMonth(), wall.getUTCDate()) - SEOUL_OFFSET_MS);
}

/** 00:00 KST of the first day of the Seoul month holding `now`. */
export function seoulMonthStart(now: Date): Date {
  const wall = seoulWall(now);
  return new Date(Date.UTC(wall.getUTCFullYear(), wall.getUTCMonth(), 1) - SEOUL_OFFSET_MS);
}

/** 00:00 KST of the first day of the next Seoul month (the end, exclusive, of `now`'s month). */
export function seoulNextMonthStart(now: Date): Date {
  const wall = seoulWall(now);
  return new Date(Date.UTC(wall.getUTCFullYear(), wall.getUTCMonth() + 1, 1) - SEOUL_OFFSET_MS);
}

/** The start of the Seoul day `days` days after the one starting at `dayStart` (negative: before). */
export function addSeoulDays(dayStart: Date, days: number): Date {
  return new Date(dayStart.getTime() + days * DAY_MS);
}

/** The Seoul calendar date of an instant as 'yyyy-MM-dd'. */
export function seoulIsoDate(instant: Date): string {
  const { year, month, day } = seoulClock(instant);
  return `${year}-${month}-${day}`;
}

/** 'yyyy-MM-dd' read as a Seoul calendar day: its 00:00 KST, or null for text that is not a real date. */
export function parseSeoulDate(text: string): Date | null {
  const match = ISO_DATE.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const utc = new Date(Date.UTC(year, month - 1, day));
  if (utc.getUTCFullYear() !== year || utc.getUTCMonth() !== month - 1 || utc.getUTCDate() !== day) {
    return null;
  }
  return new Date(utc.getTime() - SEOUL_OFFSET_MS);
}

export interface SeoulDay {
  /** 'yyyy-MM-dd' */
  date: string;
  /** 00:00 KST of that day (inclusive). */
  start: Date;
  /** 00:00 KST of the next day (exclusive). */
  end: Date;
}

/** The last `count` Seoul days ending with today, oldest first. */
export function lastSeoulDays(now: Date, count: number): SeoulDay[] {
  const today = seoulDayStart(now);
  return Array.from({ length: count }, (_, i) => {
    const start = addSeoulDays(today, i - count + 1);
    return { date: seoulIsoDate(start), start, end: addSeoulDays(start, 1) };
  });
}

/** A chart axis label for 'yyyy-MM-dd': '11/24' (no leading zeros, as Korean charts write it). */
export function shortChartDate(isoDate: string): string {
  const match = ISO_DATE.exec(isoDate);
  return match ? `${Number(match[2])}/${Number(match[3])}` : isoDate;
}

/** How many days the dashboard's charts cover. */
export const DASHBOARD_SERIES_DAYS = 30;
