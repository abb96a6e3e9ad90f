import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // Argon2 and migrations make the first requests of a file slower than unit tests.
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
