type Rgb = [number, number, number];

/** `#rrggbb` or `#rgb` as [r, g, b], or null for anything else (operators type these colors by hand). */
function parseHex(hex: string): Rgb | null {
  const match = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!match?.[1]) return null;
  const digits = match[1].length === 3 ? [...match[1]].map((d) => d + d).join('') : match[1];
  const value = parseInt(digits, 16);
  return [(value >> 16) & 0xff, (value >> 8) & 0xff, value & 0xff];
}

function toHex(rgb: Rgb): string {
  return `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
}

/** Darkens a #rrggbb color by `ratio` (0.2 = 20 % darker), for the hover shade of SITE_MAIN_COLOR. */
export function darken(hex: string, ratio: number): string {
  const rgb = parseHex(hex);
  if (!rgb) return hex;
  return toHex(rgb.map((c) => c * (1 - ratio)) as Rgb);
}

/** WCAG 2 relative luminance of an sRGB color. */
function luminance([r, g, b]: Rgb): number {
  const [lr, lg, lb] = [r, g, b].map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * lr + 0.7152 * lg + 0.0722 * lb;
}

/** WCAG 2 contrast ratio (1–21) of two colors, or null when either is not a hex color. */
export function contrastRatio(a: string, b: string): number | null {
  const ca = parseHex(a);
  const cb = parseHex(b);
  if (!ca || !cb) return null;
  const [hi, lo] = [luminance(ca), luminance(cb)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * Dark or light text for an operator-chosen background (a platform tile, a pinned notice), whichever
 * contrasts more. Mid tones where neither the theme's near-black nor white reaches WCAG AA get pure black,
 * which always does there.
 */
export function readableTextOn(background: string): string | undefined {
  const onDark = contrastRatio(background, '#111827');
  const onLight = contrastRatio(background, '#ffffff');
  if (onDark === null || onLight === null) return undefined;
  if (Math.max(onDark, onLight) < 4.5) return '#000000';
  return onDark >= onLight ? '#111827' : '#ffffff';
}

function rgbToHsl([r, g, b]: Rgb): [number, number, number] {
  const [rn, gn, bn] = [r / 255, g / 255, b / 255];
  const max = Math.max(rn, gn, bn);
  const min = Math.min(rn, gn, bn);
  const l = (max + min) / 2;
  const d = max - min;
  if (d === 0) return [0, 0, l];
  const s = d / (1 - Math.abs(2 * l - 1));
  const h = max === rn ? ((gn - bn) / d + 6) % 6 : max === gn ? (bn - rn) / d + 2 : (rn - gn) / d + 4;
  return [h * 60, s, l];
}

function hslToRgb(h: number, s: number, l: number): Rgb {
  // The CSS Color 4 conversion: each channel from its offset around the hue circle.
  const a = s * Math.min(l, 1 - l);
  const channel = (n: number) => {
    const k = (n + h / 30) % 12;
    return (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))) * 255;
  };
  return [channel(0), channel(8), channel(4)];
}

/** The dark theme's body text (apps/web/src/styles/theme.css `--text`), the dimmest light text we draw. */
const DARK_THEME_TEXT = '#e8ebf2';
/** Lightness and saturation of a toned color: a tinted surface just above the dark theme's cards. */
const DARK_TONE_LIGHTNESS = 0.2;
const DARK_TONE_MAX_SATURATION = 0.32;

/**
 * An operator color (a platform tile, a pinned notice) toned for the dark theme: the same hue, but as a
 * dark tinted surface instead of the pastel chosen against the light theme, which glares on a dark page.
 * Light text on it always meets WCAG AA (4.5:1). Not a hex color: `fallback` (the theme's own color).
 */
export function toneForDarkTheme(hex: string, fallback?: string): string | undefined {
  const rgb = parseHex(hex);
  if (!rgb) return fallback;
  const [h, s, l] = rgbToHsl(rgb);
  // Already a dark color light text reads on (a deep navy): keep it as it is.
  if (l <= DARK_TONE_LIGHTNESS && (contrastRatio(hex, DARK_THEME_TEXT) ?? 0) >= 4.5) return toHex(rgb);
  let lightness = Math.min(l, DARK_TONE_LIGHTNESS);
  const saturation = Math.min(s, DARK_TONE_MAX_SATURATION);
  let toned = toHex(hslToRgb(h, saturation, lightness));
  // Saturated yellows and greens are bright at any lightness: step down until light text passes AA.
  while ((contrastRatio(toned, DARK_THEME_TEXT) ?? 0) < 4.5 && lightness > 0) {
    lightness = Math.max(0, lightness - 0.02);
    toned = toHex(hslToRgb(h, saturation, lightness));
  }
  return toned;
}
