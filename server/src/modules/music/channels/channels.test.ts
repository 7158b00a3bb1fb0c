import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  createTestApp,
  type TestApp,
} from '../../../test/test-app.js';
import { createUser, signedInUser } from '../../../test/factories.js';
import { TestClient } from '../../../test/test-client.js';
import { importTrack } from '../music.fixtures.js';
import { PLAYS_KEPT_MS } from '../catalogue/catalogue-cache.js';
import { seedSyntheticCatalogue } from '../../../cli/synthetic-catalogue.js';
import { SYSTEM_ACTOR } from '../actor.js';

describe('channels', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await importTrack(t.app, t.config.dataDir, {
      title: 'Old hit',
      album: 'Old Album',
      year: 1999,
      genres: ['Jazz'],
      artists: ['Old Timer'],
    });
    await importTrack(t.app, t.config.dataDir, {
      title: 'New hit',
      album: 'New Album',
      year: 2024,
      genres: ['Rock'],
      artists: ['Newcomer'],
    });
  });
  afterAll(() => t.close());

  it('resolves the discover channel with its nested channels', async () => {
    const client = await new TestClient(t.app).visit();
    const response = await client.get('/api/v1/channel/discover');
    expect(response.statusCode).toBe(200);
    const channel = response.json().channel;
    expect(channel.slug).toBe('discover');
    const nested = channel.content.data as {
      slug: string;
      content: { data: { name: string }[]; total: number };
    }[];
    expect(nested.map((c) => c.slug)).toEqual([
      'new-releases',
      'popular-albums',
      'top-tracks',
      'genres',
      'trending-artists',
    ]);
    const newReleases = nested.find((c) => c.slug === 'new-releases')!;
    expect(newReleases.content.data.map((a) => a.name)).toEqual(['New Album', 'Old Album']);
    expect(nested.find((c) => c.slug === 'genres')!.content.total).toBe(2);
  });

  it('paginates a channel and resolves the genre page for a genre', async () => {
    const client = await new TestClient(t.app).visit();
    const page = await client.get('/api/v1/channel/new-releases?perPage=1&page=2');
    expect(page.json().channel.content).toMatchObject({ total: 2, current_page: 2, last_page: 2 });
    expect(page.json().channel.content.data[0].name).toBe('Old Album');

    const genre = await client.get('/api/v1/genres/jazz');
    expect(genre.statusCode).toBe(200);
    expect(genre.json().genre.display_name).toBe('Jazz');
    const [tracks, albums] = genre.json().channel.content.data;
    expect(tracks.content.data.map((t: { name: string }) => t.name)).toEqual(['Old hit']);
    expect(albums.content.data.map((a: { name: string }) => a.name)).toEqual(['Old Album']);
    expect((await client.get('/api/v1/genres/unknown-genre')).statusCode).toBe(404);
    expect((await client.get('/api/v1/channel/no-such-channel')).statusCode).toBe(404);
  });

  it("resolves a genre's channel by the genre's name, and an unknown genre as empty", async () => {
    const client = await new TestClient(t.app).visit();
    const names = async (url: string) =>
      (await client.get(url))
        .json()
        .channel.content.data.map((item: { name: string }) => item.name);
    expect(await names('/api/v1/channel/genre-top-tracks?genre=rock')).toEqual(['New hit']);
    expect(await names('/api/v1/channel/genre-albums?genre=Jazz')).toEqual(['Old Album']);
    expect(await names('/api/v1/channel/genre-albums?genre=polka')).toEqual([]);
    expect(await names('/api/v1/channel/genre-top-tracks')).toEqual([]);
  });

  it('lets admins build a hand-picked channel; others may not', async () => {
    const admin = new TestClient(t.app);
    await admin.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    const track = await importTrack(t.app, t.config.dataDir, { title: 'Picked', album: null });
    const created = await admin.post('/api/v1/admin/channels', {
      name: 'Staff picks',
      slug: 'staff-picks',
      content_type: 'track',
      layout: 'list',
      items: [{ type: 'track', id: track.trackId }],
    });
    expect(created.statusCode).toBe(201);
    const client = await new TestClient(t.app).visit();
    // The editor gets back every field it saves, the query's item count included.
    const queried = await admin.post('/api/v1/admin/channels', {
      name: 'Top five',
      slug: 'top-five',
      content_type: 'track',
      query: 'topTracks',
      query_limit: 5,
      layout: 'compactGrid',
      paging: 'numbered',
    });
    const editing = (await admin.get(`/api/v1/admin/channels/${queried.json().channel.id}`)).json();
    expect(editing).toMatchObject({
      channel: { query: 'topTracks', layout: 'compactGrid', paging: 'numbered' },
      query_limit: 5,
    });
    const shown = (await client.get('/api/v1/channel/top-five')).json().channel;
    expect(shown).toMatchObject({ layout: 'compactGrid', paging: 'numbered' });
    const resolved = (await client.get('/api/v1/channel/staff-picks')).json().channel;
    expect(resolved.content.data.map((t: { name: string }) => t.name)).toEqual(['Picked']);
    expect((await client.get(`/api/v1/channel/${resolved.id}`)).statusCode).toBe(200);

    const user = await createUser(t.app);
    const member = new TestClient(t.app);
    await member.login(user.email, user.plainPassword);
    const refused = await member.post('/api/v1/admin/channels', {
      name: 'Mine',
      slug: 'mine',
      content_type: 'track',
    });
    expect(refused.statusCode).toBe(403);
  });

  it('orders a hand-filled channel as placed, or by plays, age or release', async () => {
    const admin = new TestClient(t.app);
    await admin.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    const made = [];
    for (const [title, year] of [
      ['Sorted old', 1999],
      ['Sorted hit', 2005],
      ['Sorted new', 2024],
    ] as const) {
      made.push(await importTrack(t.app, t.config.dataDir, { title, album: title, year }));
    }
    const [old, hit, fresh] = made;
    await t.db.kysely
      .updateTable('tracks')
      .set({ plays: 50 })
      .where('id', '=', hit!.trackId)
      .execute();
    await t.db.kysely
      .updateTable('tracks')
      .set({ plays: 5 })
      .where('id', '=', old!.trackId)
      .execute();
    const items = [fresh, old, hit].map((track) => ({ type: 'track', id: track!.trackId }));
    const created = await admin.post('/api/v1/admin/channels', {
      name: 'Sorted',
      slug: 'sorted',
      content_type: 'track',
      items,
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().channel.id;
    const client = await new TestClient(t.app).visit();
    const names = async () =>
      (await client.get('/api/v1/channel/sorted'))
        .json()
        .channel.content.data.map((track: { name: string }) => track.name);
    expect(await names()).toEqual(['Sorted new', 'Sorted old', 'Sorted hit']);
    for (const [sort, expected] of [
      ['popular', ['Sorted hit', 'Sorted old', 'Sorted new']],
      ['release', ['Sorted new', 'Sorted hit', 'Sorted old']],
      ['recent', ['Sorted new', 'Sorted hit', 'Sorted old']],
    ] as const) {
      const saved = await admin.put(`/api/v1/admin/channels/${id}`, {
        name: 'Sorted',
        slug: 'sorted',
        content_type: 'track',
        sort,
        items,
      });
      expect(saved.json().channel.sort).toBe(sort);
      expect(await names(), sort).toEqual(expected);
    }
    // The editor keeps the placed order whatever visitors see.
    expect((await admin.get(`/api/v1/admin/channels/${id}`)).json().items).toEqual(items);
  });

  it("fills a channel with a public playlist's tracks, in its order or another", async () => {
    const admin = new TestClient(t.app);
    await admin.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    const made = [];
    for (const [title, year, plays] of [
      ['Listed old', 1998, 7],
      ['Listed new', 2023, 1],
      ['Listed hit', 2010, 90],
    ] as const) {
      const track = await importTrack(t.app, t.config.dataDir, { title, album: title, year });
      await t.db.kysely
        .updateTable('tracks')
        .set({ plays })
        .where('id', '=', track.trackId)
        .execute();
      made.push(track.trackId);
    }
    const { client: owner } = await signedInUser(t.app);
    const playlist = (
      await owner.post('/api/v1/playlists', { name: 'Road trip', public: true })
    ).json().playlist;
    const added = await owner.post(`/api/v1/playlists/${playlist.id}/tracks`, {
      trackIds: made,
    });
    expect(added.statusCode, added.body).toBe(200);

    const body = (sort: string, value: unknown = String(playlist.id)) => ({
      name: 'Road trip picks',
      slug: 'road-trip-picks',
      content_type: 'track',
      query: 'playlistTracks',
      query_value: value,
      sort,
    });
    const created = await admin.post('/api/v1/admin/channels', body('curated'));
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().channel).toMatchObject({
      query: 'playlistTracks',
      query_value: String(playlist.id),
    });
    const id = created.json().channel.id;
    const editor = (await admin.get(`/api/v1/admin/channels/${id}`)).json();
    expect(editor.query_value_name).toBe('Road trip');

    const visitor = await new TestClient(t.app).visit();
    const names = async () =>
      (await visitor.get('/api/v1/channel/road-trip-picks'))
        .json()
        .channel.content.data.map((track: { name: string }) => track.name);
    expect(await names()).toEqual(['Listed old', 'Listed new', 'Listed hit']);
    for (const [sort, expected] of [
      ['popular', ['Listed hit', 'Listed old', 'Listed new']],
      ['release', ['Listed new', 'Listed hit', 'Listed old']],
    ] as const) {
      expect((await admin.put(`/api/v1/admin/channels/${id}`, body(sort))).statusCode).toBe(200);
      expect(await names(), sort).toEqual(expected);
    }

    // Only a public playlist may fill a channel; one made private since leaves it empty.
    const hidden = (await owner.post('/api/v1/playlists', { name: 'Diary', public: false })).json()
      .playlist;
    for (const value of [String(hidden.id), '999999', 'road-trip', null]) {
      const refused = await admin.put(`/api/v1/admin/channels/${id}`, body('curated', value));
      expect(refused.statusCode, String(value)).toBe(422);
      expect(refused.json().errors.query_value).toMatch(/public playlist/);
    }
    await owner.put(`/api/v1/playlists/${playlist.id}`, { name: 'Road trip', public: false });
    expect(await names()).toEqual([]);
  });

  it("orders a query channel's first items by the sort, the query still choosing them", async () => {
    const admin = new TestClient(t.app);
    await admin.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    const top = (await admin.get('/api/v1/channel/top-tracks?perPage=3')).json().channel.content
      .data as { id: number; name: string; plays: number }[];
    expect(top).toHaveLength(3);
    const created = await admin.post('/api/v1/admin/channels', {
      name: 'Top three, newest first',
      slug: 'top-three-newest',
      content_type: 'track',
      query: 'topTracks',
      query_limit: 3,
      sort: 'recent',
    });
    expect(created.statusCode, created.body).toBe(201);
    const created_at = new Map(
      (
        await t.db.kysely
          .selectFrom('tracks')
          .select(['id', 'created_at'])
          .where(
            'id',
            'in',
            top.map((track) => track.id),
          )
          .execute()
      ).map((row) => [row.id, new Date(row.created_at).getTime()]),
    );
    const expected = [...top]
      .sort((a, b) => created_at.get(b.id)! - created_at.get(a.id)! || 0)
      .map((track) => track.name);
    // The fixtures make the newest first differ from the most played first.
    expect(expected).not.toEqual(top.map((track) => track.name));
    const visitor = await new TestClient(t.app).visit();
    const page = (query: string) =>
      visitor.get(`/api/v1/channel/top-three-newest${query}`).then((r) => r.json().channel);
    const whole = await page('');
    expect(whole.content.data.map((track: { name: string }) => track.name)).toEqual(expected);
    expect(whole.content.total).toBe(3);
    // Its own page pages through those three.
    const second = await page('?perPage=2&page=2');
    expect(second.content.data.map((track: { name: string }) => track.name)).toEqual([expected[2]]);
  });

  it('edits channels in the admin API, audited, and refuses a channel inside itself at any depth', async () => {
    const admin = new TestClient(t.app);
    await admin.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    const create = async (slug: string, items: { type: string; id: number }[] = []) => {
      const response = await admin.post('/api/v1/admin/channels', {
        name: slug,
        slug,
        content_type: 'channel',
        items,
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().channel.id as number;
    };
    const a = await create('cycle-a');
    const b = await create('cycle-b', [{ type: 'channel', id: a }]);
    const c = await create('cycle-c', [{ type: 'channel', id: b }]);

    const body = (items: { type: string; id: number }[]) => ({
      name: 'cycle-a',
      slug: 'cycle-a',
      content_type: 'channel',
      items,
    });
    for (const items of [[{ type: 'channel', id: a }], [{ type: 'channel', id: c }]]) {
      const refused = await admin.put(`/api/v1/admin/channels/${a}`, body(items));
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors.items).toBe(
        'A channel cannot contain itself, directly or through another channel.',
      );
    }
    // Nothing was changed by the refused edits.
    const editor = (await admin.get(`/api/v1/admin/channels/${a}`)).json();
    expect(editor.items).toEqual([]);
    expect((await admin.get(`/api/v1/admin/channels/${c}`)).json().items).toEqual([
      { type: 'channel', id: b },
    ]);

    const listed = (await admin.get('/api/v1/admin/channels?perPage=50')).json().pagination;
    expect(listed.data.map((channel: { slug: string }) => channel.slug)).toContain('cycle-c');

    expect((await admin.delete(`/api/v1/admin/channels/${c}`)).statusCode).toBe(200);
    const audit = (
      await admin.get(`/api/v1/admin/audit-log?subject_type=channel&subject_id=${c}`)
    ).json().pagination.data as { action: string }[];
    expect(audit.map((entry) => entry.action).reverse()).toEqual([
      'channel.created',
      'channel.deleted',
    ]);
  });

  it('answers 403 to listeners and 401 to guests for every admin channel call', async () => {
    const user = await createUser(t.app);
    const member = new TestClient(t.app);
    await member.login(user.email, user.plainPassword);
    const guest = new TestClient(t.app);
    for (const [method, url] of [
      ['GET', '/api/v1/admin/channels'],
      ['GET', '/api/v1/admin/channels/1'],
      ['PUT', '/api/v1/admin/channels/1'],
      ['DELETE', '/api/v1/admin/channels/1'],
    ] as const) {
      const body = method === 'PUT' ? { name: 'x', slug: 'x', content_type: 'track' } : undefined;
      expect((await member.request(method, url, body)).statusCode, url).toBe(403);
      expect((await guest.request(method, url, body)).statusCode, url).toBe(401);
    }
  });
});

describe("a genre's tracks and albums", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await seedSyntheticCatalogue(t.db.kysely, { tracks: 1000, seed: 7 });
  });
  afterAll(() => t.close());

  it('come most played first, hidden ones left out, however many a page asks for', async () => {
    const db = t.db.kysely;
    // The genre with the most tracks of the made-up catalogue.
    const biggest = await db
      .selectFrom('track_genres')
      .innerJoin('genres', 'genres.id', 'track_genres.genre_id')
      .select(['genres.id', 'genres.name'])
      .groupBy(['genres.id', 'genres.name'])
      .orderBy((eb) => eb.fn.countAll(), 'desc')
      .executeTakeFirstOrThrow();
    const genre = await t.app.services.catalogue.genreByName(biggest.name);
    const tracksOfGenre = () =>
      db
        .selectFrom('tracks')
        .innerJoin('track_genres', 'track_genres.track_id', 'tracks.id')
        .where('track_genres.genre_id', '=', genre.id)
        .where('tracks.hidden', '=', 0)
        .select('tracks.id')
        .orderBy('tracks.plays', 'desc')
        .orderBy('tracks.id', 'desc')
        .execute();
    const [hiddenOne] = await tracksOfGenre();
    await db.updateTable('tracks').set({ hidden: 1 }).where('id', '=', hiddenOne!.id).execute();
    const expected = (await tracksOfGenre()).map((row) => row.id);
    expect(expected.length).toBeGreaterThan(100);

    // Small pages and large ones, the first pages and the last.
    const anyone = { userId: null, actor: SYSTEM_ACTOR };
    for (const perPage of [1, 2, 20]) {
      for (const page of [1, 2, Math.ceil(expected.length / perPage)]) {
        const listed = await t.app.services.catalogue.topTracks(
          { page, perPage },
          anyone,
          genre.id,
        );
        // Counted as far as the hundredth page.
        expect(listed.total).toBe(Math.min(expected.length, 100 * perPage));
        expect(listed.data.map((track) => track.id)).toEqual(
          expected.slice((page - 1) * perPage, page * perPage),
        );
      }
    }

    const albumsOfGenre = await db
      .selectFrom('albums')
      .innerJoin('album_genres', 'album_genres.album_id', 'albums.id')
      .where('album_genres.genre_id', '=', genre.id)
      .select('albums.id')
      .orderBy('albums.plays', 'desc')
      .orderBy('albums.id', 'desc')
      .execute();
    for (const perPage of [1, 20]) {
      const listed = await t.app.services.catalogue.albums(
        'popular',
        { page: 1, perPage },
        anyone,
        genre.id,
      );
      expect(listed.total).toBe(Math.min(albumsOfGenre.length, 100 * perPage));
      expect(listed.data.map((album) => album.id)).toEqual(
        albumsOfGenre.slice(0, perPage).map((row) => row.id),
      );
    }

    const client = await new TestClient(t.app).visit();
    const genrePage = async () =>
      (await client.get(`/api/v1/genres/${biggest.name}`)).json().channel.content.data as {
        content: { total: number; data: { id: number }[] };
      }[];
    const [tracks] = await genrePage();
    expect(tracks!.content.total).toBe(expected.length);
    expect(tracks!.content.data[0]!.id).toBe(expected[0]);

    // Plays changed (here as plays, not an edit, would change them) show within a minute.
    const most = (table: 'tracks' | 'albums') =>
      db
        .selectFrom(table)
        .select((eb) => eb.fn.max('plays').as('plays'))
        .executeTakeFirstOrThrow();
    const [risingTrack, risingAlbum] = [expected.at(-1)!, albumsOfGenre.at(-1)!.id];
    const [topTrack, topAlbum] = [await most('tracks'), await most('albums')];
    await db
      .updateTable('tracks')
      .set({ plays: topTrack.plays + 1 })
      .where('id', '=', risingTrack)
      .execute();
    await db
      .updateTable('albums')
      .set({ plays: topAlbum.plays + 1 })
      .where('id', '=', risingAlbum)
      .execute();
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + PLAYS_KEPT_MS + 1 });
    try {
      const [nowTracks, nowAlbums] = await genrePage();
      expect(nowTracks!.content.data[0]!.id).toBe(risingTrack);
      expect(nowAlbums!.content.data[0]!.id).toBe(risingAlbum);
    } finally {
      vi.useRealTimers();
    }
  });

  it('count the top tracks as far as the hundredth page, and serve every page', async () => {
    const client = await new TestClient(t.app).visit();
    const top = async (query: string) =>
      (await client.get(`/api/v1/tracks/top?${query}`)).json().pagination as {
        data: { id: number }[];
        total: number;
        last_page: number;
      };
    const visible = await t.db.kysely
      .selectFrom('tracks')
      .where('hidden', '=', 0)
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    expect(Number(visible.count)).toBeGreaterThan(200);
    expect(await top('perPage=50')).toMatchObject({ total: Number(visible.count) });
    expect(await top('perPage=2')).toMatchObject({ total: 200, last_page: 100 });
    expect((await top('perPage=2&page=150')).data).toHaveLength(2);
  });
});
