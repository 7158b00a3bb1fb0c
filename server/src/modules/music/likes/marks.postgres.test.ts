import { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories.js';
import { createLoggedTestApp, takeLogged, type LoggedTestApp } from '../../../test/query-log.js';
import { marksAmong } from './likes.repo.js';

let t: LoggedTestApp;
beforeAll(async () => {
  t = await createLoggedTestApp();
});
afterAll(() => t.close());

describe("a page's marks on PostgreSQL", () => {
  it('look each thing on the page up, not every like of a listener who likes thousands', async () => {
    const user = await createUser(t.app);
    const at = new Date().toISOString();
    const liked = Array.from({ length: 5000 }, (_, index) => index + 1);
    for (let start = 0; start < liked.length; start += 1000) {
      await t.db.kysely
        .insertInto('likes')
        .values(
          liked.slice(start, start + 1000).map((id) => ({
            user_id: user.id,
            likeable_type: 'track',
            likeable_id: id,
            created_at: at,
          })),
        )
        .execute();
    }
    await t.db.kysely
      .insertInto('follows')
      .values({ user_id: user.id, followable_type: 'artist', followable_id: 7, created_at: at })
      .execute();
    await t.db.kysely.executeQuery(CompiledQuery.raw('analyze likes'));

    takeLogged(t.log);
    const marks = await marksAmong(t.db.kysely, user.id, {
      track: [3, 4999, 6000, 7000],
      album: [3],
      artist: [7, 8],
    });
    expect([...marks.track]).toEqual([3, 4999]);
    expect([...marks.album]).toEqual([]);
    expect([...marks.followedArtists]).toEqual([7]);

    const [statement] = takeLogged(t.log);
    const { rows } = await t.db.kysely.executeQuery<{ 'QUERY PLAN': string }>(
      CompiledQuery.raw(`explain ${statement!.sql}`, statement!.parameters),
    );
    const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
    expect(plan).toMatch(/likes/);
    expect(plan).not.toMatch(/hashed/i);
  });
});
