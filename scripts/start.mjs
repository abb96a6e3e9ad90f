#!/usr/bin/env node
// `npm start`: build whatever is missing (web app, server bundle), then serve the whole product
// on one port. An existing build is reused; delete apps/*/dist or run `npm run build` to rebuild.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join, resolve } from 'node:path';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function buildIfMissing(workspace, artifact) {
  if (existsSync(join(root, artifact))) return;
  console.log(`start: building ${workspace} (${artifact} is missing)`);
  const result = spawnSync(npm, ['run', 'build', '-w', workspace], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

buildIfMissing('@smm/web', 'apps/web/dist/index.html');
buildIfMissing('@smm/server', 'apps/server/dist/main.js');

/**
 * The demo's operator. Without ADMIN_ID, `npm start` (the demo) makes the operator `admin` with a random
 * password kept in DATA_DIR/demo-operator-password, so a newcomer can open the console at /admin at once
 * and no installation ever has a well-known operator password. Set ADMIN_ID / ADMIN_PASSWORD (or
 * SEED_DEMO_DATA=false) to choose otherwise.
 */
function demoOperator() {
  if (process.env.ADMIN_ID || process.env.SEED_DEMO_DATA === 'false') return {};
  const dataDir = resolve(process.env.DATA_DIR ?? './data');
  const file = join(dataDir, 'demo-operator-password');
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, `${randomBytes(9).toString('hex')}\n`, { mode: 0o600 });
  }
  const password = readFileSync(file, 'utf8').trim();
  const port = process.env.PORT ?? '3000';
  console.log(
    `start: operator console http://localhost:${port}/admin — id admin, password ${password} (${file})`,
  );
  return { ADMIN_ID: 'admin', ADMIN_PASSWORD: password };
}

const server = spawn(process.execPath, ['--enable-source-maps', join(root, 'apps/server/dist/main.js')], {
  cwd: process.cwd(),
  stdio: 'inherit',
  env: { ...process.env, ...demoOperator() },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
