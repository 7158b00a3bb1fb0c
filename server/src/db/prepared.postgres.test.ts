import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../test/factories.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { prepared } from './prepared.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const emailOf = prepared((db, id: number) =>
  db.selectFrom('users').select('email').where('id', '=', id),
);

describe('prepared statements on PostgreSQL', () => {
  it('are named, so that each connection parses and plans them once; other statements are not', async () => {
    const user = await createUser(t.app);
    // A transaction holds one connection: the statements run on it, then it tells what it kept.
    await t.db.kysely.transaction().execute(async (trx) => {
      expect(await emailOf(trx, user.id)).toEqual([{ email: user.email }]);
      expect(await emailOf(trx, user.id)).toEqual([{ email: user.email }]);
      await trx.selectFrom('users').select('first_name').where('id', '=', user.id).execute();
      const { rows } = await sql<{ statement: string }>`
        select statement from pg_prepared_statements`.execute(trx);
      const kept = rows.map((row) => row.statement);
      expect(kept.filter((text) => text.includes('select "email" from "users"'))).toHaveLength(1);
      expect(kept.filter((text) => text.includes('"first_name"'))).toEqual([]);
    });
  });
});
