/** Dark or light text for an operator-chosen background, so pastel tiles stay readable in dark mode. */
export function readableTextOn(background: string): string | undefined {
  const match = /^#([0-9a-f]{6})$/i.exec(background.trim());
  if (!match?.[1]) return undefined;
  const value = parseInt(match[1], 16);
  const [r, g, b] = [(value >> 16) & 0xff, (value >> 8) & 0xff, value & 0xff];
  // Perceived brightness (ITU-R BT.601 weights).
  return (r * 299 + g * 587 + b * 114) / 1000 > 150 ? '#111827' : '#ffffff';
}
