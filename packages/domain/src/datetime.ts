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
