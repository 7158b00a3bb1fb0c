// Runs one of the benchmark's own scripts in a process of its own: the job goes in as JSON on
// standard input, the figures come back as JSON on standard output.
import { spawn } from 'node:child_process';
import path from 'node:path';

const tsx = path.resolve(import.meta.dirname, '../../node_modules/.bin/tsx');

export function runScript<T>(script: string, job: unknown): Promise<T> {
  return new Promise((resolve, reject) => {
    const child = spawn(tsx, [path.join(import.meta.dirname, script)], {
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(JSON.parse(out) as T) : reject(new Error(`${script} failed`)),
    );
    child.stdin.end(JSON.stringify(job));
  });
}

/** The job a script was given on standard input. */
export async function jobOf<T>(): Promise<T> {
  let input = '';
  for await (const chunk of process.stdin) input += chunk;
  return JSON.parse(input) as T;
}
