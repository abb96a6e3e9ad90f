#!/usr/bin/env node
/**
 * `node scripts/audit.mjs`: the production dependencies against the npm advisory database.
 *
 * Runs `npm audit --omit=dev --audit-level=high --json` and prints a summary. Exit codes:
 *   0 — no high or critical advisory (low and moderate ones are listed, not failed on);
 *   1 — at least one high or critical advisory: the list says which package and how to fix it;
 *   3 — could not check (registry unreachable, offline, an answer that is not an audit report), so a
 *       caller can tell "could not check" from "failed".
 * Not part of `npm test`: it needs the network, and an advisory published tomorrow must not turn
 * yesterday's commit red. Run it before a release (README, "Tests").
 */
import { spawnSync } from 'node:child_process';

const FAIL_ON = new Set(['high', 'critical']);
const COULD_NOT_CHECK = 3;

const run = spawnSync('npm', ['audit', '--omit=dev', '--audit-level=high', '--json'], {
  encoding: 'utf8',
  maxBuffer: 64 * 1024 * 1024,
  shell: process.platform === 'win32',
});

function couldNotCheck(reason) {
  console.error(`npm audit: could not check the advisories (${reason}).`);
  console.error('Nothing was decided: run it again with access to the npm registry.');
  process.exit(COULD_NOT_CHECK);
}

if (run.error) couldNotCheck(run.error.message);

let report;
try {
  report = JSON.parse(run.stdout);
} catch {
  const detail = (run.stderr || run.stdout || '').trim().split('\n').slice(-3).join(' ');
  couldNotCheck(detail || `npm exited with ${run.status} and no report`);
}

// npm reports a registry it could not reach as { error: { code, summary, detail } }.
// A registry or proxy without the audit endpoint answers e.g. 405 with { message, statusCode, error }.
if (report.error) {
  const { code, summary } = report.error;
  const reason = [code, summary, report.message].filter(Boolean).join(': ');
  couldNotCheck(reason || `npm reported an error${report.statusCode ? ` (HTTP ${report.statusCode})` : ''}`);
}
if (!report.metadata?.vulnerabilities || typeof report.vulnerabilities !== 'object') {
  couldNotCheck('the answer is not an npm audit v2 report');
}

const counts = report.metadata.vulnerabilities;
const dependencies = report.metadata.dependencies?.prod ?? report.metadata.dependencies?.total;
const entries = Object.values(report.vulnerabilities);
const severe = entries.filter((entry) => FAIL_ON.has(entry.severity));

function fixOf(entry) {
  const fix = entry.fixAvailable;
  if (fix === true) return 'fix: npm audit fix';
  if (fix && typeof fix === 'object') {
    return `fix: ${fix.name}@${fix.version}${fix.isSemVerMajor ? ' (a major version)' : ''}`;
  }
  return 'no fix published yet';
}

function titlesOf(entry) {
  const titles = entry.via.filter((via) => typeof via === 'object').map((via) => via.title);
  const through = entry.via.filter((via) => typeof via === 'string');
  return [...titles, ...(through.length ? [`through ${through.join(', ')}`] : [])].join('; ');
}

console.log(
  `npm audit (production dependencies${dependencies ? `: ${dependencies}` : ''}): ` +
    `critical ${counts.critical ?? 0}, high ${counts.high ?? 0}, moderate ${counts.moderate ?? 0}, ` +
    `low ${counts.low ?? 0}, info ${counts.info ?? 0}`,
);
for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
  const mark = FAIL_ON.has(entry.severity) ? '✗' : '·';
  console.log(
    `  ${mark} ${entry.name} ${entry.range} — ${entry.severity}: ${titlesOf(entry)} (${fixOf(entry)})`,
  );
}
if (severe.length > 0) {
  console.error(
    `${severe.length} package(s) with a high or critical advisory: update them (see the fix above).`,
  );
  process.exit(1);
}
console.log('No high or critical advisory.');
