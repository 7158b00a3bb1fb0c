import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { dataVersion } from '../../../db/data-versions.js';
import { VERSIONS } from '../../../db/migrations/0034_data_versions.js';
import { createUser, signedInUser } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { TestClient } from '../../../test/test-client.js';
import { importTrack } from '../music.fixtures.js';
import { PLAYS_KEPT_MS } from './catalogue-cache.js';
import type { Viewer } from '../actor.js';
import * as repo from './catalogue.repo.js';
import { inOrder } from '../pagination.js';
import { SYSTEM_ACTOR } from '../actor.js';

describe('the catalogue pages kept between requests', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  afterEach(() => vi.useRealTimers());

  const guest = () => new TestClient(t.app);
  const artistPage = async (client: TestClient, id: number) =>
    (await client.get(`/api/v1/artists/${id}`)).json().artist;
  const albumPage = async (client: TestClient, id: number) =>
    (await client.get(`/api/v1/albums/${id}`)).json().album;
  const search = async (client: TestClient, query: string) =>
    (await client.get(`/api/v1/search?query=${encodeURIComponent(query)}`)).json().results;

  it('show an edit made straight in the database at once, as one from another process', async () => {
    const db = t.db.kysely;
    const first = await importTrack(t.app, t.config.dataDir, {
      title: 'Lantern Song',
      artists: ['Lantern Keeper'],
      album: 'Lantern Nights',
    });
    const second = await importTrack(t.app, t.config.dataDir, {
      title: 'Lantern Reprise',
      artists: ['Lantern Keeper'],
      album: 'Lantern Nights',
      trackNumber: 2,
    });
    const [artistId] = first.artistIds;
    const albumId = first.albumId!;
    const client = guest();
    expect((await artistPage(client, artistId!)).name).toBe('Lantern Keeper');
    expect((await albumPage(client, albumId)).tracks).toHaveLength(2);
    expect((await search(client, 'lantern')).tracks.total).toBe(2);
    // The same pages again: kept, and the same.
    expect((await artistPage(client, artistId!)).name).toBe('Lantern Keeper');

    await db
      .updateTable('artists')
      .set({ name: 'The Lantern Keepers' })
      .where('id', '=', artistId!)
      .execute();
    expect((await artistPage(client, artistId!)).name).toBe('The Lantern Keepers');
    expect((await albumPage(client, albumId)).tracks[0].artists[0].name).toBe(
      'The Lantern Keepers',
    );

    await db.updateTable('tracks').set({ hidden: 1 }).where('id', '=', second.trackId).execute();
    const album = await albumPage(client, albumId);
    expect(album.tracks.map((track: { name: string }) => track.name)).toEqual(['Lantern Song']);

    await importTrack(t.app, t.config.dataDir, {
      title: 'Lantern Coda',
      artists: ['Someone Else'],
      album: 'Elsewhere',
    });
    const found = await search(client, 'lantern');
    expect(found.tracks.data.map((track: { name: string }) => track.name)).toContain(
      'Lantern Coda',
    );

    const genres = async () =>
      (await artistPage(client, artistId!)).genres.map(
        (genre: { display_name: string }) => genre.display_name,
      );
    expect(await genres()).toEqual(['Rock']);
    await db.updateTable('genres').set({ display_name: 'Lantern rock' }).execute();
    expect(await genres()).toEqual(['Lantern rock']);
    await db.deleteFrom('artist_genres').where('artist_id', '=', artistId!).execute();
    expect(await genres()).toEqual([]);
  });

  it("lay each viewer's own likes and follows over the page everyone shares", async () => {
    const { artistIds, albumId, trackId } = await importTrack(t.app, t.config.dataDir, {
      title: 'Shared Song',
      artists: ['Shared Artist'],
      album: 'Shared Album',
    });
    const artistId = artistIds[0]!;
    const fan = await signedInUser(t.app);
    const other = await signedInUser(t.app);
    const visitor = guest();
    expect((await albumPage(visitor, albumId!)).tracks[0]).not.toHaveProperty('is_liked');

    await fan.client.post('/api/v1/users/me/liked-items', {
      likeable_type: 'track',
      likeable_id: trackId,
    });
    await fan.client.post('/api/v1/users/me/follows', {
      followable_type: 'artist',
      followable_id: artistId,
    });

    expect((await albumPage(fan.client, albumId!)).tracks[0].is_liked).toBe(true);
    expect((await albumPage(other.client, albumId!)).tracks[0].is_liked).toBe(false);
    expect((await albumPage(visitor, albumId!)).tracks[0]).not.toHaveProperty('is_liked');

    const seenByFan = await artistPage(fan.client, artistId);
    expect(seenByFan).toMatchObject({ is_followed: true, followers_count: 1 });
    expect(seenByFan.top_tracks[0].is_liked).toBe(true);
    expect(await artistPage(other.client, artistId)).toMatchObject({
      is_followed: false,
      followers_count: 1,
    });
    expect(await artistPage(visitor, artistId)).not.toHaveProperty('is_followed');

    await fan.client.request('DELETE', '/api/v1/users/me/follows', {
      followable_type: 'artist',
      followable_id: artistId,
    });
    expect(await artistPage(fan.client, artistId)).toMatchObject({
      is_followed: false,
      followers_count: 0,
    });
  });

  it("show a playlist's owner as they now are, and whether the viewer owns it", async () => {
    const owner = await signedInUser(t.app);
    const { trackId } = await importTrack(t.app, t.config.dataDir, { title: 'Quiet Hour' });
    await t.app.services.catalogue.createPlaylist({
      ownerId: owner.user.id,
      name: 'Velvet Mixtape',
      trackIds: [trackId],
    });
    const visitor = guest();
    expect((await search(visitor, 'velvet')).playlists.data[0].owner.name).not.toBe('Velvet Fan');

    await t.db.kysely
      .updateTable('users')
      .set({ first_name: 'Velvet', last_name: 'Fan' })
      .where('id', '=', owner.user.id)
      .execute();
    expect((await search(visitor, 'velvet')).playlists.data[0].owner.name).toBe('Velvet Fan');
    expect((await search(owner.client, 'velvet')).playlists.data[0].is_owner).toBe(true);
    const stranger = await signedInUser(t.app);
    expect((await search(stranger.client, 'velvet')).playlists.data[0].is_owner).toBe(false);
  });

  it('keep each track of a list by itself, and show an edit to one in every list at once', async () => {
    const owner = await signedInUser(t.app);
    const a = await importTrack(t.app, t.config.dataDir, { title: 'Harbour Lights' });
    const b = await importTrack(t.app, t.config.dataDir, { title: 'Harbour Fog' });
    const { id } = await t.app.services.catalogue.createPlaylist({
      ownerId: owner.user.id,
      name: 'Harbour',
      trackIds: [a.trackId, b.trackId],
    });
    const names = async () =>
      (await guest().get(`/api/v1/playlists/${id}/tracks`))
        .json()
        .pagination.data.map((track: { name: string }) => track.name);
    expect(await names()).toEqual(['Harbour Lights', 'Harbour Fog']);

    await t.db.kysely
      .updateTable('tracks')
      .set({ name: 'Harbour Lights (Live)' })
      .where('id', '=', a.trackId)
      .execute();
    expect(await names()).toEqual(['Harbour Lights (Live)', 'Harbour Fog']);
    await t.db.kysely
      .updateTable('tracks')
      .set({ hidden: 1 })
      .where('id', '=', b.trackId)
      .execute();
    expect(await names()).toEqual(['Harbour Lights (Live)']);
    // Kept: a play, which is not an edit, shows in the list within the minute, not at once.
    const plays = async () =>
      (await guest().get(`/api/v1/playlists/${id}/tracks`)).json().pagination.data[0].plays;
    expect(await plays()).toBe(0);
    await t.app.services.catalogue.incrementPlays(a.trackId);
    expect(await plays()).toBe(0);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + PLAYS_KEPT_MS + 1 });
    expect(await plays()).toBe(1);
    vi.useRealTimers();

    await owner.client.post('/api/v1/users/me/liked-items', {
      likeable_type: 'track',
      likeable_id: a.trackId,
    });
    const liked = (await owner.client.get(`/api/v1/playlists/${id}/tracks`)).json().pagination.data;
    expect(liked.map((track: { is_liked: boolean }) => track.is_liked)).toEqual([true]);
    const library = (await owner.client.get('/api/v1/users/me/liked-tracks')).json().pagination;
    expect(library.data.map((track: { name: string }) => track.name)).toEqual([
      'Harbour Lights (Live)',
    ]);
  });

  it("keep guests' channels, genres and playlists, and show an edit to them at once", async () => {
    const db = t.db.kysely;
    const owner = await signedInUser(t.app);
    const { trackId } = await importTrack(t.app, t.config.dataDir, {
      title: 'Marsh Light',
      genres: ['Marshwave'],
    });
    const { id: shared } = await t.app.services.catalogue.createPlaylist({
      ownerId: owner.user.id,
      name: 'Marsh Walks',
      trackIds: [trackId],
    });
    const { id: own } = await t.app.services.catalogue.createPlaylist({
      ownerId: owner.user.id,
      name: 'Marsh Diary',
      public: false,
    });
    await t.app.services.music.channels.createChannel({
      name: 'Marsh picks',
      slug: 'marsh-picks',
      contentType: 'playlist',
      items: [
        { type: 'playlist', id: shared },
        { type: 'playlist', id: own },
      ],
    });
    const visitor = guest();
    const playlist = async (client: TestClient) => client.get(`/api/v1/playlists/${shared}`);
    const picks = async (client: TestClient) =>
      (await client.get('/api/v1/channel/marsh-picks'))
        .json()
        .channel.content.data.map((item: { name: string }) => item.name);
    const genreNames = async () =>
      (await visitor.get('/api/v1/genres?perPage=50'))
        .json()
        .pagination.data.map((genre: { name: string }) => genre.name);

    // Each twice: the second visit is the kept page.
    for (let visit = 0; visit < 2; visit++) {
      expect((await playlist(visitor)).json().playlist.name).toBe('Marsh Walks');
      expect(await picks(visitor)).toEqual(['Marsh Walks']);
      expect(await genreNames()).toContain('marshwave');
      expect((await visitor.get('/api/v1/genres/marshwave')).statusCode).toBe(200);
    }
    // A listener's private playlist in a channel is theirs to see, the guests' page kept or not.
    expect(await picks(owner.client)).toEqual(['Marsh Walks', 'Marsh Diary']);
    expect(await picks(visitor)).toEqual(['Marsh Walks']);

    await db
      .updateTable('playlists')
      .set({ name: 'Marsh Rambles' })
      .where('id', '=', shared)
      .execute();
    expect((await playlist(visitor)).json().playlist.name).toBe('Marsh Rambles');
    expect(await picks(visitor)).toEqual(['Marsh Rambles']);
    await db.updateTable('playlists').set({ public: 0 }).where('id', '=', shared).execute();
    expect((await playlist(visitor)).statusCode).toBe(404);
    expect((await visitor.get(`/api/v1/playlists/${shared}/tracks`)).statusCode).toBe(404);
    expect(await picks(visitor)).toEqual([]);
    expect((await playlist(owner.client)).json().playlist.name).toBe('Marsh Rambles');

    await db
      .updateTable('genres')
      .set({ name: 'fenwave' })
      .where('name', '=', 'marshwave')
      .execute();
    expect(await genreNames()).toContain('fenwave');
    expect(await genreNames()).not.toContain('marshwave');
    expect((await visitor.get('/api/v1/genres/marshwave')).statusCode).toBe(404);
    expect((await visitor.get('/api/v1/genres/fenwave')).statusCode).toBe(200);
  });

  it('show new play counts within a minute: plays are not edits', async () => {
    const { albumId, trackId } = await importTrack(t.app, t.config.dataDir, { title: 'Played' });
    const visitor = guest();
    const plays = async () =>
      (await albumPage(visitor, albumId!)).tracks.find(
        (track: { id: number }) => track.id === trackId,
      ).plays;
    expect(await plays()).toBe(0);
    await t.app.services.catalogue.incrementPlays(trackId);
    expect(await plays()).toBe(0);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + PLAYS_KEPT_MS + 1 });
    expect(await plays()).toBe(1);
  });
});

describe('a kept page as a signed-in viewer sees it', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('is the page worked out for them', async () => {
    const one = await importTrack(t.app, t.config.dataDir, {
      title: 'Copper Sky',
      artists: ['Copper Band', 'Guest Singer'],
      album: 'Copper',
    });
    const two = await importTrack(t.app, t.config.dataDir, {
      title: 'Copper Rain',
      artists: ['Copper Band'],
      album: 'Copper',
      trackNumber: 2,
    });
    const listener = await signedInUser(t.app);
    await t.app.services.music.likes.like(listener.user.id, 'track', two.trackId);
    await t.app.services.music.likes.like(listener.user.id, 'album', one.albumId!);
    // Following is an artist's one mark (its like is the same); the guest singer is not followed.
    await t.app.services.music.likes.follow(listener.user.id, 'artist', one.artistIds[0]!);
    const owner = await createUser(t.app);
    const { id: playlistId } = await t.app.services.catalogue.createPlaylist({
      ownerId: owner.id,
      name: 'Copper Hours',
      trackIds: [one.trackId, two.trackId],
    });
    await t.app.services.music.playlists.follow(playlistId, {
      userId: listener.user.id,
      actor: SYSTEM_ACTOR,
    });

    const { catalogue, search, channels } = t.app.services.music;
    const page = { page: 1, perPage: 20 };
    const kept: Viewer = { userId: listener.user.id, actor: SYSTEM_ACTOR };
    // An editor's page is always worked out for them; with nothing hidden it is the same page.
    const workedOut = { userId: listener.user.id, editor: true, actor: SYSTEM_ACTOR };
    const pages = [
      (viewer: Viewer) => catalogue.artistPage(one.artistIds[0]!, viewer, page),
      (viewer: Viewer) => catalogue.albumPage(one.albumId!, viewer),
      (viewer: Viewer) => catalogue.topTracks(page, viewer),
      (viewer: Viewer) => catalogue.albums('popular', page, viewer),
      (viewer: Viewer) => catalogue.popularArtists(page, viewer),
      (viewer: Viewer) =>
        search.search('copper', ['tracks', 'albums', 'artists', 'playlists'], page, viewer),
      (viewer: Viewer) => channels.resolve('discover', viewer, page),
    ];
    for (const pageOf of pages) {
      await pageOf({ userId: null, actor: SYSTEM_ACTOR }); // a guest's visit keeps it
      expect(await pageOf(kept)).toEqual(await pageOf(workedOut));
    }
    // A list's tracks, kept one by one, against the same tracks presented for the viewer.
    const ids = [two.trackId, one.trackId, two.trackId];
    await catalogue.tracksByIds(ids, { userId: null, actor: SYSTEM_ACTOR });
    const rows = inOrder(ids, await repo.tracksByIds(t.db.kysely, ids));
    expect(await catalogue.tracksByIds(ids, kept)).toEqual(
      await catalogue.presentTracks(rows, kept),
    );
    const artist = await catalogue.artistPage(one.artistIds[0]!, kept, page);
    expect(artist.is_liked).toBe(true);
    expect(artist.is_followed).toBe(true);
    const guest = await catalogue.artistPage(one.artistIds[1]!, kept, page);
    expect(guest).toMatchObject({ is_liked: false, is_followed: false });
    const album = await catalogue.albumPage(one.albumId!, kept);
    expect(album.is_liked).toBe(true);
    expect(album.tracks!.map((track) => track.is_liked)).toEqual([false, true]);
  });
});

describe('the count of catalogue changes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const version = async () => Number(await dataVersion(t.db.kysely, 'catalogue'));

  it('moves with an edit, not with a play or what others do not see of a user', async () => {
    const { trackId, albumId, artistIds } = await importTrack(t.app, t.config.dataDir);
    const db = t.db.kysely;
    let before = await version();
    await t.app.services.catalogue.incrementPlays(trackId);
    expect(await version()).toBe(before);
    // Nor the artists' trending counts worked out again as the fortnight moves on.
    await t.app.services.music.catalogue.recountTrending();
    expect(await version()).toBe(before);

    for (const [table, id] of [
      ['tracks', trackId],
      ['albums', albumId!],
      ['artists', artistIds[0]!],
    ] as const) {
      await sql`update ${sql.id(table)} set name = name where id = ${id}`.execute(db);
      expect(await version()).toBeGreaterThan(before);
      before = await version();
    }

    const user = await createUser(t.app);
    before = await version();
    await db
      .updateTable('users')
      .set({ updated_at: new Date().toISOString() })
      .where('id', '=', user.id)
      .execute();
    expect(await version()).toBe(before);
    await db.updateTable('users').set({ avatar: 'a.png' }).where('id', '=', user.id).execute();
    expect(await version()).toBeGreaterThan(before);
  });

  it('is kept by every table the kept pages read', async () => {
    const log = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-queries-')), 'q.log');
    const logged = await createTestApp({ QUERY_LOG: log });
    try {
      const { artistIds, albumId, trackId } = await importTrack(logged.app, logged.config.dataDir, {
        title: 'Logged Song',
        artists: ['Logged Artist'],
      });
      const owner = await createUser(logged.app);
      const { id: playlistId } = await logged.app.services.catalogue.createPlaylist({
        ownerId: owner.id,
        name: 'Logged Playlist',
        trackIds: [trackId],
      });
      fs.writeFileSync(log, '');
      // Each kept page worked out once, as a guest's visit does.
      const { catalogue, search, channels, playlists } = logged.app.services.music;
      const guest = { userId: null, actor: SYSTEM_ACTOR };
      const page = { page: 1, perPage: 20 };
      const types = ['tracks', 'albums', 'artists', 'playlists'] as const;
      const visits = async () => {
        await catalogue.artistPage(artistIds[0]!, guest, page);
        await catalogue.albumPage(albumId!, guest);
        await catalogue.topTracks(page, guest);
        await catalogue.albums('new', page, guest);
        await catalogue.popularArtists(page, guest);
        await search.search('logged', [...types, 'users'], page, guest);
        await search.search('lgoged', [...types], page, guest);
        await catalogue.genres(page);
        const genre = await catalogue.genreByName('rock');
        await channels.resolve('discover', guest, page);
        await channels.resolve('genre', guest, page, { genre });
        await playlists.get(playlistId, guest);
        await playlists.tracks(playlistId, guest, page);
      };
      await visits();
      const statements = () => {
        const lines = fs.readFileSync(log, 'utf8').trim().split('\n');
        fs.writeFileSync(log, '');
        return lines.map((line) => (JSON.parse(line) as { sql: string }).sql);
      };
      const read = new Set<string>();
      for (const text of statements()) {
        for (const match of text.matchAll(/\b(?:from|join)\s+"?([a-z_]+)"?/gi))
          read.add(match[1]!.toLowerCase());
      }
      // The guest role is read again in the background after a sign-up (the owner's, above),
      // kept by the count of access changes: its tables count as watched.
      const watched = new Set([...VERSIONS.catalogue, ...VERSIONS.access].map((w) => w.table));
      // Tables kept from watched ones by triggers (counts, search's indexes of names), the
      // count itself, PostgreSQL's own catalogue, and the names statements give their parts.
      const derived =
        /^(data_versions|catalogue_counts|\w+_fts\w*|\w+_search|pg_\w+|level\d*|ranked|hidden|candidates|\w+_entries|capped|m)$/;
      const unwatched = [...read].filter((table) => !watched.has(table) && !derived.test(table));
      expect(unwatched).toEqual([]);
      expect(read.has('tracks')).toBe(true);

      // Again, all kept, search's users too: the counts are all they read.
      await visits();
      const again = statements();
      expect(again.length).toBeGreaterThan(0);
      expect(again.filter((text) => !/\bfrom "?data_versions"?/.test(text))).toEqual([]);

      // Seen signed in, the kept page costs one statement more: the viewer's likes and follows
      // among its tracks, albums and artists, all at once.
      await catalogue.artistPage(artistIds[0]!, { userId: owner.id, actor: SYSTEM_ACTOR }, page);
      const personal = statements().filter((text) => !/\bfrom "?data_versions"?/.test(text));
      expect(personal).toHaveLength(1);
      expect(personal[0]).toMatch(/\bfrom "?likes"?/);
      expect(personal[0]).toMatch(/\bfrom "?follows"?/);
      // So does a channel listing no playlists, its nested channels and all.
      await channels.resolve('discover', { userId: owner.id, actor: SYSTEM_ACTOR }, page);
      const channel = statements().filter((text) => !/\bfrom "?data_versions"?/.test(text));
      expect(channel).toHaveLength(1);
      expect(channel[0]).toMatch(/\bfrom "?likes"?/);
    } finally {
      await logged.close();
      fs.rmSync(path.dirname(log), { recursive: true, force: true });
    }
  });
});
