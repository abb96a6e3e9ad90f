import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { applyTheme, resolveInitialTheme } from '@/lib/theme';
import { App } from '@/app/app';
// Pretendard, self-hosted: Vite bundles the woff2 subsets; the browser fetches only the ranges a page uses.
import 'pretendard/dist/web/variable/pretendardvariable-dynamic-subset.css';
import './styles/theme.css';
import './styles/base.css';

// Applied before the first paint so a dark-mode visitor never sees a light flash.
applyTheme(resolveInitialTheme());

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
