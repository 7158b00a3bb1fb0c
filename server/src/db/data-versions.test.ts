import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, createTestApp, type TestApp } from '../test/test-app.js';
import { dataVersion } from './data-versions.js';

describe('reading the counts of changes', () => {
  let t: TestApp;
  let folder: string;
  let log: string;
  beforeAll(async () => {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-versions-'));
    log = path.join(folder, 'queries.log');
    t = await createTestApp({ QUERY_LOG: log });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(folder, { recursive: true, force: true });
  });

  const countReads = () => {
    const text = fs.readFileSync(log, 'utf8');
    fs.writeFileSync(log, '');
    return text.split('\n').filter((line) => line.includes('data_versions')).length;
  };

  it('asks the database once for every count asked for in the same turn', async () => {
    const db = t.db.kysely;
    countReads();
    const [catalogue, access, again] = await Promise.all([
      dataVersion(db, 'catalogue'),
      dataVersion(db, 'access'),
      dataVersion(db, 'catalogue'),
    ]);
    expect(countReads()).toBe(1);
    expect(again).toBe(catalogue);
    expect(Number(catalogue)).toBeGreaterThan(0);
    expect(Number(access)).toBeGreaterThan(0);

    await dataVersion(db, 'catalogue');
    await dataVersion(db, 'catalogue');
    expect(countReads()).toBe(2);
  });

  it('sees a change made before it was asked for', async () => {
    const db = t.db.kysely;
    const before = Number(await dataVersion(db, 'catalogue'));
    const now = new Date().toISOString();
    await db
      .insertInto('genres')
      .values({ name: 'counted', display_name: 'Counted', created_at: now, updated_at: now })
      .execute();
    expect(Number(await dataVersion(db, 'catalogue'))).toBeGreaterThan(before);
    const access = Number(await dataVersion(db, 'access'));
    await db.updateTable('roles').set({ description: 'Counted' }).execute();
    expect(Number(await dataVersion(db, 'access'))).toBeGreaterThan(access);
  });

  it("counts what a member's page shows and what ends a session, not a session's touch", async () => {
    const db = t.db.kysely;
    const admin = await t.app.services.users.findByEmail(ADMIN_EMAIL);
    const { row } = await t.app.services.sessions.startForUser(undefined, admin!.id, false, {
      ip: null,
      userAgent: null,
    });
    const members = async () => Number(await dataVersion(db, 'members'));
    const session = () => db.updateTable('sessions').where('id', '=', row.id);

    let before = await members();
    await session()
      .set({ last_active: new Date().toISOString(), ip_address: '10.0.0.9' })
      .execute();
    expect(await members()).toBe(before);

    const changes = [
      () => session().set({ payload: '{"impersonator":1}' }).execute(),
      () =>
        db
          .updateTable('users')
          .set({ first_name: 'Counted' })
          .where('id', '=', admin!.id)
          .execute(),
      () =>
        db
          .insertInto('notifications')
          .values({
            id: crypto.randomUUID(),
            user_id: admin!.id,
            type: 'counted',
            data: '{}',
            read_at: null,
            created_at: new Date().toISOString(),
          })
          .execute(),
      () => db.updateTable('notifications').set({ read_at: new Date().toISOString() }).execute(),
      () => db.deleteFrom('sessions').where('id', '=', row.id).execute(),
    ];
    for (const change of changes) {
      before = await members();
      await change();
      expect(await members()).toBeGreaterThan(before);
    }
  });
});
