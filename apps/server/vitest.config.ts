import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // Forks without isolation (set in the root config, where Vitest reads pool options): the test files
    // of a worker share one module graph, hence one in-memory PGlite (see test/test-app.ts), because
    // booting PGlite costs more than a file's tests. Every file resets the database before its tests.
    pool: 'forks',
    // Argon2 and migrations make the first requests of a file slower than unit tests.
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
