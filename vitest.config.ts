import { defineConfig } from 'vitest/config';

// Every test runs in the members' time zone, whatever the machine's: the site shows Korean time
// (yyyy-MM-dd HH:mm:ss), and a test of it must pass on a UTC CI runner too. Set before any worker
// starts, so every project inherits it.
process.env.TZ = 'Asia/Seoul';

// One runner, four projects: each package keeps its own environment and setup.
export default defineConfig({
  test: {
    // Only the server project runs on forks (see apps/server/vitest.config.ts); the others use isolated
    // threads. Vitest reads pool options from the root config only.
    poolOptions: { forks: { isolate: false } },
    projects: ['packages/domain', 'apps/server', 'apps/web', 'tooling'],
  },
});
