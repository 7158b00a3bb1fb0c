import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { chromePath } from './browser.js';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    adminEmail: string;
    adminPassword: string;
  }
}

const ADMIN_EMAIL = 'admin@example.com';
const ADMIN_PASSWORD = 'e2e-admin-password';

/** Starts the built app on a free port with a fresh data folder, as `npm start` would. */
export default async function setup(project: TestProject) {
  chromePath(); // fail early, with instructions, when there is no browser
  const root = path.resolve(import.meta.dirname, '../..');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-e2e-'));
  const port = 4100 + Math.floor(Math.random() * 800);
  const server: ChildProcess = spawn(
    process.execPath,
    ['--enable-source-maps', 'server/dist/main.js'],
    {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        DATA_DIR: dataDir,
        APP_URL: `http://localhost:${port}`,
        ADMIN_EMAIL,
        ADMIN_PASSWORD,
        LOG_LEVEL: 'warn',
        ...(process.env.E2E_DATABASE_URL ? { DATABASE_URL: process.env.E2E_DATABASE_URL } : {}),
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );

  const url = `http://localhost:${port}`;
  // The first start renders the demo catalogue, which takes a while on a busy machine.
  const deadline = Date.now() + 240_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the app exited with code ${server.exitCode}`);
    try {
      if ((await fetch(`${url}/api/v1/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('the app did not answer within 240 s');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  project.provide('baseURL', url);
  project.provide('adminEmail', ADMIN_EMAIL);
  project.provide('adminPassword', ADMIN_PASSWORD);

  return async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
