import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startAppProcess } from './app-process.js';
import { chromePath } from './browser.js';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    adminEmail: string;
    adminPassword: string;
    /** The server folder the admin area may import, which tests fill with audio. */
    libraryFolder: string;
  }
}

const ADMIN_EMAIL = 'admin@example.com';
const ADMIN_PASSWORD = 'e2e-admin-password';

/** Starts the built app, with the demo catalogue, as `npm start` would. */
export default async function setup(project: TestProject) {
  chromePath(); // fail early, with instructions, when there is no browser
  const libraryFolder = fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-e2e-library-'));
  const app = await startAppProcess(
    {
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      LIBRARY_FOLDERS: libraryFolder,
      ...(process.env.E2E_DATABASE_URL ? { DATABASE_URL: process.env.E2E_DATABASE_URL } : {}),
    },
    // The first start renders the demo catalogue, which takes a while on a busy machine.
    { startupSeconds: 240 },
  );
  project.provide('baseURL', app.url);
  project.provide('adminEmail', ADMIN_EMAIL);
  project.provide('adminPassword', ADMIN_PASSWORD);
  project.provide('libraryFolder', libraryFolder);
  return async () => {
    await app.stop();
    fs.rmSync(libraryFolder, { recursive: true, force: true });
  };
}
