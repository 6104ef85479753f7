#!/usr/bin/env node
/** `npm run dev`: the API with restart on change (port 3000) and Vite's dev server, which proxies /api to it. */
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'apps/server/src/main.ts'], { cwd: root, stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '--workspace', 'apps/web'], { cwd: root, stdio: 'inherit' }),
];
const stop = (signal) => children.forEach((child) => child.kill(signal));
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
children.forEach((child) => child.on('exit', (code) => {
  stop('SIGTERM');
  process.exitCode = code ?? 0;
}));
