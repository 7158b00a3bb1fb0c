import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { APIRequestContext } from 'playwright-core';
import { spawnApp, untilAnswers } from '../../server/src/test/app-child.js';
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
  const app = spawnApp({
    url,
    args: ['--enable-source-maps', 'server/dist/main.js'],
    cwd: ROOT,
    env: { PORT: String(port), DATA_DIR: dataDir, APP_URL: url, ...env },
    output: 'inherit',
  });
  const stop = async () => {
    await app.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await untilAnswers(app, 'the app', options.startupSeconds ?? 60);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, dataDir, stop };
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
