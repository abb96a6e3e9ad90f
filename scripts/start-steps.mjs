// The pieces of `npm start` (scripts/start.mjs), apart so tooling/start.test.ts can run them:
// a build that is quiet unless it fails, the demo's operator, the server, and the summary printed last.
// docs/ARCHITECTURE.md#the-first-start-and-the-log says why each is so.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** What `npm start` builds when its result is missing (`npm run build` rebuilds both). */
export function buildSteps(root, env = process.env) {
  return [
    // WEB_DIST set: the server serves that folder, and building ours would be for nothing.
    ...(env.WEB_DIST ? [] : [{ name: 'the web app', artifact: join(root, 'apps/web/dist/index.html') }]),
    { name: 'the server', artifact: join(root, 'apps/server/dist/main.js') },
  ]
    .filter((step) => !existsSync(step.artifact))
    .map((step) => ({
      ...step,
      command: npm,
      args: ['run', 'build', '-w', step.name === 'the server' ? '@smm/server' : '@smm/web'],
    }));
}

/**
 * Runs the steps one after the other with their output kept, not shown: a build that works says one
 * line (the web build alone prints a line per font file, some two hundred). A step that fails prints
 * everything it said, then which step failed; the result is false and nothing after it runs.
 */
export async function buildQuietly(steps, { cwd, out = process.stdout } = {}) {
  if (steps.length === 0) return true;
  const started = Date.now();
  out.write(`start: building ${steps.map((step) => step.name).join(' and ')} (first start only)…\n`);
  for (const step of steps) {
    const { code, output } = await new Promise((done) => {
      const chunks = [];
      const child = spawn(step.command, step.args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
      child.stdout.on('data', (chunk) => chunks.push(chunk));
      child.stderr.on('data', (chunk) => chunks.push(chunk));
      child.on('error', (error) => done({ code: 1, output: `${Buffer.concat(chunks)}${error.message}\n` }));
      child.on('close', (exit, signal) =>
        done({ code: exit ?? (signal ? 1 : 0), output: Buffer.concat(chunks).toString() }),
      );
    });
    if (code !== 0) {
      out.write(output.endsWith('\n') || output === '' ? output : `${output}\n`);
      out.write(`start: building ${step.name} failed (exit ${code}); what it printed is above\n`);
      return false;
    }
  }
  out.write(`start: built in ${Math.round((Date.now() - started) / 1000)} s\n`);
  return true;
}

/**
 * The demo's operator. Without ADMIN_ID, `npm start` (the demo) makes the operator `admin` with a random
 * password kept in DATA_DIR/demo-operator-password (readable by its owner only), so a newcomer can open
 * the console at once and no installation ever has a well-known operator password. The password is
 * shown on the start that made it; later starts name the file. ADMIN_ID / ADMIN_PASSWORD (never shown)
 * or SEED_DEMO_DATA=false choose otherwise. The demo also asks the server for its demo members
 * (SEED_DEMO_MEMBERS; once per database): one with two orders and three 1:1 문의, a reseller with a grade
 * and own rates, and a referral pair with a pending reward, so the console's screens have something in them.
 */
export function demoOperator(env = process.env) {
  if (env.ADMIN_ID) return { env: {}, operator: { id: env.ADMIN_ID, chosen: true } };
  if (env.SEED_DEMO_DATA === 'false') return { env: {}, operator: undefined };
  const dataDir = resolve(env.DATA_DIR ?? './data');
  const file = join(dataDir, 'demo-operator-password');
  const generated = !existsSync(file);
  if (generated) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, `${randomBytes(9).toString('hex')}\n`, { mode: 0o600 });
  }
  const password = readFileSync(file, 'utf8').trim();
  return {
    env: {
      ADMIN_ID: 'admin',
      ADMIN_PASSWORD: password,
      SEED_DEMO_MEMBERS: env.SEED_DEMO_MEMBERS ?? 'true',
    },
    operator: { id: 'admin', file, ...(generated ? { password } : {}) },
  };
}

/**
 * The block `npm start` ends its start with. The links come from the server (siteLink over
 * PUBLIC_URL or the address it listens on), so they name the site as its e-mails and Naver do.
 */
export function summaryBlock(ready, operator) {
  const database = ready.database === 'pglite' ? 'embedded PGlite' : 'PostgreSQL (DATABASE_URL)';
  const lines = ['', 'SMM panel is running (SMM 패널 실행 중)', `  site      ${ready.siteUrl}`];
  if (!operator) {
    lines.push(`  console   ${ready.consoleUrl} — no operator: set ADMIN_ID and ADMIN_PASSWORD`);
  } else if (operator.chosen) {
    lines.push(`  console   ${ready.consoleUrl} — id ${operator.id}, the password of ADMIN_PASSWORD`);
  } else if (operator.password) {
    lines.push(`  console   ${ready.consoleUrl} — id ${operator.id}, password ${operator.password}`);
    lines.push(`            (made now and kept in ${operator.file}; shown this once)`);
  } else {
    lines.push(`  console   ${ready.consoleUrl} — id ${operator.id}, password in ${operator.file}`);
  }
  lines.push(`  data      ${ready.dataDir} (${database})`, '  stop      Ctrl+C', '');
  return lines.join('\n');
}

/** A signal this soon after the last one passed on is the same keypress delivered again. */
const SAME_SIGNAL_MS = 1000;

/**
 * Runs the built server (`command args`) with an IPC channel: once it listens it sends its links and
 * the summary is printed after its own lines. Resolves with its exit code.
 *
 * One Ctrl+C reaches us twice (from the terminal, and passed on by npm), so the server runs in its own
 * process group, where the terminal's copy does not reach it, and we pass a signal on once a moment:
 * the server's own rule stays plain (a second signal exits at once, docs/deploy.md). A start.mjs that
 * is gone takes the server with it through the IPC channel's disconnect.
 */
export function serve({ command, args, env, operator, out = process.stdout, onReady }) {
  const server = spawn(command, args, {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env,
    detached: true,
  });
  let passedOnAt = -Infinity;
  const forward = (signal) => {
    if (Date.now() - passedOnAt < SAME_SIGNAL_MS) return;
    passedOnAt = Date.now();
    server.kill(signal);
  };
  process.on('SIGINT', forward);
  process.on('SIGTERM', forward);
  server.on('message', (message) => {
    if (message?.type !== 'smm-ready') return;
    out.write(`${summaryBlock(message, operator)}\n`);
    onReady?.(message);
  });
  return new Promise((done) => {
    server.on('exit', (code, signal) => {
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      done(code ?? (signal ? 1 : 0));
    });
  });
}
