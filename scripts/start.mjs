#!/usr/bin/env node
// `npm start`: build whatever is missing (web app, server bundle) quietly, then serve the whole product
// on one port with a readable log, and end with a short summary: the site, the console and its operator,
// the data folder, how to stop. An existing build is reused; delete apps/*/dist or run `npm run build`
// to rebuild. The pieces are in start-steps.mjs (docs/ARCHITECTURE.md#the-first-start-and-the-log).
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildQuietly, buildSteps, demoOperator, serve } from './start-steps.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

if (!(await buildQuietly(buildSteps(root), { cwd: root }))) process.exit(1);

const { env: operatorEnv, operator } = demoOperator(process.env);
const code = await serve({
  command: process.execPath,
  args: ['--enable-source-maps', join(root, 'apps/server/dist/main.js')],
  // The readable log unless LOG_FORMAT says otherwise; production runs dist/main.js itself (JSON).
  env: { LOG_FORMAT: 'readable', ...process.env, ...operatorEnv },
  operator,
});
process.exit(code);
