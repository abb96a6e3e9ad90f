import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'domain', pool: 'threads', environment: 'node', include: ['src/**/*.test.ts'] },
});
