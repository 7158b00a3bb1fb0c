import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories.js';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  createTestApp,
  type TestApp,
} from '../../../test/test-app.js';
import { TestClient } from '../../../test/test-client.js';
import { sharp } from '../../../infra/sharp.js';
import { audioPathOf, coverPng, importTrack, trackInput } from '../music.fixtures.js';

describe('catalogue import and pages', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('creates artists, the album and the track, and shows them on artist and album pages', async () => {
    const first = await importTrack(t.app, t.config.dataDir, {
      title: 'Second Song',
      artists: ['The Beatles', 'Billy Preston'],
      albumArtists: ['The Beatles'],
      album: 'Let It Be',
      trackNumber: 2,
      genres: ['Rock', 'Pop'],
      coverImage: { data: await coverPng(), mime: 'image/png' },
      syncedLyrics: [{ timeMs: 1000, text: 'Hello' }],
    });
    const second = await importTrack(t.app, t.config.dataDir, {
      title: 'First Song',
      artists: ['the beatles'],
      albumArtists: ['THE BEATLES'],
      album: 'Let It Be',
      trackNumber: 1,
      genres: ['rock'],
    });
    expect(second.albumId).toBe(first.albumId);
    expect(second.artistIds[0]).toBe(first.artistIds[0]);

    const client = await new TestClient(t.app).visit();
    const album = await client.get(`/api/v1/albums/${first.albumId}`);
    expect(album.statusCode).toBe(200);
    const body = album.json().album;
    expect(body.name).toBe('Let It Be');
    expect(body.tracks.map((track: { name: string }) => track.name)).toEqual([
      'First Song',
      'Second Song',
    ]);
    expect(body.tracks[1].artists.map((a: { name: string }) => a.name)).toEqual([
      'The Beatles',
      'Billy Preston',
    ]);
    expect(body.image).toMatch(/^\/storage\/artwork\/albums\/\d+\/.+\.webp$/);
    const image = await client.get(body.image);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');

    const artist = await client.get(`/api/v1/artists/${first.artistIds[0]}`);
    expect(artist.statusCode).toBe(200);
    const page = artist.json().artist;
    expect(page.name).toBe('The Beatles');
    expect(page.albums.data.map((a: { name: string }) => a.name)).toEqual(['Let It Be']);
    expect(page.albums.total).toBe(1);
    expect(page.top_tracks).toHaveLength(2);
    expect(page.genres.map((g: { name: string }) => g.name).sort()).toEqual(['pop', 'rock']);
    expect(page.followers_count).toBe(0);
    // Billy Preston shares the genres of the track he plays on.
    expect(page.similar.map((a: { name: string }) => a.name)).toEqual(['Billy Preston']);

    const track = await client.get(`/api/v1/tracks/${first.trackId}`);
    expect(track.json().track).toMatchObject({
      id: first.trackId,
      name: 'Second Song',
      synced_lyrics: [{ time_ms: 1000, text: 'Hello' }],
      stream_url: `/api/v1/tracks/${first.trackId}/stream`,
    });
  });

  it('re-importing the same file updates the track instead of adding one', async () => {
    const a = await importTrack(t.app, t.config.dataDir, { title: 'Old title' });
    const path = await audioPathOf(t.db.kysely, a.trackId);
    const b = await importTrack(t.app, t.config.dataDir, { title: 'New title', audioPath: path });
    expect(b.trackId).toBe(a.trackId);
    const client = new TestClient(t.app);
    expect((await client.get(`/api/v1/tracks/${a.trackId}`)).json().track.name).toBe('New title');

    const user = await createUser(t.app);
    const fan = new TestClient(t.app);
    await fan.login(user.email, user.plainPassword);
    await fan.post('/api/v1/users/me/liked-items', {
      likeable_type: 'track',
      likeable_id: a.trackId,
    });
    expect((await fan.get('/api/v1/users/me/liked-tracks')).json().pagination.total).toBe(1);

    await t.app.services.catalogue.removeTracksByPaths([path]);
    expect((await client.get(`/api/v1/tracks/${a.trackId}`)).statusCode).toBe(404);
    // The album had no other track, and the like went with the track.
    expect((await client.get(`/api/v1/albums/${a.albumId}`)).statusCode).toBe(404);
    expect((await fan.get('/api/v1/users/me/liked-tracks')).json().pagination.total).toBe(0);
  });

  it('imports a batch of tracks as their files come: later tags fill in the album', async () => {
    const tracks = await t.app.services.catalogue.importTracks([
      trackInput(t.config.dataDir, {
        title: 'Opening',
        artists: ['Batch Band'],
        album: 'All at Once',
        trackNumber: 1,
        year: null,
      }),
      trackInput(t.config.dataDir, {
        title: 'Middle',
        artists: ['Batch Band', 'Guest Singer'],
        album: 'All at Once',
        trackNumber: 2,
        year: 2019,
        releaseDate: '2019-03-01',
        coverImage: { data: await coverPng('#aa3300'), mime: 'image/png' },
      }),
      trackInput(t.config.dataDir, {
        title: 'Closing',
        artists: ['Batch Band'],
        album: 'All at Once',
        trackNumber: 3,
        coverImage: { data: await coverPng('#0033aa'), mime: 'image/png' },
      }),
    ]);
    expect(new Set(tracks.map((track) => track.albumId)).size).toBe(1);
    expect(tracks[1]!.artistIds[0]).toBe(tracks[0]!.artistIds[0]);
    const client = new TestClient(t.app);
    const album = (await client.get(`/api/v1/albums/${tracks[0]!.albumId}`)).json().album;
    expect(album).toMatchObject({ name: 'All at Once', release_date: '2019-03-01' });
    expect(album.artists.map((artist: { name: string }) => artist.name)).toEqual(['Batch Band']);
    expect(album.tracks.map((track: { name: string }) => track.name)).toEqual([
      'Opening',
      'Middle',
      'Closing',
    ]);
    // The cover is the first one a track brought.
    const cover = await client.get(album.image);
    expect(cover.statusCode).toBe(200);
    const pixel = await sharp(cover.rawPayload).resize(1, 1).raw().toBuffer();
    expect(pixel[0]).toBeGreaterThan(150);
    expect(pixel[2]).toBeLessThan(60);
  });

  it('ranks genres by their tracks, the counts kept as tracks come, change genre and go', async () => {
    const tagged = (title: string, genres: string[]) =>
      importTrack(t.app, t.config.dataDir, { title, artists: ['Ranker'], genres });
    const first = await tagged('Ranked one', ['Rankfolk']);
    await tagged('Ranked two', ['Rankfolk', 'Rankjazz']);
    const third = await tagged('Ranked three', ['Rankjazz']);
    await tagged('Ranked four', ['Rankjazz']);
    const client = await new TestClient(t.app).visit();
    const ranking = async () =>
      (
        (await client.get('/api/v1/genres?perPage=100')).json().pagination.data as {
          name: string;
        }[]
      )
        .map((genre) => genre.name)
        .filter((name) => name.startsWith('rank'));
    expect(await ranking()).toEqual(['rankjazz', 'rankfolk']);

    // Retagged, a track leaves one genre for another; removed, it leaves its genre.
    await importTrack(t.app, t.config.dataDir, {
      title: 'Ranked three',
      artists: ['Ranker'],
      genres: ['Rankfolk'],
      audioPath: await audioPathOf(t.db.kysely, third.trackId),
    });
    expect(await ranking()).toEqual(['rankfolk', 'rankjazz']);
    await t.app.services.catalogue.removeTracksByPaths([
      await audioPathOf(t.db.kysely, first.trackId),
    ]);
    const counts = await t.db.kysely
      .selectFrom('genres')
      .select(['name', 'tracks_count'])
      .where('name', 'in', ['rankfolk', 'rankjazz'])
      .orderBy('name')
      .execute();
    expect(counts).toEqual([
      { name: 'rankfolk', tracks_count: 2 },
      { name: 'rankjazz', tracks_count: 2 },
    ]);
  });

  it("keeps an album's track count exact as tracks come, move to another album and go", async () => {
    const album = { album: 'Counted Album', artists: ['Counter'] };
    const [first, second, third] = [
      await importTrack(t.app, t.config.dataDir, { ...album, title: 'One', trackNumber: 1 }),
      await importTrack(t.app, t.config.dataDir, { ...album, title: 'Two', trackNumber: 2 }),
      await importTrack(t.app, t.config.dataDir, { ...album, title: 'Three', trackNumber: 3 }),
    ];
    const client = await new TestClient(t.app).visit();
    const count = async (id: number) =>
      (await client.get(`/api/v1/albums/${id}`)).json().album.tracks_count as number;
    const onArtistPage = async () =>
      (await client.get(`/api/v1/artists/${first.artistIds[0]}`))
        .json()
        .artist.albums.data.map(
          (a: { name: string; tracks_count: number }) => `${a.name}: ${a.tracks_count}`,
        );
    expect(await count(first.albumId!)).toBe(3);
    expect(await onArtistPage()).toEqual(['Counted Album: 3']);

    // Its tags now name another album: the track moves, and both counts follow.
    const moved = await importTrack(t.app, t.config.dataDir, {
      album: 'Other Album',
      artists: ['Counter'],
      title: 'Two',
      audioPath: await audioPathOf(t.db.kysely, second.trackId),
    });
    expect(moved.trackId).toBe(second.trackId);
    expect(await count(first.albumId!)).toBe(2);
    expect(await count(moved.albumId!)).toBe(1);

    await t.app.services.catalogue.removeTracksByPaths([
      await audioPathOf(t.db.kysely, third.trackId),
    ]);
    expect(await count(first.albumId!)).toBe(1);
    expect((await onArtistPage()).sort()).toEqual(['Counted Album: 1', 'Other Album: 1']);

    // The artist's albums, a page at a time.
    const page = async (number: number) =>
      (
        await client.get(
          `/api/v1/artists/${first.artistIds[0]}?albumsPage=${number}&albumsPerPage=1`,
        )
      ).json().artist.albums;
    const [one, two, three] = [await page(1), await page(2), await page(3)];
    expect([one.total, one.last_page, one.data.length, two.data.length]).toEqual([2, 2, 1, 1]);
    expect(new Set([one.data[0].name, two.data[0].name])).toEqual(
      new Set(['Counted Album', 'Other Album']),
    );
    expect(three.data).toEqual([]);
  });

  it('counts the tracks and albums listeners see as they come, are hidden, shown and go', async () => {
    const client = await new TestClient(t.app).visit();
    const totals = async () => ({
      tracks: (await client.get('/api/v1/tracks/top?perPage=1')).json().pagination.total,
      albums: (await client.get('/api/v1/channel/new-releases?perPage=1')).json().channel.content
        .total,
    });
    const before = await totals();
    const seen = async () => {
      const now = await totals();
      return [now.tracks - before.tracks, now.albums - before.albums];
    };
    const album = { album: 'Seen Album', artists: ['Seen'] };
    const one = await importTrack(t.app, t.config.dataDir, { ...album, title: 'One' });
    const two = await importTrack(t.app, t.config.dataDir, { ...album, title: 'Two' });
    expect(await seen()).toEqual([2, 1]);

    // Hidden and shown again, as a release going private and public does.
    const db = t.db.kysely;
    await db.updateTable('tracks').set({ hidden: 1 }).where('id', '=', one.trackId).execute();
    await db.updateTable('albums').set({ hidden: 1 }).where('id', '=', one.albumId!).execute();
    expect(await seen()).toEqual([1, 0]);
    await db.updateTable('tracks').set({ hidden: 0 }).where('id', '=', one.trackId).execute();
    await db.updateTable('albums').set({ hidden: 0 }).where('id', '=', one.albumId!).execute();
    expect(await seen()).toEqual([2, 1]);

    await t.app.services.catalogue.removeTracksByPaths([
      await audioPathOf(t.db.kysely, two.trackId),
    ]);
    expect(await seen()).toEqual([1, 1]);
    await t.app.services.catalogue.removeTracksByPaths([
      await audioPathOf(t.db.kysely, one.trackId),
    ]);
    // The album went with its last track.
    expect(await seen()).toEqual([0, 0]);
  });

  it('credits compilations to Various Artists', async () => {
    const result = await importTrack(t.app, t.config.dataDir, {
      artists: ['Somebody'],
      album: 'Hits of the Year',
      albumType: 'compilation',
    });
    const client = new TestClient(t.app);
    const album = (await client.get(`/api/v1/albums/${result.albumId}`)).json().album;
    expect(album.type).toBe('compilation');
    expect(album.artists.map((a: { name: string }) => a.name)).toEqual(['Various Artists']);
    expect(album.tracks[0].artists.map((a: { name: string }) => a.name)).toEqual(['Somebody']);
  });

  it('lets admins edit artists, albums and tracks and the importer set a picture; members may not', async () => {
    const { artistIds } = await importTrack(t.app, t.config.dataDir, { artists: ['Portrait'] });
    const artistId = artistIds[0]!;
    const artist = await t.app.services.catalogue.setArtistDetails(artistId, {
      image: { data: await coverPng('#00ff00'), mime: 'image/png' },
    });
    expect(artist.image_small).toMatch(/small\.webp$/);
    expect(artist.image_large).toMatch(/large\.webp$/);
    await expect(
      t.app.services.catalogue.setArtistDetails(artistId, {
        image: { data: Buffer.from('<svg onload="alert(1)">'), mime: 'image/png' },
      }),
    ).rejects.toMatchObject({ status: 422 });

    const admin = new TestClient(t.app);
    await admin.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    const links = [{ url: 'https://example.com', title: 'Website' }];
    const updated = await admin.request('PUT', `/api/v1/artists/${artistId}`, {
      bio: 'Paints with sound.',
      verified: true,
      links,
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().artist).toMatchObject({
      bio: '<p>Paints with sound.</p>',
      verified: true,
      links,
    });

    const { albumId, trackId } = await importTrack(t.app, t.config.dataDir, {
      artists: ['Portrait'],
      album: 'Sketches',
    });
    const album = await admin.request('PUT', `/api/v1/albums/${albumId}`, {
      name: 'Sketches (Deluxe)',
      type: 'ep',
      release_date: '2021-05-04',
    });
    expect(album.json().album).toMatchObject({
      name: 'Sketches (Deluxe)',
      type: 'ep',
      release_date: '2021-05-04',
      year: 2021,
    });
    const track = await admin.request('PUT', `/api/v1/tracks/${trackId}`, {
      name: 'Sketch no. 1',
      lyrics: 'La la la',
    });
    expect(track.json().track).toMatchObject({ name: 'Sketch no. 1', lyrics: 'La la la' });

    const user = await createUser(t.app);
    const member = new TestClient(t.app);
    await member.login(user.email, user.plainPassword);
    const refused = await member.request('PUT', `/api/v1/artists/${artistId}`, { bio: 'Mine' });
    expect(refused.statusCode).toBe(403);
    expect(
      (await member.request('PUT', `/api/v1/albums/${albumId}`, { name: 'Mine' })).statusCode,
    ).toBe(403);
    expect(
      (await member.request('PUT', `/api/v1/tracks/${trackId}`, { name: 'Mine' })).statusCode,
    ).toBe(403);
    expect((await member.get(`/api/v1/artists/${artistId}`)).json().artist.bio).toBe(
      '<p>Paints with sound.</p>',
    );
  });

  it('answers 404 for a missing artist, album or track', async () => {
    const client = new TestClient(t.app);
    for (const path of ['/api/v1/artists/999999', '/api/v1/albums/999999', '/api/v1/tracks/999999'])
      expect((await client.get(path)).statusCode).toBe(404);
  });
});
