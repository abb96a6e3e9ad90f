const pad = (n: number) => String(n).padStart(2, '0');

/** year-month-day hour:minute:second in the viewer's local time (SPEC.md §9). */
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

/**
 * yyyy-MM-dd HH:mm in Seoul time, whatever the machine's zone (the operator reads bank times, which
 * are Korean): the console's tables and CSV files.
 */
export function formatSeoulDateTime(value: Date | string | number): string {
  const seoul = new Date(new Date(value).getTime() + 9 * 3600_000);
  return (
    `${seoul.getUTCFullYear()}-${pad(seoul.getUTCMonth() + 1)}-${pad(seoul.getUTCDate())} ` +
    `${pad(seoul.getUTCHours())}:${pad(seoul.getUTCMinutes())}`
  );
}
