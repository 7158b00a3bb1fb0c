import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importTrack } from '../../modules/music/music.fixtures.js';
import { signedInUser } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { up } from './0043_artist_likes_are_follows.js';

describe('migration 0043: artist likes become follows', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('moves each like of an artist into the follows, keeping its date, and leaves other likes', async () => {
    const { trackId, artistIds } = await importTrack(t.app, t.config.dataDir, {
      title: 'From before',
      artists: ['Liked Before'],
    });
    const artistId = artistIds[0]!;
    const { user, client } = await signedInUser(t.app);
    const db = t.db.kysely;
    // Likes as the app stored them before an artist had one mark.
    const likedAt = '2025-01-02T03:04:05.000Z';
    await db
      .insertInto('likes')
      .values([
        { user_id: user.id, likeable_type: 'artist', likeable_id: artistId, created_at: likedAt },
        { user_id: user.id, likeable_type: 'track', likeable_id: trackId, created_at: likedAt },
      ])
      .execute();

    await up(db);

    const follows = await db
      .selectFrom('follows')
      .select(['followable_type', 'followable_id', 'created_at'])
      .where('user_id', '=', user.id)
      .execute();
    expect(follows).toEqual([
      { followable_type: 'artist', followable_id: artistId, created_at: likedAt },
    ]);
    const artist = (await client.get(`/api/v1/artists/${artistId}`)).json().artist;
    expect(artist).toMatchObject({ is_followed: true, followers_count: 1 });
    const library = (await client.get('/api/v1/users/me/liked-artists')).json().pagination;
    expect(library.data.map((item: { id: number }) => item.id)).toEqual([artistId]);
    const tracks = (await client.get('/api/v1/users/me/liked-tracks')).json().pagination;
    expect(tracks.total).toBe(1);
  });
});
