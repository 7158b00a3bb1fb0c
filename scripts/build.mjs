// Builds what is stale: the contracts and the server with TypeScript's incremental build, and the
// web app with Vite when any of its inputs is newer than the last build.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

run(bin('tsc'), ['-b', 'contracts', 'server']);

const webInputs = [
  'web/src',
  'web/public',
  'web/index.html',
  'web/vite.config.ts',
  'contracts/src',
  'package-lock.json',
];
const builtAt = newestMtime(path.join(root, 'web/dist/index.html'));
const changedAt = Math.max(...webInputs.map((input) => newestMtime(path.join(root, input))));
if (changedAt > builtAt) {
  console.log('Building the web app…');
  run(bin('vite'), ['build', '--config', 'web/vite.config.ts', '--logLevel', 'warn']);
  // The landing page's own script for guests, beside the app's (see web/src/landing.tsx).
  run(bin('vite'), [
    'build',
    '--config',
    'web/vite.config.ts',
    '--mode',
    'landing',
    '--logLevel',
    'warn',
  ]);
  // The landing page as the server draws it for guests (see web/src/prerender.tsx).
  run(bin('vite'), [
    'build',
    '--config',
    'web/vite.config.ts',
    '--ssr',
    'src/prerender.tsx',
    '--outDir',
    'dist-ssr',
    '--logLevel',
    'warn',
  ]);
} else {
  console.log('The web app is up to date.');
}
