import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { verifyPassword } from './infra/hash.js';

// First-start behaviour needs a database of its own from start to finish: it runs on SQLite
// only (files named *.sqlite.test.ts are left out of the PostgreSQL run).
describe('the admin account on first start', () => {
  function config(env: Record<string, string>) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-seed-'));
    return loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      WEB_DIST: path.join(dataDir, 'none'),
      ...env,
    });
  }

  it('is created from ADMIN_EMAIL and ADMIN_PASSWORD', async () => {
    const messages: string[] = [];
    const app = await buildApp(
      config({ ADMIN_EMAIL: 'boss@example.com', ADMIN_PASSWORD: 'correct-horse' }),
      {
        announce: (m) => messages.push(m),
      },
    );
    const admin = await app.services.users.findByEmail('boss@example.com');
    expect(await verifyPassword(admin?.password, 'correct-horse')).toBe(true);
    expect(admin?.email_verified_at).not.toBeNull();
    expect((await app.services.permissions.rolesOfUser(admin!.id)).map((r) => r.name)).toContain(
      'admin',
    );
    expect(messages).toEqual([]);
    await app.close();
  });

  it('gets a random password printed once, and only on the first start', async () => {
    const cfg = config({});
    const first: string[] = [];
    const app = await buildApp(cfg, { announce: (m) => first.push(m) });
    await app.close();
    expect(first).toHaveLength(1);
    const password = /password: (\S+)/.exec(first[0]!)?.[1];
    expect(password?.length).toBeGreaterThanOrEqual(12);

    const second: string[] = [];
    const again = await buildApp(cfg, { announce: (m) => second.push(m) });
    const admin = await again.services.users.findByEmail('admin@example.com');
    expect(await verifyPassword(admin?.password, password!)).toBe(true);
    expect(second).toEqual([]);
    await again.close();
  });
});
