/** `#rrggbb` as [r, g, b], or null for anything else (operators type these colours by hand). */
function parseHex(hex: string): [number, number, number] | null {
  const match = /^#([0-9a-f]{6})$/i.exec(hex.trim());
  if (!match?.[1]) return null;
  const value = parseInt(match[1], 16);
  return [(value >> 16) & 0xff, (value >> 8) & 0xff, value & 0xff];
}

/** Darkens a #rrggbb colour by `ratio` (0.2 = 20 % darker), for the hover shade of SITE_MAIN_COLOR. */
export function darken(hex: string, ratio: number): string {
  const rgb = parseHex(hex);
  if (!rgb) return hex;
  return `#${rgb
    .map((c) =>
      Math.round(c * (1 - ratio))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** Dark or light text for an operator-chosen background, so pastel tiles stay readable in dark mode. */
export function readableTextOn(background: string): string | undefined {
  const rgb = parseHex(background);
  if (!rgb) return undefined;
  const [r, g, b] = rgb;
  // Perceived brightness (ITU-R BT.601 weights).
  return (r * 299 + g * 587 + b * 114) / 1000 > 150 ? '#111827' : '#ffffff';
}
