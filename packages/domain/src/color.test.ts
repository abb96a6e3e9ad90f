import { describe, expect, it } from 'vitest';
import { contrastRatio, readableTextOn, toneForDarkTheme } from './color';

/** Hue in degrees of a #rrggbb color, to prove toning keeps it. */
function hueOf(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255) as [number, number, number];
  const max = Math.max(r, g, b);
  const d = max - Math.min(r, g, b);
  const h = max === r ? ((g - b) / d + 6) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return h * 60;
}

const DARK_SURFACE = '#131b2e';
const DARK_TEXT = '#e8ebf2';
// The demo catalog's tiles and notice, and colors operators are likely to type.
const OPERATOR_COLORS = [
  '#fdf2f8',
  '#fef2f2',
  '#f1f5f9',
  '#eff6ff',
  '#f0fdf4',
  '#fef3c7',
  '#ffff00',
  '#00ff00',
  '#ffffff',
  '#dc2626',
  '#1e3a8a',
];

describe('contrastRatio', () => {
  it('follows WCAG 2: black on white is 21:1, a color on itself 1:1', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#4f46e5', '#4f46e5')).toBe(1);
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
  });

  it('is null for anything but a hex color', () => {
    expect(contrastRatio('red', '#ffffff')).toBeNull();
    expect(contrastRatio('#ffffff', '')).toBeNull();
  });
});

describe('toneForDarkTheme', () => {
  it('turns a pastel into a dark tint of the same hue', () => {
    const toned = toneForDarkTheme('#fdf2f8');
    expect(toned).toMatch(/^#[0-9a-f]{6}$/);
    expect(hueOf(toned!)).toBeCloseTo(hueOf('#fdf2f8'), -1);
    // Far darker than the pastel, and still set apart from the dark theme's cards.
    expect(contrastRatio(toned!, '#fdf2f8')!).toBeGreaterThan(8);
    expect(contrastRatio(toned!, DARK_SURFACE)!).toBeGreaterThan(1.05);
  });

  it.each(OPERATOR_COLORS)(
    '%s: light text on the toned color passes AA, and readableTextOn picks it',
    (color) => {
      const toned = toneForDarkTheme(color)!;
      expect(contrastRatio(toned, DARK_TEXT)!).toBeGreaterThanOrEqual(4.5);
      const text = readableTextOn(toned)!;
      expect(text).toBe('#ffffff');
      expect(contrastRatio(toned, text)!).toBeGreaterThanOrEqual(4.5);
    },
  );

  it('keeps a color that is already dark', () => {
    expect(toneForDarkTheme('#0b1020')).toBe('#0b1020');
  });

  it('gives no color a grey keeps: white becomes a neutral dark grey', () => {
    expect(toneForDarkTheme('#ffffff')).toBe('#333333');
    expect(toneForDarkTheme('#fff')).toBe('#333333');
  });

  it('answers the fallback for anything but a hex color', () => {
    expect(toneForDarkTheme('yellow')).toBeUndefined();
    expect(toneForDarkTheme('#fdf2f', 'var(--surface-2)')).toBe('var(--surface-2)');
    expect(toneForDarkTheme('', '#1a2338')).toBe('#1a2338');
  });
});

describe('readableTextOn in both themes', () => {
  it('picks whichever text contrasts more, and black on mid tones where neither reaches AA', () => {
    expect(readableTextOn('#00ff00')).toBe('#111827');
    expect(readableTextOn('#dc2626')).toBe('#ffffff');
    expect(readableTextOn('#808080')).toBe('#000000');
    expect(contrastRatio('#808080', '#000000')!).toBeGreaterThanOrEqual(4.5);
  });

  it.each(OPERATOR_COLORS)('%s: the chosen text passes AA on the light-theme color', (color) => {
    const text = readableTextOn(color)!;
    expect(contrastRatio(color, text)!).toBeGreaterThanOrEqual(4.5);
  });
});
