#!/usr/bin/env node
// `npm test`: every test, in order of speed —
//   1. unit and component tests (domain, web, tooling), then the server suite on PGlite (vitest),
//   2. the same server suite on a real PostgreSQL cluster this script starts itself
//      (when Debian's postgresql binaries are present; CI requires that it ran),
//   2b. the crash tests (real server processes SIGKILLed mid-traffic) alone, on PGlite and PostgreSQL,
//   3. the end-to-end tests in the system Chromium against the built product (Playwright).
// It ends with what failed, by name (CI shows only the tail of the output), then one plain line
// "N passed, M failed", and writes .tmp/test-summary.json for CI.
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

/** Names of what failed, kept for the summary at the end (CI shows only the tail of the output). */
const failures = [];

/**
 * The first lines of why a test failed, indented under its name: CI keeps only the tail of the log,
 * and the runner's own report of the failure is far above it.
 */
function firstLines(messages) {
  const lines = messages
    .join('\n')
    // Playwright's messages carry terminal colors.
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
  const message = lines.filter((line) => !line.startsWith('at ')).slice(0, 5);
  // Where it failed: the first stack frame in the project's own code.
  const where = lines.find((line) => line.startsWith('at ') && !/node_modules|node:internal/.test(line));
  return [...message, ...(where ? [where] : [])].map((line) => `\n      ${line.slice(0, 240)}`).join('');
}

function vitestCounts(file, label) {
  if (!existsSync(file)) {
    failures.push(`${label}: no report written (the runner crashed or was killed)`);
    return { passed: 0, failed: 1 };
  }
  const report = JSON.parse(readFileSync(file, 'utf8'));
  for (const suite of report.testResults ?? []) {
    const path = suite.name.replace(`${root}/`, '');
    const failed = (suite.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const t of failed) {
      failures.push(`${label}: ${path} › ${t.fullName}${firstLines(t.failureMessages ?? [])}`);
    }
    if (suite.status === 'failed' && failed.length === 0) {
      failures.push(`${label}: ${path} did not run: ${(suite.message ?? '').split('\n')[0].slice(0, 200)}`);
    }
  }
  // A suite that failed to load counts as one failure even when no single test failed.
  const loadFailure = !report.success && report.numFailedTests === 0 ? 1 : 0;
  if (loadFailure && !failures.some((f) => f.startsWith(`${label}:`))) {
    failures.push(`${label}: the run failed outside any test (an unhandled error; see its output)`);
  }
  return { passed: report.numPassedTests, failed: report.numFailedTests + loadFailure };
}

function record(stage, status, counts) {
  summary.stages[stage] = { status, ...counts };
  summary.passed += counts.passed;
  summary.failed += counts.failed;
}

// 1. vitest: domain, web and tooling, then the server on PGlite (two runs: on a small machine the
//    server's forks and the web's jsdom threads at once starve each other past their time limits)
{
  const counts = { passed: 0, failed: 0 };
  let code = 0;
  for (const [label, projects] of [
    ['unit', ['domain', 'web', 'tooling']],
    ['server', ['server']],
  ]) {
    const file = join(out, `vitest-${label}.json`);
    code |= run(`${label} tests${label === 'server' ? ' (PGlite)' : ''}`, npx, [
      'vitest',
      'run',
      ...projects.flatMap((p) => ['--project', p]),
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${file}`,
    ]);
    const c = vitestCounts(file, label);
    counts.passed += c.passed;
    counts.failed += c.failed;
  }
  record('vitest', code === 0 ? 'passed' : 'failed', counts);
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
  record('postgres', code === 0 ? 'passed' : 'failed', vitestCounts(file, 'postgres'));
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
  const counts = vitestCounts(file, 'crash');
  if (findPostgresBin()) {
    const pgFile = join(out, 'vitest-crash-postgres.json');
    const pgCode = run(
      'crash safety (PostgreSQL)',
      process.execPath,
      ['scripts/with-postgres.mjs', npx, ...args, ...report, `--outputFile.json=${pgFile}`],
      { CRASH_TESTS: '1' },
    );
    const pg = vitestCounts(pgFile, 'crash (PostgreSQL)');
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
    const report = JSON.parse(readFileSync(file, 'utf8'));
    const { stats } = report;
    counts = { passed: stats.expected, failed: stats.unexpected + stats.flaky };
    const visit = (suite, titles) => {
      for (const spec of suite.specs ?? []) {
        for (const test of spec.tests ?? []) {
          if (test.status === 'unexpected' || test.status === 'flaky') {
            const errors = (test.results ?? []).flatMap((r) => (r.error?.message ? [r.error.message] : []));
            failures.push(
              `e2e (${test.status}): ${[...titles, spec.title].join(' › ')} (${spec.file}:${spec.line})` +
                firstLines(errors.slice(0, 1)),
            );
          }
        }
      }
      for (const child of suite.suites ?? []) visit(child, [...titles, child.title]);
    };
    for (const suite of report.suites ?? []) visit(suite, []);
  } else {
    failures.push(buildCode === 0 ? 'e2e: no report written' : 'e2e: the build failed');
  }
  record('e2e', code === 0 && counts.failed === 0 && counts.passed > 0 ? 'passed' : 'failed', counts);
}

summary.failures = failures;
writeFileSync(join(out, 'test-summary.json'), JSON.stringify(summary, null, 2));
console.log('\n=== summary ===');
for (const [stage, s] of Object.entries(summary.stages)) {
  console.log(`${stage.padEnd(9)} ${s.status.padEnd(8)} ${s.passed} passed, ${s.failed} failed`);
}
if (failures.length > 0) {
  console.log('\nfailed:');
  for (const f of failures.slice(0, 40)) console.log(`  ${f}`);
  if (failures.length > 40) console.log(`  … and ${failures.length - 40} more`);
}
console.log(`${summary.passed} passed, ${summary.failed} failed`);
const ok = Object.values(summary.stages).every((s) => s.status !== 'failed');
process.exit(ok ? 0 : 1);
