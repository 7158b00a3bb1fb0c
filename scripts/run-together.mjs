// Runs npm scripts at the same time and fails if any fails: `npm test`'s checks (lint, types)
// are each one single-threaded process, so on two cores they take the time of the longer one.
// Each script's output is printed whole once it ends, so the two are not interleaved.
import { spawn } from 'node:child_process';

const scripts = process.argv.slice(2);
const runs = scripts.map(
  (script) =>
    new Promise((resolve) => {
      const child = spawn('npm', ['run', '--silent', script], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const output = [];
      child.stdout.on('data', (chunk) => output.push(chunk));
      child.stderr.on('data', (chunk) => output.push(chunk));
      child.on('close', (code) => {
        process.stdout.write(`\n> npm run ${script} (exit ${code})\n${Buffer.concat(output)}`);
        resolve(code === 0);
      });
    }),
);
const passed = await Promise.all(runs);
const failed = scripts.filter((_, i) => !passed[i]);
if (failed.length > 0) {
  console.error(`\nFailed: ${failed.map((script) => `npm run ${script}`).join(', ')}`);
  process.exit(1);
}
