#!/usr/bin/env node
// `npm test`: every test, in order of speed —
//   1. unit and component tests (domain, web) and the server suite on PGlite (vitest),
//   2. the same server suite on a real PostgreSQL cluster this script starts itself
//      (when Debian's postgresql binaries are present; CI requires that it ran),
//   2b. the crash tests (real server processes SIGKILLed mid-traffic) alone, on PGlite and PostgreSQL,
//   3. the end-to-end tests in the system Chromium against the built product (Playwright).
// It ends with one plain line "N passed, M failed" and writes .tmp/test-summary.json for CI.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findPostgresBin } from './postgres-bin.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, '.tmp');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const env = { ...process.env, TZ: 'Asia/Seoul', PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' };
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

const summary = { passed: 0, failed: 0, stages: {} };

function run(label, command, args, extraEnv = {}) {
  console.log(`\n=== ${label} ===`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...env, ...extraEnv } });
  return result.status ?? 1;
}

function vitestCounts(file) {
  if (!existsSync(file)) return { passed: 0, failed: 1 };
  const report = JSON.parse(readFileSync(file, 'utf8'));
  // A suite that failed to load counts as one failure even when no single test failed.
  const loadFailure = !report.success && report.numFailedTests === 0 ? 1 : 0;
  return { passed: report.numPassedTests, failed: report.numFailedTests + loadFailure };
}

function record(stage, status, counts) {
  summary.stages[stage] = { status, ...counts };
  summary.passed += counts.passed;
  summary.failed += counts.failed;
}

// 1. vitest: domain, web, server on PGlite
{
  const file = join(out, 'vitest.json');
  const code = run('unit, component and server tests (PGlite)', npx, [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${file}`,
  ]);
  record('vitest', code === 0 ? 'passed' : 'failed', vitestCounts(file));
}

// 2. server suite on PostgreSQL
if (findPostgresBin()) {
  const file = join(out, 'vitest-postgres.json');
  const code = run('server tests on PostgreSQL', process.execPath, [
    'scripts/with-postgres.mjs',
    npx,
    'vitest',
    'run',
    '--project',
    'server',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${file}`,
  ]);
  record('postgres', code === 0 ? 'passed' : 'failed', vitestCounts(file));
} else {
  console.log(
    '\n=== server tests on PostgreSQL: SKIPPED (no postgresql binaries; apt-get install postgresql) ===',
  );
  summary.stages.postgres = { status: 'skipped', passed: 0, failed: 0 };
}

// 2b. crash safety: real server processes SIGKILLed mid-traffic, alone (not beside other test files)
{
  const file = join(out, 'vitest-crash.json');
  const args = ['vitest', 'run', '--project', 'server', 'apps/server/src/invariants/crash.test.ts'];
  const report = ['--reporter=default', '--reporter=json'];
  let code = run('crash safety (PGlite)', npx, [...args, ...report, `--outputFile.json=${file}`], {
    CRASH_TESTS: '1',
  });
  const counts = vitestCounts(file);
  if (findPostgresBin()) {
    const pgFile = join(out, 'vitest-crash-postgres.json');
    const pgCode = run(
      'crash safety (PostgreSQL)',
      process.execPath,
      ['scripts/with-postgres.mjs', npx, ...args, ...report, `--outputFile.json=${pgFile}`],
      { CRASH_TESTS: '1' },
    );
    const pg = vitestCounts(pgFile);
    counts.passed += pg.passed;
    counts.failed += pg.failed;
    code = code || pgCode;
  }
  record('crash', code === 0 ? 'passed' : 'failed', counts);
}

// 3. end-to-end in Chromium
{
  const buildCode = run('build the product', npm, ['run', 'build']);
  const file = join(out, 'playwright.json');
  let code = buildCode;
  if (buildCode === 0) {
    code = run('end-to-end tests (Chromium)', npx, ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], {
      PLAYWRIGHT_JSON_OUTPUT_NAME: file,
    });
  }
  let counts = { passed: 0, failed: 1 };
  if (existsSync(file)) {
    const { stats } = JSON.parse(readFileSync(file, 'utf8'));
    counts = { passed: stats.expected, failed: stats.unexpected + stats.flaky };
  }
  record('e2e', code === 0 && counts.failed === 0 && counts.passed > 0 ? 'passed' : 'failed', counts);
}

writeFileSync(join(out, 'test-summary.json'), JSON.stringify(summary, null, 2));
console.log('\n=== summary ===');
for (const [stage, s] of Object.entries(summary.stages)) {
  console.log(`${stage.padEnd(9)} ${s.status.padEnd(8)} ${s.passed} passed, ${s.failed} failed`);
}
console.log(`${summary.passed} passed, ${summary.failed} failed`);
const ok = Object.values(summary.stages).every((s) => s.status !== 'failed');
process.exit(ok ? 0 : 1);
