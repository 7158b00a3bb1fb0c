import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as searchMigration from '../../../db/migrations/0006_search.js';
import * as prefixMigration from '../../../db/migrations/0008_search_prefix.js';
import { createUser } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { TestClient } from '../../../test/test-client.js';
import { importTrack } from '../music.fixtures.js';
import { queryTokens } from './search.service.js';
import { allowedTypos, closestWord, editDistance, foldWord, holdsPrefix } from './typos.js';

describe('search', () => {
  let t: TestApp;
  let client: TestClient;
  beforeAll(async () => {
    t = await createTestApp();
    await importTrack(t.app, t.config.dataDir, {
      title: 'Yesterday',
      artists: ['The Beatles'],
      album: 'Help!',
    });
    await importTrack(t.app, t.config.dataDir, {
      title: 'Yesterday Once More',
      artists: ['Carpenters'],
      album: 'Now & Then',
    });
    await importTrack(t.app, t.config.dataDir, {
      title: 'Some Song',
      artists: ['Beatles Tribute Band'],
      album: 'Covers',
    });
    await importTrack(t.app, t.config.dataDir, {
      title: 'Other Song',
      artists: ['Beatles Revival'],
      album: 'More Covers',
    });
    // Beatles Revival is far more played than Beatles Tribute Band.
    await t.db.kysely
      .updateTable('artists')
      .set({ plays: 500 })
      .where('name', '=', 'Beatles Revival')
      .execute();
    await t.db.kysely
      .updateTable('tracks')
      .set({ plays: 50 })
      .where('name', '=', 'Yesterday Once More')
      .execute();
    client = await new TestClient(t.app).visit();
  });
  afterAll(() => t.close());

  const search = async (query: string, types = 'tracks,artists,albums,playlists,users') =>
    (await client.get(`/api/v1/search?query=${encodeURIComponent(query)}&types=${types}`)).json()
      .results as Record<string, { data: { name: string }[]; total: number }>;

  it('finds artists by the start of a word', async () => {
    const results = await search('beatl', 'artists');
    expect(results.artists!.data.map((a) => a.name)).toContain('The Beatles');
    expect(Object.keys(results)).toEqual(['artists']);
  });

  it('ranks by relevance, then by popularity', async () => {
    const results = await search('beatles', 'artists');
    // Names starting with the query come before names that only contain it; among those,
    // the more played artist first.
    expect(results.artists!.data.map((a) => a.name)).toEqual([
      'Beatles Revival',
      'Beatles Tribute Band',
      'The Beatles',
    ]);
    const tracks = await search('yesterday', 'tracks');
    // An exact title beats a longer one, however popular.
    expect(tracks.tracks!.data.map((t) => t.name)).toEqual(['Yesterday', 'Yesterday Once More']);
    const more = await search('yesterday o', 'tracks');
    expect(more.tracks!.data.map((t) => t.name)).toEqual(['Yesterday Once More']);
  });

  it('pages through matches', async () => {
    const first = (await client.get('/api/v1/search?query=beatles&types=artists&perPage=2')).json()
      .results.artists;
    expect(first).toMatchObject({ total: 3, per_page: 2, current_page: 1, last_page: 2 });
    const second = (
      await client.get('/api/v1/search?query=beatles&types=artists&perPage=2&page=2')
    ).json().results.artists;
    expect(second.data.map((a: { name: string }) => a.name)).toEqual(['The Beatles']);
  });

  it('tolerates a typo when nothing matches exactly', async () => {
    const results = await search('beatls', 'artists');
    expect(results.artists!.data.map((a) => a.name)).toContain('The Beatles');
    const tracks = await search('yesterdya', 'tracks');
    expect(tracks.tracks!.data.map((t) => t.name)).toContain('Yesterday');
    const nothing = await search('zzzzqqq', 'artists');
    expect(nothing.artists).toMatchObject({ data: [], total: 0 });
  });

  it('corrects each mistyped word of a query and keeps the words typed right', async () => {
    const tracks = await search('yesterdya onc', 'tracks');
    expect(tracks.tracks!.data.map((t) => t.name)).toContain('Yesterday Once More');
    const artists = await search('revivl beatles', 'artists');
    expect(artists.artists!.data[0]!.name).toBe('Beatles Revival');
  });

  it('corrects typos towards a name as soon as it is renamed', async () => {
    expect((await search('carpentrs', 'artists')).artists!.data.map((a) => a.name)).toEqual([
      'Carpenters',
    ]);
    const rename = (name: string) =>
      t.db.kysely.updateTable('artists').set({ name }).where('name', 'like', 'Carp%').execute();
    await rename('Carpentiers');
    try {
      expect((await search('carpentirs', 'artists')).artists!.data.map((a) => a.name)).toEqual([
        'Carpentiers',
      ]);
    } finally {
      await rename('Carpenters');
    }
  });

  it('finds public playlists only, and users by name', async () => {
    const user = await createUser(t.app);
    await t.db.kysely
      .updateTable('users')
      .set({ username: 'melodyfan' })
      .where('id', '=', user.id)
      .execute();
    const owner = new TestClient(t.app);
    await owner.login(user.email, user.plainPassword);
    await owner.post('/api/v1/playlists', { name: 'Sunny mix', public: true });
    await owner.post('/api/v1/playlists', { name: 'Sunny secrets', public: false });
    const results = await search('sunny', 'playlists');
    expect(results.playlists!.data.map((p) => p.name)).toEqual(['Sunny mix']);
    const users = await search('melody', 'users');
    expect(users.users!.data.map((u) => u.name)).toEqual(['melodyfan']);
    expect(JSON.stringify(users)).not.toContain('@');
  });

  it('finds a user added, renamed or removed at once, though the users found are kept', async () => {
    const names = async () =>
      (await search('harbour', 'users')).users!.data.map((user) => user.name);
    expect(await names()).toEqual([]);
    const user = await t.app.services.users.create({
      email: 'harbour@example.com',
      password: 'not-a-hash',
      username: 'harbourmaster',
      emailVerified: true,
    });
    expect(await names()).toEqual(['harbourmaster']);
    expect(await names()).toEqual(['harbourmaster']);
    const db = t.db.kysely;
    await db.updateTable('users').set({ username: 'pilot' }).where('id', '=', user.id).execute();
    expect(await names()).toEqual([]);
    await db
      .updateTable('users')
      .set({ first_name: 'Harbour' })
      .where('id', '=', user.id)
      .execute();
    expect(await names()).toEqual(['Harbour']);
    await db.deleteFrom('users').where('id', '=', user.id).execute();
    expect(await names()).toEqual([]);
  });

  it('treats query syntax as plain words and rejects unknown types', async () => {
    const results = await search('"beatles*) ^', 'artists');
    expect(results.artists!.total).toBe(3);
    const operators = await client.get(`/api/v1/search?query=${encodeURIComponent('OR * NEAR(')}`);
    expect(operators.statusCode).toBe(200);
    const response = await client.get('/api/v1/search?query=x&types=tracks,secrets');
    expect(response.statusCode).toBe(422);
  });
});

describe('track search by title, artists and album', () => {
  let t: TestApp;
  let client: TestClient;
  beforeAll(async () => {
    t = await createTestApp();
    for (const [title, artist, album] of [
      ['So What', 'Miles Davis', 'Kind of Blue'],
      ['Blue in Green', 'Miles Davis', 'Kind of Blue'],
      ['So What', 'Pink', 'Funhouse'],
    ] as const)
      await importTrack(t.app, t.config.dataDir, { title, artists: [artist], album });
    // Both "So What" are played more than "Blue in Green".
    await t.db.kysely
      .updateTable('tracks')
      .set({ plays: 900 })
      .where('name', '=', 'So What')
      .execute();
    client = await new TestClient(t.app).visit();
  });
  afterAll(() => t.close());

  const tracks = async (query: string) =>
    (await client.get(`/api/v1/search?query=${encodeURIComponent(query)}&types=tracks`)).json()
      .results.tracks as { data: { name: string; artists: { name: string }[] }[]; total: number };
  const credits = (found: Awaited<ReturnType<typeof tracks>>) =>
    found.data.map((track) => `${track.name} - ${track.artists.map((a) => a.name).join(', ')}`);

  it('finds a track by words of its artist and title together', async () => {
    expect(credits(await tracks('miles so what'))).toEqual(['So What - Miles Davis']);
    expect(credits(await tracks('so what mil'))).toEqual(['So What - Miles Davis']);
    // Title and artist words rank above a match that needs the album's name.
    expect(credits(await tracks('miles blue'))).toEqual([
      'Blue in Green - Miles Davis',
      'So What - Miles Davis',
    ]);
  });

  it('forgives typos only when no type matched the words as typed', async () => {
    const user = await createUser(t.app);
    const owner = new TestClient(t.app);
    await owner.login(user.email, user.plainPassword);
    await owner.post('/api/v1/playlists', { name: 'So Whaat', public: true });
    const search = async (types: string) =>
      (await client.get(`/api/v1/search?query=so+what&types=${types}`)).json().results as Record<
        string,
        { total: number }
      >;
    expect((await search('playlists')).playlists!.total).toBe(1);
    const both = await search('tracks,playlists');
    expect(both.tracks!.total).toBe(2);
    expect(both.playlists!.total).toBe(0);
  });

  it('follows renamed artists and changed credits', async () => {
    await t.db.kysely
      .updateTable('artists')
      .set({ name: 'Alecia Moore' })
      .where('name', '=', 'Pink')
      .execute();
    expect(credits(await tracks('alecia so what'))).toEqual(['So What - Alecia Moore']);
    expect((await tracks('pink')).total).toBe(0);

    const miles = await t.db.kysely
      .selectFrom('artists')
      .select('id')
      .where('name', '=', 'Miles Davis')
      .executeTakeFirstOrThrow();
    await t.db.kysely
      .updateTable('track_artists')
      .set({ artist_id: miles.id })
      .where('artist_id', '!=', miles.id)
      .execute();
    expect((await tracks('alecia')).total).toBe(0);
    expect((await tracks('miles so what')).total).toBe(2);
  });

  it('indexes the tracks already there when the migration runs', async () => {
    await searchMigration.down(t.db.kysely);
    await searchMigration.up(t.db.kysely);
    expect(credits(await tracks('davis green'))).toEqual(['Blue in Green - Miles Davis']);
  });
});

describe('ranking a short query a page at a time', () => {
  let t: TestApp;
  let client: TestClient;
  beforeAll(async () => {
    t = await createTestApp();
    // Plays run against relevance: the less relevant, the more played.
    for (const [title, artist, album, plays] of [
      ['S', 'Xy', 'Ab', 0],
      ['Sober', 'Xy', 'Cd', 10],
      ['Stay', 'Xy', 'Ef', 20],
      ['Lost', 'Soul Band', 'Gh', 900],
      ['Midnight', 'Other Band', 'Sunrise', 1000],
    ] as const) {
      await importTrack(t.app, t.config.dataDir, { title, artists: [artist], album });
      await t.db.kysely.updateTable('tracks').set({ plays }).where('name', '=', title).execute();
    }
    const at = new Date().toISOString();
    await t.db.kysely
      .insertInto('artists')
      .values(
        Array.from({ length: 101 }, (_, i) => ({
          name: `Capped ${i}`,
          name_key: `capped ${i}`,
          created_at: at,
          updated_at: at,
        })),
      )
      .execute();
    client = await new TestClient(t.app).visit();
  });
  afterAll(() => t.close());

  const byRelevance = ['S', 'Stay', 'Sober', 'Lost', 'Midnight'];
  const page = async (query: string, type: string, perPage: number, number = 1) =>
    (
      await client.get(
        `/api/v1/search?query=${query}&types=${type}&perPage=${perPage}&page=${number}`,
      )
    ).json().results[type] as {
      data: { name: string }[];
      total: number;
      last_page: number;
    };

  it('ranks a one-letter query by title, then artists, then album, whatever the plays', async () => {
    const found = await page('s', 'tracks', 10);
    expect(found.data.map((track) => track.name)).toEqual(byRelevance);
    expect(found.total).toBe(5);
  });

  it('pages across the levels of relevance', async () => {
    const pages = await Promise.all([1, 2, 3, 4].map((number) => page('s', 'tracks', 2, number)));
    expect(pages.map((found) => found.data.map((track) => track.name))).toEqual([
      ['S', 'Stay'],
      ['Sober', 'Lost'],
      ['Midnight'],
      [],
    ]);
    expect(pages.map((found) => found.total)).toEqual([5, 5, 5, 5]);
  });

  it('counts matches up to the last page it serves', async () => {
    const one = await page('capped', 'artists', 1);
    expect(one).toMatchObject({ total: 100, last_page: 100 });
    expect((await page('capped', 'artists', 1, 100)).data).toHaveLength(1);
    expect((await page('capped', 'artists', 50)).total).toBe(101);
  });

  it('keeps every track findable when its indexes are built again', async () => {
    await prefixMigration.down(t.db.kysely);
    await prefixMigration.up(t.db.kysely);
    const found = await page('s', 'tracks', 10);
    expect(found.data.map((track) => track.name)).toEqual(byRelevance);
  });
});

describe('search helpers', () => {
  it('splits queries into words', () => {
    expect(queryTokens('  Beatl* (OR) "x"')).toEqual(['beatl', 'or', 'x']);
    expect(foldWord('beyoncé')).toBe('beyonce');
  });

  it('counts a swap of two neighbours as one edit, and stops counting past the limit', () => {
    expect(editDistance('beatls', 'beatles', 2)).toBe(1);
    expect(editDistance('yesterdya', 'yesterday', 3)).toBe(1);
    expect(editDistance('kitten', 'sitting', 5)).toBe(3);
    expect(editDistance('rolling', 'beatles', 2)).toBe(3);
    expect(editDistance('a', 'abcdef', 2)).toBe(3);
  });

  it('corrects a word to the nearest indexed word, the most used among equals', () => {
    const words = [
      { term: 'beat', docs: 40 },
      { term: 'beatles', docs: 3 },
      { term: 'bestles', docs: 1 },
      { term: 'blue', docs: 9 },
    ];
    expect(holdsPrefix(words, 'beatl')).toBe(true);
    expect(holdsPrefix(words, 'beatx')).toBe(false);
    expect(holdsPrefix(words, 'bz')).toBe(false);
    expect(closestWord(words, 'beatls', false)).toBe('beatles');
    expect(closestWord(words, 'bleu', false)).toBe('blue');
    // Still being typed: the start of a longer word counts.
    expect(closestWord(words, 'baetl', false)).toBe('beat');
    expect(closestWord(words, 'baetl', true)).toBe('beatles');
    expect(closestWord(words, 'bxyzq', true)).toBeUndefined();
  });

  it('finds the same nearest word as measuring every word on its own', () => {
    // Words of few letters share many starts and lie within a typo or two of each other.
    let seed = 7;
    const random = (below: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % below;
    };
    const made = (length: number) => Array.from({ length }, () => 'abcde'[random(5)]).join('');
    const terms = [...new Set(Array.from({ length: 3000 }, () => made(2 + random(9))))].sort();
    const words = terms.map((term) => ({ term, docs: 1 + random(50) }));
    const measuredAlone = (word: string, typing: boolean) => {
      const limit = allowedTypos(word);
      let best: { term: string; distance: number; docs: number } | undefined;
      for (const { term, docs } of words) {
        let distance = editDistance(word, term, limit);
        if (typing && term.length > word.length)
          distance = Math.min(distance, editDistance(word, term.slice(0, word.length), limit));
        if (distance > limit) continue;
        if (!best || distance < best.distance || (distance === best.distance && docs > best.docs))
          best = { term, distance, docs };
      }
      return best?.term;
    };
    let corrected = 0;
    for (let n = 0; n < 300; n++) {
      const word = made(2 + random(10)) + (n % 3 === 0 ? 'x' : '');
      const typing = n % 2 === 0;
      const expected = measuredAlone(word, typing);
      if (expected) corrected++;
      expect(closestWord(words, word, typing), `${word}, typing: ${typing}`).toBe(expected);
    }
    // The words drawn include both words with a near word and words with none.
    expect(corrected).toBeGreaterThan(50);
    expect(corrected).toBeLessThan(300);
  });
});
