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

// A value used twice, a constant between them, and a second value.
const usersByIdOrEmail = prepared((db, id: number, email: string) =>
  db
    .selectFrom('users')
    .select(['id', 'email'])
    .where((eb) => eb.or([eb('id', '=', id), eb('email', '=', email)]))
    .where('id', '>=', 0)
    .where((eb) => eb.or([eb('id', '=', id), eb('email', 'like', '%@%')]))
    .orderBy('id'),
);

describe('prepared statements', () => {
  it('runs each call with its own values, in the places they were given', async () => {
    const first = await createUser(t.app);
    const second = await createUser(t.app);

    expect(await usersByIdOrEmail(t.db.kysely, first.id, 'nobody@example.com')).toEqual([
      { id: first.id, email: first.email },
    ]);
    expect(await usersByIdOrEmail(t.db.kysely, second.id, first.email)).toEqual([
      { id: first.id, email: first.email },
      { id: second.id, email: second.email },
    ]);
    expect(await usersByIdOrEmail(t.db.kysely, 0, 'nobody@example.com')).toEqual([]);
  });

  it('refuses a statement that does not take a value as a parameter', async () => {
    const limited = prepared((db, count: number) =>
      db
        .selectFrom('users')
        .select('id')
        .where(
          'id',
          'in',
          Array.from({ length: Number(count) || 1 }, (_, index) => index),
        ),
    );
    await expect(limited(t.db.kysely, 3)).rejects.toThrow(
      'prepared statement: argument 1 is not a parameter',
    );
  });
});
