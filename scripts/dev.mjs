#!/usr/bin/env node
// `npm run dev`: the server from source on 3001 (restarts on change) and Vite on 5173, which proxies
// API calls to it. Open http://localhost:5173.
import { spawn } from 'node:child_process';

const children = [
  spawn('npx', ['tsx', 'watch', 'apps/server/src/main.ts'], {
    stdio: 'inherit',
    env: { PORT: '3001', ...process.env },
  }),
  spawn('npm', ['run', 'dev', '-w', '@smm/web'], { stdio: 'inherit' }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => (stop(), process.exit(code ?? 0)));
