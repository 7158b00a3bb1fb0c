import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, signedInUser } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import type { TestClient } from '../../../test/test-client.js';
import { importTrack } from '../music.fixtures.js';

/*
 * Radio: who listens to the seed, and what else they listen to. The scene: four listeners play
 * "Seed" and "Companion" together; many others play "Crowd Pleaser", a hit nobody who plays
 * "Seed" plays; a fan likes "Seed" and "Liked Along"; the seed's listeners also play a track that
 * is hidden since.
 */

let t: TestApp;
let base: string;
let client: TestClient;
let apiKey: string;
const ids: Record<string, number> = {};
let seedArtistId: number;
let seedAlbumId: number;

async function track(title: string, artist: string, genre: string, album = `${title} LP`) {
  const imported = await importTrack(t.app, t.config.dataDir, {
    title,
    artists: [artist],
    album,
    genres: [genre],
  });
  ids[title] = imported.trackId;
  return imported;
}

/** Plays of `titles` by a listener, as the player logs them. */
async function played(userId: number, titles: string[], times = 1) {
  await t.db.kysely
    .insertInto('plays')
    .values(
      titles.flatMap((title, i) =>
        Array.from({ length: times }, (_, n) => ({
          track_id: ids[title]!,
          user_id: userId,
          session_id: `radio-${userId}-${i}-${n}`,
          played_ms: 60_000,
          device: 'desktop',
          country: null,
          created_at: new Date(Date.now() - n * 1000).toISOString(),
        })),
      ),
    )
    .execute();
  for (const title of titles)
    await t.db.kysely
      .updateTable('tracks')
      .set((eb) => ({ plays: eb('plays', '+', times) }))
      .where('id', '=', ids[title]!)
      .execute();
}

const titlesOf = (body: { tracks: { name: string }[] }) => body.tracks.map((t) => t.name);

beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const seed = await track('Seed', 'Seed Artist', 'Jazz', 'Seed Sessions');
  seedArtistId = seed.artistIds[0]!;
  seedAlbumId = seed.albumId!;
  await track('Seed Reprise', 'Seed Artist', 'Jazz', 'Seed Sessions');
  await track('Companion', 'Companion Band', 'Rock');
  await track('Liked Along', 'Fan Favourite', 'Rock');
  await track('Crowd Pleaser', 'Chart Act', 'Pop');
  await track('Gone Now', 'Vanished', 'Rock');
  await track('Same Artist', 'Seed Artist', 'Jazz');
  await track('Same Genre', 'Jazz Neighbour', 'Jazz');
  for (let i = 1; i <= 6; i++) await track(`Filler ${i}`, `Filler Act ${i}`, 'Ambient');

  for (let i = 0; i < 4; i++) {
    const listener = await createUser(t.app);
    await played(listener.id, ['Seed', 'Companion', 'Gone Now']);
  }
  for (let i = 0; i < 6; i++) {
    const crowd = await createUser(t.app);
    await played(crowd.id, ['Crowd Pleaser', 'Filler 1'], 3);
  }
  const fan = await createUser(t.app);
  for (const title of ['Seed', 'Liked Along'])
    await t.db.kysely
      .insertInto('likes')
      .values({
        user_id: fan.id,
        likeable_type: 'track',
        likeable_id: ids[title]!,
        created_at: new Date().toISOString(),
      })
      .execute();
  await t.db.kysely
    .updateTable('tracks')
    .set({ hidden: 1 })
    .where('id', '=', ids['Gone Now']!)
    .execute();

  ({ client } = await signedInUser(t.app));
  apiKey = (await client.post('/api/v1/access-tokens', { tokenName: 'Radio App' })).json()
    .plainTextToken;
});
afterAll(() => t.close());

describe('radio of a track', () => {
  it('plays what its listeners play with it first, then its artist, its genre, then the rest', async () => {
    const response = await client.get(`/api/v1/radio/track/${ids['Seed']}`);
    expect(response.statusCode).toBe(200);
    const titles = titlesOf(response.json());
    expect(titles.slice(0, 2).sort()).toEqual(['Companion', 'Liked Along']);
    const at = (title: string) => titles.indexOf(title);
    expect(at('Companion')).toBeLessThan(at('Same Artist'));
    expect(at('Same Artist')).toBeGreaterThan(-1);
    expect(at('Same Artist')).toBeLessThan(at('Same Genre'));
    expect(at('Same Genre')).toBeLessThan(at('Crowd Pleaser'));
    // The seed never, a hidden track never, nothing twice; at least ten while the catalogue has them.
    expect(titles).not.toContain('Seed');
    expect(titles).not.toContain('Gone Now');
    expect(new Set(titles).size).toBe(titles.length);
    expect(titles.length).toBeGreaterThanOrEqual(10);
    expect(titles.length).toBe(12);
  });

  it('answers as many as asked, 10 to 100', async () => {
    const ten = await client.get(`/api/v1/radio/track/${ids['Seed']}?limit=10`);
    expect(ten.json().tracks).toHaveLength(10);
    expect((await client.get(`/api/v1/radio/track/${ids['Seed']}?limit=5`)).statusCode).toBe(422);
    expect((await client.get(`/api/v1/radio/track/${ids['Seed']}?limit=101`)).statusCode).toBe(422);
  });

  it('is not found for an unknown or hidden seed', async () => {
    expect((await client.get('/api/v1/radio/track/999999')).statusCode).toBe(404);
    expect((await client.get(`/api/v1/radio/track/${ids['Gone Now']}`)).statusCode).toBe(404);
    expect((await client.get('/api/v1/radio/artist/999999')).statusCode).toBe(404);
  });

  it('is refused to one who may not listen, on the JSON API and Subsonic alike', async () => {
    const { client: outsider } = await signedInUser(t.app, { roles: [] });
    expect((await outsider.get(`/api/v1/radio/track/${ids['Seed']}`)).statusCode).toBe(403);
    await t.app.services.permissions.revoke('users', 'music.view');
    try {
      expect((await client.get(`/api/v1/radio/artist/${seedArtistId}`)).statusCode).toBe(403);
      const body = await subsonic('getSimilarSongs', { id: String(ids['Seed']) });
      expect(body.error?.code).toBe(50);
    } finally {
      await t.app.services.permissions.grant('users', 'music.view');
    }
  });
});

describe('radio of an artist', () => {
  it("holds the artist's songs and those played with them, none twice", async () => {
    const titles = titlesOf((await client.get(`/api/v1/radio/artist/${seedArtistId}`)).json());
    expect(titles).toEqual(expect.arrayContaining(['Seed', 'Same Artist', 'Companion']));
    expect(titles.indexOf('Companion')).toBeLessThan(titles.indexOf('Crowd Pleaser'));
    expect(new Set(titles).size).toBe(titles.length);
    expect(titles).not.toContain('Gone Now');
  });
});

type SubsonicBody = {
  status: string;
  error?: { code: number };
  similarSongs?: { song?: { title: string }[] };
  similarSongs2?: { song?: { title: string }[] };
};

async function subsonic(method: string, params: Record<string, string>): Promise<SubsonicBody> {
  const query = new URLSearchParams({ v: '1.16.1', c: 'test', f: 'json', apiKey, ...params });
  const response = await fetch(`${base}/rest/${method}?${query}`);
  return ((await response.json()) as { 'subsonic-response': SubsonicBody })['subsonic-response'];
}

describe('Subsonic similar songs', () => {
  it('answers a song, an album and an artist from the radio', async () => {
    const ofSong = await subsonic('getSimilarSongs', { id: String(ids['Seed']), count: '3' });
    const songTitles = ofSong.similarSongs!.song!.map((song) => song.title);
    expect(songTitles).toHaveLength(3);
    expect(songTitles.slice(0, 2).sort()).toEqual(['Companion', 'Liked Along']);

    const ofAlbum = await subsonic('getSimilarSongs', { id: `al-${seedAlbumId}` });
    const albumTitles = ofAlbum.similarSongs!.song!.map((song) => song.title);
    expect(albumTitles).not.toContain('Seed');
    expect(albumTitles).not.toContain('Seed Reprise');
    expect(albumTitles[0]).toMatch(/Companion|Liked Along/);

    const ofArtist = await subsonic('getSimilarSongs', { id: `ar-${seedArtistId}` });
    const byArtist = await subsonic('getSimilarSongs2', { id: String(seedArtistId) });
    expect(ofArtist.similarSongs!.song!.map((song) => song.title)).toEqual(
      byArtist.similarSongs2!.song!.map((song) => song.title),
    );
    expect(byArtist.similarSongs2!.song!.map((song) => song.title)).toContain('Companion');
  });

  it('answers "not found" for an unknown id', async () => {
    expect((await subsonic('getSimilarSongs', { id: '999999' })).error?.code).toBe(70);
    expect((await subsonic('getSimilarSongs', { id: 'xyz' })).error?.code).toBe(70);
    expect((await subsonic('getSimilarSongs2', { id: '999999' })).error?.code).toBe(70);
  });
});
