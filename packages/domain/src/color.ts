/** Darkens a #rrggbb colour by `ratio` (0.2 = 20 % darker), for the hover shade of SITE_MAIN_COLOR. */
export function darken(hex: string, ratio: number): string {
  const match = /^#([0-9a-f]{6})$/i.exec(hex.trim());
  if (!match?.[1]) return hex;
  const value = parseInt(match[1], 16);
  const channel = (shift: number) => {
    const c = (value >> shift) & 0xff;
    return Math.round(c * (1 - ratio))
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(16)}${channel(8)}${channel(0)}`;
}
