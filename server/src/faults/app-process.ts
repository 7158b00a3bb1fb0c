import path from 'node:path';
import { spawnApp, untilAnswers, type AppChild } from '../test/app-child.js';

const SERVER = path.resolve(import.meta.dirname, '../..');

export type AppProcess = AppChild;

/**
 * The app from its sources in a process of its own, as `npm start` runs it, on `env` (its
 * DATA_DIR, DATABASE_URL, PORT…); resolves once it answers, so it can be killed and started again.
 */
export async function startAppProcess(
  env: Record<string, string>,
  startupSeconds = 120,
): Promise<AppProcess> {
  const url = `http://127.0.0.1:${env.PORT}`;
  // The loader runs in the app's own process: killing it kills the app.
  const app = spawnApp({
    url,
    args: ['--import', 'tsx', path.join(SERVER, 'src/main.ts')],
    cwd: SERVER,
    env: { HOST: '127.0.0.1', APP_URL: url, ...env },
  });
  try {
    await untilAnswers(app, 'the app', startupSeconds);
  } catch (error) {
    await app.kill();
    throw error;
  }
  return app;
}
