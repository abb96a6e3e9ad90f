import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { applyTheme, resolveInitialTheme } from '@/lib/theme';
import { App } from '@/app/app';
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
