import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTestApp, testDialect } from './test/test-app.js';

const tsx = path.resolve(import.meta.dirname, '../../node_modules/.bin/tsx');
const main = path.resolve(import.meta.dirname, 'main.ts');

// Some checks concern SQLite or a process of its own; the PostgreSQL run leaves them out.
const sqliteOnly = testDialect === 'sqlite' ? it : () => {};

describe('graceful shutdown', () => {
  it('lets a request in flight finish, then closes the database', async () => {
    const t = await createTestApp();
    let release!: () => void;
    const started = new Promise<void>((resolve) => {
      t.app.get('/api/v1/slow', async () => {
        resolve();
        await new Promise<void>((done) => (release = done));
        return { finished: true };
      });
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    const inFlight = fetch(`http://127.0.0.1:${port}/api/v1/slow`);
    await started;
    const closing = t.close();
    setTimeout(() => release(), 100);
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ finished: true });
    await closing;
    await expect(t.db.kysely.selectFrom('users').selectAll().execute()).rejects.toThrow();
  });

  sqliteOnly('says where to open the app, and stops cleanly on SIGTERM', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-main-'));
    const child = spawn(tsx, [main], {
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        PORT: '0',
        SEED_DEMO: 'false',
        LOG_LEVEL: 'info',
        ADMIN_PASSWORD: 'password-123',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 30_000);
      child.stdout.on('data', () => {
        if (output.includes('The admin area is at')) {
          clearTimeout(timer);
          resolve();
        }
      });
    });
    expect(output).toMatch(
      /Cadenza is ready at (http:\/\/127\.0\.0\.1:\d+)\nThe admin area is at \1\/admin/,
    );
    child.kill('SIGTERM');
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(0);
    expect(output).toContain('shut down cleanly');
  });

  sqliteOnly('refuses to start on a bad environment value, naming it', async () => {
    const child = spawn(tsx, [main], {
      env: { ...process.env, PORT: 'loud' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stderr.on('data', (chunk) => (output += chunk));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(78);
    expect(output).toContain('PORT');
  });
});
