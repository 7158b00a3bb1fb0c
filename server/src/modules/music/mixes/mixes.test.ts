import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, signedInUser } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { TestClient } from '../../../test/test-client.js';
import { coverPng, importTrack } from '../music.fixtures.js';
import { sharp } from '../../../infra/sharp.js';

/*
 * Daily mixes: a listener who plays jazz and rock gets a mix of each, made by the daily job from
 * their own plays and topped up with what their peers play with them; a new listener sees trending.
 */

let t: TestApp;
const ids: Record<string, number> = {};
const COLOURS = ['#ff0000', '#00ff00', '#0000ff', '#ffff00'];

async function track(title: string, genre: string, cover?: number) {
  const imported = await importTrack(t.app, t.config.dataDir, {
    title,
    artists: [`${genre} Player ${cover ?? 0}`],
    album: `${title} Album`,
    genres: [genre],
    ...(cover !== undefined
      ? { coverImage: { data: await coverPng(COLOURS[cover]!), mime: 'image/png' } }
      : {}),
  });
  ids[title] = imported.trackId;
}

async function played(userId: number, titles: string[]) {
  await t.db.kysely
    .insertInto('plays')
    .values(
      titles.map((title, i) => ({
        track_id: ids[title]!,
        user_id: userId,
        session_id: `mix-${userId}-${i}`,
        played_ms: 60_000,
        device: 'desktop',
        country: null,
        created_at: new Date().toISOString(),
      })),
    )
    .execute();
}

const JAZZ = ['Jazz 1', 'Jazz 2', 'Jazz 3', 'Jazz 4'];
const ROCK = ['Rock 1', 'Rock 2', 'Rock 3'];

beforeAll(async () => {
  t = await createTestApp();
  for (const [i, title] of JAZZ.entries()) await track(title, 'Jazz', i);
  for (const title of ROCK) await track(title, 'Rock');
  await track('Jazz Discovery', 'Jazz');
  await track('Rock Discovery', 'Rock');
});
afterAll(() => t.close());

describe('daily mixes', () => {
  it('are made by the daily job from a listener’s genres, with peers’ finds and a mosaic', async () => {
    const { user, client } = await signedInUser(t.app);
    await played(user.id, [...JAZZ, ...ROCK, 'Jazz 1', 'Jazz 2']);
    const peer = await createUser(t.app);
    await played(peer.id, ['Jazz 1', 'Jazz Discovery', 'Rock 1', 'Rock Discovery']);

    const first = await t.app.services.music.mixes.refreshDaily();
    expect(first.made).toBe(2);
    // Once a day: a second run the same day makes nothing again.
    expect((await t.app.services.music.mixes.refreshDaily()).made).toBe(0);

    const { mixes, trending } = (await client.get('/api/v1/me/mixes')).json();
    expect(trending).toEqual([]);
    expect(mixes.map((mix: { name: string }) => mix.name)).toEqual(['Daily Mix 1', 'Daily Mix 2']);
    expect(mixes[0].description).toMatch(/^Jazz · /);
    expect(mixes[1].description).toMatch(/^Rock/);
    expect(mixes[0].made_on).toBe(new Date().toISOString().slice(0, 10));

    const jazz = (await client.get(`/api/v1/me/mixes/${mixes[0].id}`)).json().mix;
    const titles = jazz.tracks.map((track: { name: string }) => track.name);
    expect(titles).toEqual(expect.arrayContaining([...JAZZ, 'Jazz Discovery']));
    expect(titles).not.toContain('Rock Discovery');
    expect(new Set(titles).size).toBe(titles.length);
    expect(jazz.tracks_count).toBe(titles.length);

    // The cover: the four jazz albums' covers, one in each corner.
    expect(jazz.image).toMatch(/^\/storage\/mixes\/.+\.webp$/);
    const cover = await client.get(jazz.image);
    expect(cover.statusCode).toBe(200);
    const { data, info } = await sharp(cover.rawPayload)
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([300, 300]);
    const corners = [
      [40, 40],
      [260, 40],
      [40, 260],
      [260, 260],
    ].map(([x, y]) => {
      const at = (y! * info.width + x!) * info.channels;
      return [data[at]!, data[at + 1]!, data[at + 2]!].map((v) => (v > 127 ? 1 : 0)).join('');
    });
    expect(new Set(corners).size).toBe(4);
  });

  it('keep a listener’s mixes their own', async () => {
    const { user, client } = await signedInUser(t.app);
    await played(user.id, JAZZ);
    await t.app.services.music.mixes.refreshDaily();
    const [mix] = (await client.get('/api/v1/me/mixes')).json().mixes;
    expect(mix).toBeDefined();

    const { client: stranger } = await signedInUser(t.app);
    expect((await stranger.get(`/api/v1/me/mixes/${mix.id}`)).statusCode).toBe(404);
    expect((await client.get(`/api/v1/me/mixes/${mix.id}`)).statusCode).toBe(200);
    const guest = await new TestClient(t.app).visit();
    expect((await guest.get('/api/v1/me/mixes')).statusCode).toBe(401);
    expect((await guest.get(`/api/v1/me/mixes/${mix.id}`)).statusCode).toBe(401);
  });

  it('show a new listener trending tracks instead', async () => {
    const { client } = await signedInUser(t.app);
    const body = (await client.get('/api/v1/me/mixes')).json();
    expect(body.mixes).toEqual([]);
    expect(body.trending.length).toBeGreaterThan(0);
    expect(body.trending.map((track: { name: string }) => track.name)).toContain('Jazz 1');
  });
});
