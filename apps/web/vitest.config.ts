import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineProject({
  plugins: [react()],
  resolve: { alias: { '@': decodeURIComponent(new URL('./src', import.meta.url).pathname) } },
  test: {
    name: 'web',
    // Isolated threads; the forks pool (server) shares one module graph per worker, see the root config.
    pool: 'threads',
    environment: 'jsdom',
    // Beside the server suite on two cores a user-event flow can take well over the 5 s default.
    testTimeout: 20_000,
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['@testing-library/jest-dom/vitest', './src/testing/setup-tests.ts'],
  },
});
