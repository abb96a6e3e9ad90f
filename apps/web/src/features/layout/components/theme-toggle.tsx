import { Moon, Sun } from 'lucide-react';
import { saveTheme, useTheme, type Theme } from '@/lib/theme';
import './layout.css';

/** Light/dark switch; the choice is kept in localStorage DARK_MODE (docs/product.md#shared-elements). */
export function ThemeToggle() {
  const theme = useTheme();
  const next: Theme = theme === 'dark' ? 'light' : 'dark';

  return (
    <button
      type="button"
      className="theme-toggle"
      aria-label={next === 'dark' ? '다크 모드로 전환' : '라이트 모드로 전환'}
      title={next === 'dark' ? '다크 모드' : '라이트 모드'}
      onClick={() => saveTheme(next)}
    >
      {theme === 'dark' ? <Sun size={18} aria-hidden /> : <Moon size={18} aria-hidden />}
    </button>
  );
}
