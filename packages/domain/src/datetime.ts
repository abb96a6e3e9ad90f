const pad = (n: number) => String(n).padStart(2, '0');

/** year-month-day hour:minute:second in the viewer's local time (docs/product.md#display-constants). */
export function formatDateTime(value: Date | string | number): string {
  const d = new Date(value);
  return (
    `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ` +
    `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`
  );
}

/** yyyyMMdd in the viewer's local time (the popup dismissal store uses seoulDateKey, in Seoul time). */
export function formatDateKey(value: Date): string {
  return `${value.getFullYear()}${pad(value.getMonth() + 1)}${pad(value.getDate())}`;
}

/** Korea Standard Time is UTC+9 all year (no daylight saving since 1988). */
export const SEOUL_OFFSET_MS = 9 * 60 * 60 * 1000;

/**
 * The Seoul wall clock of an instant, zero-padded (year '2026', month '01', day '05', hour '07',
 * minute '08', second '09'), computed from UTC alone: the same answer whatever the machine's time zone.
 */
export function seoulClock(value: Date | string | number) {
  const wall = new Date(new Date(value).getTime() + SEOUL_OFFSET_MS);
  return {
    year: String(wall.getUTCFullYear()),
    month: pad(wall.getUTCMonth() + 1),
    day: pad(wall.getUTCDate()),
    hour: pad(wall.getUTCHours()),
    minute: pad(wall.getUTCMinutes()),
    second: pad(wall.getUTCSeconds()),
  };
}
/**
 * yyyy-MM-dd HH:mm:ss in Seoul time, whatever the machine's zone (the operator reads bank times, which
 * are Korean): the console's tables and CSV files. Seconds as everywhere on the site
 * (docs/product.md#display-constants): two events in the same minute stay apart.
 */
export function formatSeoulDateTime(value: Date | string | number): string {
  const { year, month, day, hour, minute, second } = seoulClock(value);
  return `${year}-${month}-${day} ${hour}:${minute}:${second}`;
}

/**
 * The Seoul date of an instant ('2026-11-29'), whatever the machine's zone: the day a daily job (the
 * grade run) has run, or is due.
 */
export function seoulDay(value: Date): string {
  const { year, month, day } = seoulClock(value);
  return `${year}-${month}-${day}`;
}
