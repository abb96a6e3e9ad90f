import { defineConfig, type ProxyOptions } from 'vite';
import react from '@vitejs/plugin-react';

const srcDir = decodeURIComponent(new URL('./src', import.meta.url).pathname);
const apiTarget = 'http://127.0.0.1:3001';

// /auth/naver and /api are also SPA pages: a browser navigation (Accept: text/html) gets index.html,
// while fetch calls (Accept: application/json) go to the server. /auth/naver/authorize is the one
// navigation the server answers (its 302 to Naver's sign-in page, opened in the login popup).
const spaAware: ProxyOptions = {
  target: apiTarget,
  bypass: (req) =>
    req.headers.accept?.includes('text/html') && !req.url?.startsWith('/auth/naver/authorize')
      ? '/index.html'
      : undefined,
};

export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@': srcDir } },
  // dist/.vite/manifest.json maps each source module to its chunk and that chunk's static imports and
  // CSS: scripts/size.mjs reads it to add up what each route loads first.
  build: { manifest: true },
  server: {
    proxy: {
      '/service': { target: apiTarget },
      '/auth': spaAware,
      '^/api/': spaAware,
      '/hooks': { target: apiTarget },
      '/admin/api': { target: apiTarget },
      '/uploads': { target: apiTarget },
    },
  },
  preview: {
    proxy: {
      '/service': { target: apiTarget },
      '/auth': spaAware,
      '^/api/': spaAware,
      '/hooks': { target: apiTarget },
      '/admin/api': { target: apiTarget },
      '/uploads': { target: apiTarget },
    },
  },
});
