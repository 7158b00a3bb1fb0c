import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { APIRequestContext } from 'playwright-core';
import { freePort } from '../../server/src/test/free-port.js';

const ROOT = path.resolve(import.meta.dirname, '../..');

export interface AppProcess {
  url: string;
  /** The app's DATA_DIR: its SQLite file, mail drop and storage. */
  dataDir: string;
  stop(): Promise<void>;
}

/**
 * Starts the built app as `npm start` would, on a free port with a fresh data folder, and waits
 * until it answers. `env` adds or overrides variables (MAIL_URL, APP_DEBUG, SEED_DEMO…).
 */
export async function startAppProcess(
  env: Record<string, string> = {},
  options: { startupSeconds?: number; port?: number } = {},
): Promise<AppProcess> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-e2e-'));
  const port = options.port ?? (await freePort());
  const url = `http://localhost:${port}`;
  const child = spawn(process.execPath, ['--enable-source-maps', 'server/dist/main.js'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      APP_URL: url,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };

  const seconds = options.startupSeconds ?? 60;
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the app exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/v1/health`)).ok) return { url, dataDir, stop };
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the app did not answer within ${seconds} s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Sends a mutating API call as the web app does: with the anti-forgery cookie echoed. */
export async function sendWithXsrf(
  api: APIRequestContext,
  url: string,
  data: unknown,
  method = 'POST',
) {
  const { cookies } = await api.storageState();
  const xsrf = cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  const response = await api.fetch(url, {
    method,
    data,
    headers: { 'X-XSRF-TOKEN': decodeURIComponent(xsrf) },
  });
  if (!response.ok()) throw new Error(`${url}: ${response.status()} ${await response.text()}`);
  return response;
}

/** Signs an API context in through the login endpoint, as the login form would. */
export async function logIn(api: APIRequestContext, email: string, password: string) {
  await api.get('/');
  await sendWithXsrf(api, '/auth/login', { email, password, remember: false });
}
