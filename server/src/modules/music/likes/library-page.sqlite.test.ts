import { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories.js';
import { createLoggedTestApp, takeLogged, type LoggedTestApp } from '../../../test/query-log.js';
import { likedPage } from './likes.repo.js';

let t: LoggedTestApp;
beforeAll(async () => {
  t = await createLoggedTestApp();
});
afterAll(() => t.close());

describe("a library's page on SQLite", () => {
  it('is read from one index in its order, newest first, without the table or a sort', async () => {
    const user = await createUser(t.app);
    // Liked in pairs at the same moment: the item's id orders each pair.
    await t.db.kysely
      .insertInto('likes')
      .values(
        Array.from({ length: 120 }, (_, index) => ({
          user_id: user.id,
          likeable_type: 'track',
          likeable_id: index + 1,
          created_at: new Date(Date.UTC(2026, 0, 1, 0, 0, Math.floor(index / 2))).toISOString(),
        })),
      )
      .execute();

    takeLogged(t.log);
    const page = await likedPage(t.db.kysely, user.id, 'track', { limit: 4, offset: 50 });
    expect(page).toEqual({ ids: [70, 69, 68, 67], total: 120 });

    const [statement] = takeLogged(t.log);
    const { rows } = await t.db.kysely.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`explain query plan ${statement!.sql}`, statement!.parameters),
    );
    const plan = rows.map((row) => row.detail).join('\n');
    expect(plan).toMatch(/SEARCH likes USING COVERING INDEX/);
    expect(plan).not.toMatch(/TEMP B-TREE/);
  });
});
