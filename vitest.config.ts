import { defineConfig } from 'vitest/config';

// One runner, three projects: each package keeps its own environment and setup.
export default defineConfig({
  test: {
    projects: ['packages/domain', 'apps/server', 'apps/web', 'tooling'],
  },
});
