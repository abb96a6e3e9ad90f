import type { CSSProperties } from 'react';
import { readableTextOn, toneForDarkTheme } from '@smm/domain';

/**
 * An operator-chosen background (platform tile, pinned notice) as CSS variables for both themes:
 * `--<name>-bg-light` / `--<name>-fg-light` as chosen, `--<name>-bg-dark` / `--<name>-fg-dark` toned down
 * for the dark theme. order.css picks the pair by `data-theme`, so a theme toggle needs no re-render.
 * A color that is not #rrggbb keeps its light value (the browser may know it) and gets no dark one.
 */
export function operatorColorVars(name: string, color: string): CSSProperties {
  const dark = toneForDarkTheme(color);
  const vars: Record<string, string | undefined> = {
    [`--${name}-bg-light`]: color,
    [`--${name}-fg-light`]: readableTextOn(color),
    [`--${name}-bg-dark`]: dark,
    [`--${name}-fg-dark`]: dark && readableTextOn(dark),
  };
  return vars as CSSProperties;
}
