#!/usr/bin/env node
/**
 * `npm run test:quick`: the loop to run before each commit. Typecheck of every package, lint of the
 * files changed since the last commit, and the Vitest tests that import what changed (shared unit
 * tests, web component tests, and API tests on SQLite only). `npm test` still runs everything, on
 * both databases and in the browser. `-- --since REF` compares with another commit than HEAD.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const sinceAt = process.argv.indexOf('--since');
const since = sinceAt > 0 ? process.argv[sinceAt + 1] : 'HEAD';

function git(args) {
  const result = spawnSync('git', args, { cwd: root, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`git ${args.join(' ')} failed: ${result.stderr}`);
  return result.stdout.split('\n').filter(Boolean);
}

const changed = [...new Set([...git(['diff', '--name-only', since]), ...git(['ls-files', '--others', '--exclude-standard'])])];
const lintable = changed.filter((file) => /\.(ts|tsx|mjs|js)$/.test(file) && !file.startsWith('docs/'));

const steps = [
  ['typecheck', 'npm', ['run', 'typecheck', '--silent']],
  ...(lintable.length > 0 ? [['lint (changed files)', 'npx', ['eslint', '--no-warn-ignored', ...lintable]]] : []),
  [
    'tests touched by the change',
    'npx',
    ['vitest', 'run', '--changed', since, '--passWithNoTests', '--project', 'shared', '--project', 'web', '--project', 'api-sqlite'],
  ],
];

console.log(`Changed since ${since}: ${changed.length} file(s).`);
const results = [];
for (const [name, command, args] of steps) {
  console.log(`\n== ${name}`);
  const started = performance.now();
  const { status } = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  results.push({ name, ok: status === 0, seconds: (performance.now() - started) / 1000 });
}
console.log('');
for (const { name, ok, seconds } of results) console.log(`${ok ? 'ok  ' : 'FAIL'} ${name} (${seconds.toFixed(0)} s)`);
process.exit(results.every((result) => result.ok) ? 0 : 1);
