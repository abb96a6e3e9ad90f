import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@smm/domain';
import { applyTheme, resolveInitialTheme } from '@/lib/theme';
import { installMatchMedia } from '@/testing/match-media';
import { ThemeToggle } from './theme-toggle';

describe('theme', () => {
  it('follows prefers-color-scheme when nothing is stored, and saves it', () => {
    installMatchMedia(true);
    expect(resolveInitialTheme()).toBe('dark');
    expect(localStorage.getItem(STORAGE_KEYS.DARK_MODE)).toBe('true');
  });

  it('saves light when the system prefers light', () => {
    installMatchMedia(false);
    expect(resolveInitialTheme()).toBe('light');
    expect(localStorage.getItem(STORAGE_KEYS.DARK_MODE)).toBe('false');
  });

  it('a stored choice wins over the system preference', () => {
    installMatchMedia(true);
    localStorage.setItem(STORAGE_KEYS.DARK_MODE, 'false');
    expect(resolveInitialTheme()).toBe('light');
  });

  it('toggling writes DARK_MODE and data-theme both ways', async () => {
    applyTheme('light');
    render(<ThemeToggle />);

    await userEvent.click(screen.getByRole('button', { name: '다크 모드로 전환' }));
    expect(localStorage.getItem(STORAGE_KEYS.DARK_MODE)).toBe('true');
    expect(document.documentElement.dataset.theme).toBe('dark');

    await userEvent.click(screen.getByRole('button', { name: '라이트 모드로 전환' }));
    expect(localStorage.getItem(STORAGE_KEYS.DARK_MODE)).toBe('false');
    expect(document.documentElement.dataset.theme).toBe('light');
  });
});
