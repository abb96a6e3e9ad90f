#!/usr/bin/env node
// `npm start`: build whatever is missing (web app, server bundle), then serve the whole product
// on one port. An existing build is reused; delete apps/*/dist or run `npm run build` to rebuild.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

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

const server = spawn(process.execPath, ['--enable-source-maps', join(root, 'apps/server/dist/main.js')], {
  cwd: process.cwd(),
  stdio: 'inherit',
  env: process.env,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
