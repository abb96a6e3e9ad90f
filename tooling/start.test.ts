import { spawn } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { buildQuietly, serve } from '../scripts/start-steps.mjs';

/**
 * `npm start` (scripts/start.mjs), docs/ARCHITECTURE.md#the-first-start-and-the-log: a build that
 * works says one line, a readable log with no line per request, and a summary printed last that names
 * the site by one address.
 */
const repo = join(import.meta.dirname, '..');
const temporary = mkdtempSync(join(tmpdir(), 'smm-start-'));
afterAll(() => rmSync(temporary, { recursive: true, force: true }));

function collector() {
  let text = '';
  return { write: (chunk: string) => (text += chunk), text: () => text };
}
const linesOf = (text: string) => text.split('\n').filter((line) => line.trim() !== '');

/** A step like the web build: a line per font file, some two hundred, then `exit`. */
function noisyStep(name: string, exit: number, marker?: string) {
  const script = [
    `for (let i = 0; i < 200; i++) console.log('dist/assets/PretendardVariable.subset.' + i + '.woff2  8.25 kB');`,
    exit === 0 ? '' : `console.error('error during build: Could not resolve "./missing"');`,
    marker ? `require('fs').writeFileSync(${JSON.stringify(marker)}, '');` : '',
    `process.exit(${exit});`,
  ].join('\n');
  return { name, command: process.execPath, args: ['-e', script] };
}

describe('the build of npm start', () => {
  it('says one line before and one after a build that works, however much the build printed', async () => {
    const out = collector();
    const ok = await buildQuietly([noisyStep('the web app', 0), noisyStep('the server', 0)], {
      cwd: repo,
      out,
    });
    expect(ok).toBe(true);
    const lines = linesOf(out.text());
    expect(lines).toHaveLength(2);
    expect(lines[0]).toBe('start: building the web app and the server (first start only)…');
    expect(lines[1]).toMatch(/^start: built in \d+ s$/);
  });

  it('prints all a failing build said, names the step, and runs nothing after it', async () => {
    const out = collector();
    const marker = join(temporary, 'second-step-ran');
    const ok = await buildQuietly([noisyStep('the web app', 2), noisyStep('the server', 0, marker)], {
      cwd: repo,
      out,
    });
    expect(ok).toBe(false);
    const lines = linesOf(out.text());
    expect(lines.filter((line) => line.endsWith('.woff2  8.25 kB'))).toHaveLength(200);
    expect(lines).toContain('error during build: Could not resolve "./missing"');
    expect(lines.at(-1)).toBe('start: building the web app failed (exit 2); what it printed is above');
    expect(existsSync(marker)).toBe(false);
  });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * A copy of the repository's layout in which both builds exist: start.mjs and its steps as they are,
 * a web build of one page, and a "server bundle" that runs the server's source (so the test runs the
 * code as it is now, with nothing to build).
 */
function productRoot(): string {
  const root = mkdtempSync(join(temporary, 'root-'));
  mkdirSync(join(root, 'scripts'));
  for (const file of ['start.mjs', 'start-steps.mjs']) {
    copyFileSync(join(repo, 'scripts', file), join(root, 'scripts', file));
  }
  mkdirSync(join(root, 'apps/web/dist'), { recursive: true });
  writeFileSync(join(root, 'apps/web/dist/index.html'), '<!doctype html><title>SMM 패널</title>');
  mkdirSync(join(root, 'apps/server/dist'), { recursive: true });
  const tsx = pathToFileURL(join(repo, 'node_modules/tsx/dist/esm/api/index.mjs')).href;
  const main = pathToFileURL(join(repo, 'apps/server/src/main.ts')).href;
  writeFileSync(
    join(root, 'apps/server/dist/main.js'),
    `import { register } from ${JSON.stringify(tsx)};\nregister();\nawait import(${JSON.stringify(main)});\n`,
  );
  return root;
}

interface Run {
  stdout: () => string;
  stderr: () => string;
  waitFor: (text: string, timeoutMs?: number) => Promise<void>;
  /** The signal to start.mjs alone, or twice to its whole process group (what a terminal's Ctrl+C does). */
  stop: (signal: NodeJS.Signals, group: boolean) => Promise<number | null>;
}

function npmStart(root: string, extraEnv: Record<string, string>): Run {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    TZ: 'Asia/Seoul',
    ...extraEnv,
  };
  const child = spawn(process.execPath, [join(root, 'scripts/start.mjs')], {
    cwd: root,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    stdout: () => stdout,
    stderr: () => stderr,
    waitFor: async (text, timeoutMs = 150_000) => {
      const deadline = Date.now() + timeoutMs;
      while (!stdout.includes(text)) {
        if (child.exitCode !== null || Date.now() > deadline) {
          throw new Error(`no "${text}" in:\n${stdout}\n${stderr}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    stop: async (signal, group) => {
      try {
        process.kill(group ? -child.pid! : child.pid!, signal);
      } catch {
        // It had already exited (a failed start): its exit code says so, and the test's own failure is
        // the one reported, not this kill's.
        return exited;
      }
      if (group) {
        // The same Ctrl+C again a moment later, as when npm passes the terminal's copy on too.
        await new Promise((resolve) => setTimeout(resolve, 20));
        try {
          process.kill(-child.pid!, signal);
        } catch {
          // Everyone had stopped already.
        }
      }
      return exited;
    },
  };
}

describe('the server under npm start', () => {
  it('gets one Ctrl+C once, though it reaches start.mjs twice (the terminal, and npm passing it on)', async () => {
    // The stand-in server counts the SIGINTs it gets and exits with that count.
    const script = [
      'let count = 0;',
      "process.on('SIGINT', () => (count += 1));",
      "process.send({ type: 'ready-for-signals' });",
      'setTimeout(() => process.exit(count), 1500);',
    ].join('\n');
    const out = collector();
    const exit = serve({ command: process.execPath, args: ['-e', script], env: process.env, out });
    // Its message is not the server's ready one: wait for the child to be listening for signals.
    await new Promise((resolve) => setTimeout(resolve, 700));
    process.emit('SIGINT', 'SIGINT');
    // npm's copy comes a little later than the terminal's (two signals at one instant would merge).
    await new Promise((resolve) => setTimeout(resolve, 100));
    process.emit('SIGINT', 'SIGINT');
    expect(await exit).toBe(1);
    expect(out.text()).toBe('');
  });
});

describe('npm start', () => {
  it('ends its start with the summary, names the site by one address, and logs no request', async () => {
    const root = productRoot();
    const port = await freePort();
    const dataDir = join(root, 'data');
    const site = `http://localhost:${port}`;
    const env = { PORT: String(port), DATA_DIR: dataDir, WEB_DIST: join(root, 'apps/web/dist') };

    const first = npmStart(root, env);
    try {
      await first.waitFor('  stop      Ctrl+C\n');
      const started = first.stdout();
      // Requests of every kind; a query that would carry a secret.
      for (const path of ['/', '/admin', '/service/settings?token=SECRET-IN-QUERY', '/healthz', '/nope']) {
        await fetch(`${site}${path}`, { headers: { accept: 'text/html' } });
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(first.stdout()).toBe(started);

      const password = readFileSync(join(dataDir, 'demo-operator-password'), 'utf8').trim();
      const lines = linesOf(started);
      expect(lines.length, started).toBeLessThanOrEqual(15);
      expect(
        lines.filter((line) => line.startsWith('{')),
        started,
      ).toEqual([]);
      expect(started).not.toMatch(/https?:\/\/(127\.|\[|0\.0\.0\.0)/);
      const ready = lines.findIndex((line) =>
        line.endsWith(`SMM panel ready at ${site}/ database=pglite dataDir=${dataDir}`),
      );
      expect(ready, started).toBeGreaterThanOrEqual(0);
      expect(lines.slice(ready + 1)).toEqual([
        'SMM panel is running (SMM 패널 실행 중)',
        `  site      ${site}/`,
        `  console   ${site}/admin — id admin, password ${password}`,
        `            (made now and kept in ${join(dataDir, 'demo-operator-password')}; shown this once)`,
        `  data      ${dataDir} (embedded PGlite)`,
        '  stop      Ctrl+C',
      ]);
      expect(first.stderr()).toBe('');
    } finally {
      // Ctrl+C at a terminal reaches start.mjs and the server alike (and start.mjs passes it on, and
      // npm may too): one graceful stop all the same.
      expect.soft(await first.stop('SIGINT', true)).toBe(0);
    }
    const stopped = linesOf(first.stdout()).slice(-2);
    expect(stopped[0]).toMatch(
      /^\d\d:\d\d:\d\d shutting down: finishing in-flight requests and the background tick signal=SIGINT$/,
    );
    expect(stopped[1]).toMatch(/^\d\d:\d\d:\d\d shut down$/);
    expect(first.stdout()).not.toContain('SECRET');

    // A second start names PUBLIC_URL, and names the password's file, not the password.
    const second = npmStart(root, { ...env, PUBLIC_URL: 'https://panel.example.kr' });
    try {
      await second.waitFor('  stop      Ctrl+C\n');
      const summary = linesOf(second.stdout()).slice(-5);
      expect(summary).toEqual([
        'SMM panel is running (SMM 패널 실행 중)',
        '  site      https://panel.example.kr/',
        `  console   https://panel.example.kr/admin — id admin, password in ${join(dataDir, 'demo-operator-password')}`,
        `  data      ${dataDir} (embedded PGlite)`,
        '  stop      Ctrl+C',
      ]);
      expect(second.stdout()).not.toContain(
        readFileSync(join(dataDir, 'demo-operator-password'), 'utf8').trim(),
      );
    } finally {
      // A process manager signals start.mjs alone: it passes the signal on.
      expect.soft(await second.stop('SIGTERM', false)).toBe(0);
    }
  }, 400_000);
});
