import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // The crash tests start real server processes and SIGKILL them: run alongside every other file on two
    // cores they starve; `npm test` runs them in a stage of their own, one file at a time (CRASH_TESTS=1).
    exclude: process.env.CRASH_TESTS === '1' ? [] : ['src/invariants/crash.test.ts'],
    // Forks without isolation (set in the root config, where Vitest reads pool options): the test files
    // of a worker share one module graph, hence one in-memory PGlite (see test/test-app.ts), because
    // booting PGlite costs more than a file's tests. Every file resets the database before its tests.
    pool: 'forks',
    // Argon2 and migrations make the first requests of a file slower than unit tests.
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
