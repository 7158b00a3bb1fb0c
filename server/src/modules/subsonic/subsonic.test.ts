import fs from 'node:fs';
import path from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import sharp from 'sharp';
import { SubsonicAPI } from 'subsonic-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import type { TestClient } from '../../test/test-client.js';
import { importTrack, wavBytes } from '../music/music.fixtures.js';
import { subsonicSchemaErrors } from '../../test/subsonic-schema.js';
import { SUBSONIC_NAMESPACE } from './subsonic-response.js';

/*
 * The Subsonic API driven by a third-party client (subsonic-api), as phone and desktop players
 * call it, over the same catalogue as the JSON API.
 */

let t: TestApp;
let base: string;
let apiKey: string;
let api: SubsonicAPI;
let imported: { trackId: number; albumId: number | null; artistIds: number[] };
let web: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { client } = await signedInUser(t.app);
  web = client;
  apiKey = (await client.post('/api/v1/access-tokens', { tokenName: 'Symfonium' })).json()
    .plainTextToken;
  api = new SubsonicAPI({ fetch: checkedFetch, url: base, auth: { apiKey } });
  imported = await importTrack(t.app, t.config.dataDir, {
    title: 'Blue in Green',
    artists: ['Bill Evans'],
    album: 'Portrait in Jazz',
    trackNumber: 4,
    durationMs: 330_000,
  });
});
afterAll(() => t.close());

/** An XML answer must be one the Subsonic 1.16.1 schema accepts, as strict clients read it. */
async function expectSchemaValid(response: Response, what: string) {
  if (!/xml/.test(response.headers.get('content-type') ?? '')) return;
  const errors = await subsonicSchemaErrors(await response.clone().text());
  expect(errors, `${what}: XML the Subsonic 1.16.1 schema accepts`).toEqual([]);
}

/** The raw answer of a call, for the XML schema and the errors; every XML answer is validated. */
async function call(method: string, params: Record<string, string> = {}) {
  const query = new URLSearchParams({ v: '1.16.1', c: 'test', ...params });
  const response = await fetch(`${base}/rest/${method}?${query}`);
  await expectSchemaValid(response, method);
  return response;
}

/** Calls that change nothing: asked again in XML, so the client's calls are validated too. */
const READS = /^\/rest\/(ping|get\w+|search\d)(\.view)?$/;

/**
 * The third-party client's fetch: it asks for JSON; each read it makes is asked once more as
 * XML (the default format) and that answer validated against the schema.
 */
const checkedFetch: typeof fetch = async (input, init) => {
  const response = await fetch(input, init);
  const url = new URL(input instanceof Request ? input.url : String(input));
  if ((init?.method ?? 'GET') === 'GET' && READS.test(url.pathname)) {
    url.searchParams.delete('f');
    await expectSchemaValid(await fetch(url), url.pathname);
  }
  return response;
};

const parseXml = (text: string) =>
  new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(text) as Record<
    string,
    Record<string, unknown>
  >;

describe('the Subsonic API', () => {
  it('answers ping, the license, the extensions and the folders in the envelope', async () => {
    const ping = await api.ping();
    expect(ping).toMatchObject({
      status: 'ok',
      version: '1.16.1',
      type: 'cadenza',
      openSubsonic: true,
    });
    expect(typeof (ping as { serverVersion?: unknown }).serverVersion).toBe('string');
    expect((await api.getLicense()).license.valid).toBe(true);
    const { openSubsonicExtensions } = await api.getOpenSubsonicExtensions();
    expect(openSubsonicExtensions.map((extension) => extension.name)).toEqual(
      expect.arrayContaining(['apiKeyAuthentication', 'formPost']),
    );
    expect((await api.getMusicFolders()).musicFolders.musicFolder).toEqual([
      { id: 1, name: 'Music' },
    ]);
  });

  it('reads artists, albums and songs of the catalogue', async () => {
    const artistId = String(imported.artistIds[0]);
    const { artist } = await api.getArtist({ id: artistId });
    expect(artist).toMatchObject({ id: artistId, name: 'Bill Evans', albumCount: 1 });
    expect(artist.album?.[0]).toMatchObject({ name: 'Portrait in Jazz', songCount: 1 });

    const { album } = await api.getAlbum({ id: String(imported.albumId) });
    expect(album).toMatchObject({ name: 'Portrait in Jazz', artist: 'Bill Evans', duration: 330 });
    expect(album.song?.[0]).toMatchObject({
      id: String(imported.trackId),
      title: 'Blue in Green',
      track: 4,
    });

    const { song } = await api.getSong({ id: String(imported.trackId) });
    expect(song).toMatchObject({
      title: 'Blue in Green',
      duration: 330,
      isDir: false,
      type: 'music',
    });
  });

  it('answers XML by default, in the Subsonic namespace, and JSONP with a callback', async () => {
    const xml = await call('getSong.view', { apiKey, id: String(imported.trackId) });
    expect(xml.status).toBe(200);
    expect(xml.headers.get('content-type')).toMatch(/^text\/xml/);
    const { 'subsonic-response': response } = parseXml(await xml.text());
    expect(response).toMatchObject({ xmlns: SUBSONIC_NAMESPACE, status: 'ok', version: '1.16.1' });
    expect(response!.song).toMatchObject({
      id: String(imported.trackId),
      title: 'Blue in Green',
      duration: '330',
    });

    const jsonp = await call('ping', { apiKey, f: 'jsonp', callback: 'onPing' });
    expect(await jsonp.text()).toMatch(/^onPing\(\{"subsonic-response":\{"status":"ok"/);
  });

  it('takes form posts (formPost)', async () => {
    const posting = new SubsonicAPI({
      fetch: checkedFetch,
      url: base,
      auth: { apiKey },
      post: true,
    });
    expect((await posting.getSong({ id: String(imported.trackId) })).song.title).toBe(
      'Blue in Green',
    );
  });

  it('answers failures with Subsonic’s codes and HTTP 200', async () => {
    const error = async (method: string, params: Record<string, string>) => {
      const response = await call(method, { f: 'json', ...params });
      expect(response.status).toBe(200);
      return (
        (await response.json()) as {
          'subsonic-response': { status: string; error: { code: number } };
        }
      )['subsonic-response'];
    };
    expect(await error('ping', {})).toMatchObject({ status: 'failed', error: { code: 10 } });
    expect((await error('ping', { apiKey: 'not-a-key' })).error.code).toBe(44);
    expect((await error('ping', { apiKey, u: 'someone' })).error.code).toBe(43);
    expect((await error('ping', { u: 'someone', p: 'secret' })).error.code).toBe(40);
    expect((await error('ping', { u: 'someone' })).error.code).toBe(10);
    expect((await error('noSuchMethod', { apiKey })).error.code).toBe(0);
    expect((await error('getSong', { apiKey })).error.code).toBe(10);
    expect((await error('getSong', { apiKey, id: '999999' })).error.code).toBe(70);
    expect((await error('getAlbum', { apiKey, id: '-5' })).error.code).toBe(70);
  });

  it('answers failures raised before the method in the envelope too', async () => {
    // The format is read from the query: a body over the limit is not read at all.
    const tooLarge = await fetch(`${base}/rest/ping?f=json`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ apiKey, padding: 'x'.repeat(70 * 1024) }).toString(),
    });
    expect(tooLarge.status).toBe(200);
    expect(await tooLarge.json()).toMatchObject({
      'subsonic-response': { status: 'failed', error: { code: 0 } },
    });
    const nul = await call('getSong', { apiKey, id: String(imported.trackId), c: 'te\u0000st' });
    expect(nul.status).toBe(200);
    const { 'subsonic-response': answer } = parseXml(await nul.text());
    expect(answer).toMatchObject({ status: 'failed', error: { code: '0' } });
  });

  it('streams the audio, with ranges', async () => {
    const whole = await api.stream({ id: String(imported.trackId) });
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('audio/wav');
    const bytes = Buffer.from(await whole.arrayBuffer());
    expect(bytes.subarray(0, 4).toString()).toBe('RIFF');
    const part = await call('stream', { apiKey, id: String(imported.trackId) });
    expect(part.status).toBe(200);
    const ranged = await fetch(`${base}/rest/stream?apiKey=${apiKey}&id=${imported.trackId}`, {
      headers: { range: 'bytes=0-3' },
    });
    expect(ranged.status).toBe(206);
    expect(Buffer.from(await ranged.arrayBuffer()).toString()).toBe('RIFF');
  });

  it('answers stream and download with an ETag, and honours If-Range and If-None-Match', async () => {
    const id = String(imported.trackId);
    const ranged = (method: string, headers: Record<string, string>) =>
      fetch(`${base}/rest/${method}?apiKey=${apiKey}&id=${id}`, { headers });
    await t.app.services.permissions.grant('users', 'music.download');
    try {
      for (const method of ['stream', 'download']) {
        const whole = await ranged(method, {});
        const bytes = Buffer.from(await whole.arrayBuffer());
        const etag = whole.headers.get('etag');
        expect(etag, method).toMatch(/^"[^"]+"$/);
        expect(whole.headers.get('last-modified'), method).toBeTruthy();
        expect(whole.headers.get('cache-control'), method).toMatch(/^private/);

        const fresh = await ranged(method, { range: 'bytes=4-7', 'if-range': etag! });
        expect(fresh.status, method).toBe(206);
        expect(fresh.headers.get('content-range'), method).toBe(`bytes 4-7/${bytes.length}`);
        expect(Buffer.from(await fresh.arrayBuffer()).equals(bytes.subarray(4, 8))).toBe(true);

        // The file changed since the client's copy: the whole new file, not a piece of it.
        const stale = await ranged(method, { range: 'bytes=4-7', 'if-range': '"an-older-one"' });
        expect(stale.status, method).toBe(200);
        expect(Buffer.from(await stale.arrayBuffer()).equals(bytes), method).toBe(true);

        const kept = await ranged(method, { 'if-none-match': etag! });
        expect(kept.status, method).toBe(304);

        const past = await ranged(method, { range: `bytes=${bytes.length}-` });
        expect(past.status, method).toBe(416);
        expect(past.headers.get('content-range'), method).toBe(`bytes */${bytes.length}`);
      }
    } finally {
      await t.app.services.permissions.revoke('users', 'music.download');
    }
  });

  it('transcodes to MP3 for a lower maxBitRate, a format or an offset', async () => {
    const mp3 = await api.stream({ id: String(imported.trackId), maxBitRate: 64 });
    expect(mp3.headers.get('content-type')).toBe('audio/mpeg');
    const bytes = Buffer.from(await mp3.arrayBuffer());
    // An ID3 tag, or straight into an MPEG frame.
    expect(
      bytes.subarray(0, 3).toString() === 'ID3' ||
        (bytes[0] === 0xff && (bytes[1]! & 0xe0) === 0xe0),
    ).toBe(true);
    const asked = await api.stream({ id: String(imported.trackId), format: 'mp3' });
    expect(asked.headers.get('content-type')).toBe('audio/mpeg');
    const raw = await api.stream({ id: String(imported.trackId), format: 'raw', maxBitRate: 64 });
    expect(raw.headers.get('content-type')).toBe('audio/wav');
  });

  it('searches the catalogue with the search service', async () => {
    const { searchResult3 } = await api.search3({ query: 'blue green' });
    expect(searchResult3.song?.map((song) => song.title)).toEqual(['Blue in Green']);
    expect(searchResult3.artist ?? []).toEqual([]);
  });

  it('searches songs, albums and artists at once, as the web player: no typos where a song matched', async () => {
    // A typo away from "blue green": an artist the search finds only when nothing matched as typed.
    const at = new Date().toISOString();
    const { id } = await t.db.kysely
      .insertInto('artists')
      .values({ name: 'Blue Grean', name_key: 'blue grean', created_at: at, updated_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    try {
      expect((await api.search3({ query: 'blue grean' })).searchResult3.artist).toMatchObject([
        { name: 'Blue Grean' },
      ]);
      const { searchResult3 } = await api.search3({ query: 'blue green' });
      expect(searchResult3.song?.map((song) => song.title)).toEqual(['Blue in Green']);
      expect(searchResult3.artist ?? []).toEqual([]);
    } finally {
      await t.db.kysely.deleteFrom('artists').where('id', '=', id).execute();
    }
  });

  it('stars as the web player likes, both ways', async () => {
    const id = String(imported.trackId);
    await api.star({ id, albumId: String(imported.albumId) });
    const { starred2 } = await api.getStarred2({});
    expect(starred2.song?.map((song) => song.id)).toEqual([id]);
    expect(starred2.album?.map((album) => album.id)).toEqual([String(imported.albumId)]);
    expect((await web.get(`/api/v1/tracks/${id}`)).json().track.is_liked).toBe(true);
    await api.unstar({ id });
    expect((await web.get(`/api/v1/tracks/${id}`)).json().track.is_liked).toBe(false);
  });

  it('counts a scrobble as a play of the web player, and shows what plays now', async () => {
    const id = String(imported.trackId);
    await api.scrobble({ id, submission: false });
    const { nowPlaying } = await api.getNowPlaying();
    expect(nowPlaying.entry?.map((entry) => entry.title)).toEqual(['Blue in Green']);
    // Nobody else sees it, and no name shown is an e-mail address.
    expect(JSON.stringify(nowPlaying)).not.toContain('@');
    const { client: otherClient } = await signedInUser(t.app);
    const otherKey = (await otherClient.post('/api/v1/access-tokens', { tokenName: 'Sub' })).json()
      .plainTextToken;
    const other = new SubsonicAPI({ fetch: checkedFetch, url: base, auth: { apiKey: otherKey } });
    expect((await other.getNowPlaying()).nowPlaying.entry ?? []).toEqual([]);
    const history = () => web.get('/api/v1/users/me/history').then((r) => r.json().pagination);
    expect((await history()).total).toBe(0);

    await api.scrobble({ id });
    await api.scrobble({ id });
    const played = await history();
    // Counted once, as a replay within minutes is in the web player.
    expect(played.data.map((track: { name: string }) => track.name)).toEqual(['Blue in Green']);
    expect(played.total).toBe(1);

    // A client that was offline sends its listens later, each with the time it was heard.
    const twoHoursAgo = Date.now() - 2 * 3600_000;
    await api.scrobble({ id, time: twoHoursAgo });
    // A clock in the future is not believed: that listen is the one just counted.
    await api.scrobble({ id, time: Date.now() + 3600_000 });
    const offline = await history();
    expect(offline.total).toBe(2);
    expect(Date.parse(offline.data[1].played_at)).toBe(twoHoursAgo);
  });

  it('serves the same playlists, with the same privacy', async () => {
    const mine = (await web.post('/api/v1/playlists', { name: 'Late night', public: false })).json()
      .playlist;
    await web.post(`/api/v1/playlists/${mine.id}/tracks`, { trackIds: [imported.trackId] });
    const { playlists } = await api.getPlaylists({});
    expect(playlists.playlist?.map((playlist) => playlist.name)).toEqual(['Late night']);
    const { playlist } = await api.getPlaylist({ id: String(mine.id) });
    expect(playlist).toMatchObject({
      name: 'Late night',
      songCount: 1,
      duration: 330,
      public: false,
    });
    expect(playlist.entry?.map((entry) => entry.title)).toEqual(['Blue in Green']);

    // Another user's private playlist: invisible through /rest and through the JSON API alike.
    const other = await signedInUser(t.app);
    const theirs = (
      await other.client.post('/api/v1/playlists', { name: 'Diary', public: false })
    ).json().playlist;
    const hidden = await call('getPlaylist', { apiKey, id: String(theirs.id), f: 'json' });
    const body = (await hidden.json()) as {
      'subsonic-response': { error?: { code: number }; playlist?: unknown };
    };
    expect(body['subsonic-response'].error?.code).toBe(70);
    expect(body['subsonic-response'].playlist).toBeUndefined();
    expect((await web.get(`/api/v1/playlists/${theirs.id}`)).statusCode).toBe(404);
  });
});

describe('browsing as music apps do', () => {
  const ids: Record<string, { trackId: number; albumId: number | null; artistIds: number[] }> = {};

  beforeAll(async () => {
    const add = (key: string, input: Parameters<typeof importTrack>[2]) =>
      importTrack(t.app, t.config.dataDir, input).then((result) => (ids[key] = result));
    await add('quiet1', {
      title: 'Hush',
      artists: ['The Quiet Ones'],
      album: 'Low Light',
      year: 1999,
      genres: ['Ambient'],
    });
    await add('quiet2', {
      title: 'Murmur',
      artists: ['The Quiet Ones'],
      album: 'Low Light',
      year: 1999,
      genres: ['Ambient'],
      trackNumber: 2,
    });
    await add('alto', {
      title: 'Aria',
      artists: ['Alto Club'],
      album: 'Arches',
      year: 2015,
      genres: ['Jazz'],
    });
    await add('zeta', {
      title: 'Zenith',
      artists: ['Zeta'],
      album: 'Zero Hour',
      year: 2021,
      genres: ['Jazz'],
    });
  });

  it('indexes artists by first letter, articles ignored', async () => {
    const { artists } = await api.getArtists({});
    const letters = Object.fromEntries(
      artists.index!.map((group) => [
        group.name,
        (group.artist ?? []).map((artist) => artist.name),
      ]),
    );
    expect(letters).toMatchObject({
      A: ['Alto Club'],
      B: ['Bill Evans'],
      Q: ['The Quiet Ones'],
      Z: ['Zeta'],
    });
    expect(artists.ignoredArticles).toContain('The');
  });

  it('browses folders: artists, their albums, the songs', async () => {
    const { indexes } = await api.getIndexes({});
    const quiet = indexes
      .index!.flatMap((group) => group.artist ?? [])
      .find((artist) => artist?.name === 'The Quiet Ones')!;
    const artistDir = (await api.getMusicDirectory({ id: quiet.id })).directory;
    expect(artistDir.child?.map((child) => [child.title, child.isDir])).toEqual([
      ['Low Light', true],
    ]);
    const albumDir = (await api.getMusicDirectory({ id: artistDir.child![0]!.id })).directory;
    expect(albumDir.child?.map((child) => child.title)).toEqual(['Hush', 'Murmur']);
  });

  it('lists albums of every type', async () => {
    const names = async (args: Parameters<typeof api.getAlbumList2>[0]) =>
      ((await api.getAlbumList2(args)).albumList2.album ?? []).map((album) => album.name);
    expect(await names({ type: 'alphabeticalByName', size: 10 })).toEqual([
      'Arches',
      'Low Light',
      'Portrait in Jazz',
      'Zero Hour',
    ]);
    expect(await names({ type: 'alphabeticalByArtist', size: 10 })).toEqual([
      'Arches',
      'Portrait in Jazz',
      'Low Light',
      'Zero Hour',
    ]);
    expect(await names({ type: 'newest', size: 2 })).toEqual(['Zero Hour', 'Arches']);
    expect(await names({ type: 'alphabeticalByName', size: 2, offset: 2 })).toEqual([
      'Portrait in Jazz',
      'Zero Hour',
    ]);
    expect(await names({ type: 'byYear', fromYear: 2000, toYear: 2030, size: 10 })).toEqual([
      'Arches',
      'Portrait in Jazz',
      'Zero Hour',
    ]);
    expect(await names({ type: 'byYear', fromYear: 2030, toYear: 2016, size: 10 })).toEqual([
      'Zero Hour',
      'Portrait in Jazz',
    ]);
    expect((await names({ type: 'byGenre', genre: 'Jazz', size: 10 })).sort()).toEqual([
      'Arches',
      'Zero Hour',
    ]);
    expect(await names({ type: 'random', size: 10 })).toHaveLength(4);
    expect(await names({ type: 'recent', size: 10 })).toEqual(['Portrait in Jazz']);
    await api.star({ albumId: String(ids.zeta!.albumId) });
    // The album starred earlier stays starred; the newest star comes first.
    expect(await names({ type: 'starred', size: 10 })).toEqual(['Zero Hour', 'Portrait in Jazz']);
    expect(
      (await api.getAlbumList({ type: 'frequent', size: 1 })).albumList.album?.[0]?.title,
    ).toBe('Portrait in Jazz');
    const missingType = await call('getAlbumList2', { apiKey, f: 'json' });
    expect(
      ((await missingType.json()) as { 'subsonic-response': { error: { code: number } } })[
        'subsonic-response'
      ].error.code,
    ).toBe(10);
  });

  it('shows an edit at once in the album lists kept for everyone, with each listener’s own stars', async () => {
    const { client: other } = await signedInUser(t.app);
    const otherKey = (await other.post('/api/v1/access-tokens', { tokenName: 'Feishin' })).json()
      .plainTextToken;
    const otherApi = new SubsonicAPI({
      fetch: checkedFetch,
      url: base,
      auth: { apiKey: otherKey },
    });
    const newest = async (client: SubsonicAPI) =>
      ((await client.getAlbumList2({ type: 'newest', size: 2 })).albumList2.album ?? []).map(
        (album) => [album.name, album.starred !== undefined],
      );
    await api.unstar({ albumId: String(ids.quiet1!.albumId) });
    const before = await newest(api);
    expect(before.map(([name]) => name)).not.toContain('Low Light');
    expect(await newest(otherApi)).toEqual(before.map(([name]) => [name, false]));

    // Low Light is added again (as a re-import dates it), and starred by one listener only.
    const album = await t.db.kysely
      .selectFrom('albums')
      .select('created_at')
      .where('id', '=', ids.quiet1!.albumId)
      .executeTakeFirstOrThrow();
    await t.db.kysely
      .updateTable('albums')
      .set({ created_at: new Date().toISOString() })
      .where('id', '=', ids.quiet1!.albumId)
      .execute();
    await api.star({ albumId: String(ids.quiet1!.albumId) });
    expect((await newest(api))[0]).toEqual(['Low Light', true]);
    expect((await newest(otherApi))[0]).toEqual(['Low Light', false]);

    await api.unstar({ albumId: String(ids.quiet1!.albumId) });
    await t.db.kysely
      .updateTable('albums')
      .set({ created_at: album.created_at })
      .where('id', '=', ids.quiet1!.albumId)
      .execute();
    expect(await newest(api)).toEqual(before);
  });

  it('keeps the listener’s ratings of songs, albums and artists, and lists the best rated', async () => {
    const song = String(ids.alto!.trackId);
    await api.setRating({ id: song, rating: 4 });
    await api.setRating({ id: `al-${ids.quiet1!.albumId}`, rating: 3 });
    await api.setRating({ id: `al-${ids.alto!.albumId}`, rating: 5 });
    await api.setRating({ id: `ar-${ids.zeta!.artistIds[0]}`, rating: 2 });
    await api.star({ id: song });
    const { song: rated } = await api.getSong({ id: song });
    expect(rated.userRating).toBe(4);
    expect(Date.parse(String(rated.starred))).toBeGreaterThan(Date.now() - 60_000);
    const { albumList2 } = await api.getAlbumList2({ type: 'highest', size: 10 });
    expect(albumList2.album?.map((album) => [album.name, album.userRating])).toEqual([
      ['Arches', 5],
      ['Low Light', 3],
    ]);
    // Another listener sees none of it.
    const { client: other } = await signedInUser(t.app);
    const otherKey = (await other.post('/api/v1/access-tokens', { tokenName: 'DSub' })).json()
      .plainTextToken;
    const otherApi = new SubsonicAPI({
      fetch: checkedFetch,
      url: base,
      auth: { apiKey: otherKey },
    });
    expect((await otherApi.getSong({ id: song })).song.userRating).toBeUndefined();
    expect((await otherApi.getAlbumList2({ type: 'highest' })).albumList2.album ?? []).toEqual([]);
    // 0 takes a rating back.
    await api.setRating({ id: `al-${ids.quiet1!.albumId}`, rating: 0 });
    expect(
      ((await api.getAlbumList2({ type: 'highest' })).albumList2.album ?? []).map((a) => a.name),
    ).toEqual(['Arches']);
    await api.unstar({ id: song });

    const failure = async (params: Record<string, string>) =>
      (
        (await (await call('setRating', { apiKey, f: 'json', ...params })).json()) as {
          'subsonic-response': { error: { code: number; message: string } };
        }
      )['subsonic-response'].error;
    expect(await failure({ id: song, rating: '6' })).toEqual({
      code: 0,
      message: 'The rating must be a whole number from 0 to 5.',
    });
    expect((await failure({ id: '999999', rating: '3' })).code).toBe(70);
    expect((await failure({ id: `al-999999`, rating: '3' })).code).toBe(70);
    expect((await failure({ rating: '3' })).code).toBe(10);
    expect((await failure({ id: song })).code).toBe(10);
  });

  it('picks random songs, lists genres with their counts and songs of a genre', async () => {
    const { randomSongs } = await api.getRandomSongs({ size: 3, genre: 'Ambient' });
    expect(randomSongs.song?.map((song) => song.title).sort()).toEqual(['Hush', 'Murmur']);
    const { genres } = await api.getGenres();
    expect(genres.genre?.find((genre) => genre.value === 'Ambient')).toMatchObject({
      songCount: 2,
      albumCount: 1,
    });
    const { songsByGenre } = await api.getSongsByGenre({ genre: 'Jazz', count: 10 });
    expect(songsByGenre.song?.map((song) => song.title).sort()).toEqual(['Aria', 'Zenith']);
  });

  it('walks the whole catalogue with an empty search, each song exactly once', async () => {
    const seen: string[] = [];
    for (let offset = 0; ; offset += 2) {
      const { searchResult3 } = await api.search3({
        query: '',
        songCount: 2,
        songOffset: offset,
        artistCount: 0,
        albumCount: 0,
      });
      const songs = searchResult3.song ?? [];
      seen.push(...songs.map((song) => song.id));
      if (songs.length < 2) break;
    }
    expect(seen).toHaveLength(5);
    expect(new Set(seen).size).toBe(5);
    const { searchResult2 } = await api.search2({ query: 'zenith' });
    expect(searchResult2.song?.map((song) => song.title)).toEqual(['Zenith']);
    expect((await api.getStarred({})).starred.album?.map((album) => album.title)).toEqual([
      'Zero Hour',
      'Portrait in Jazz',
    ]);
  });
});

describe('playlists, files, pictures, lyrics and the account', () => {
  it('creates, changes and deletes playlists as the web player does', async () => {
    const songs = [String(imported.trackId)];
    const { playlist } = await api.createPlaylist({ name: 'Road trip', songId: songs });
    expect(playlist).toMatchObject({ name: 'Road trip', songCount: 1 });
    const id = playlist.id;
    await api.updatePlaylist({
      playlistId: id,
      name: 'Road trip 2',
      public: true,
      songIndexToRemove: [0],
    });
    expect((await api.getPlaylist({ id })).playlist).toMatchObject({
      name: 'Road trip 2',
      public: true,
      songCount: 0,
    });
    await api.updatePlaylist({ playlistId: id, songIdToAdd: songs });
    expect((await api.getPlaylist({ id })).playlist.songCount).toBe(1);
    expect((await web.get(`/api/v1/playlists/${id}`)).json().playlist.name).toBe('Road trip 2');

    const other = await signedInUser(t.app);
    const theirs = (
      await other.client.post('/api/v1/playlists', { name: 'Theirs', public: true })
    ).json().playlist;
    const refused = await call('deletePlaylist', { apiKey, id: String(theirs.id), f: 'json' });
    const body = (await refused.json()) as { 'subsonic-response': { error: { code: number } } };
    expect(body['subsonic-response'].error.code).toBe(50);
    expect((await other.client.get(`/api/v1/playlists/${theirs.id}`)).statusCode).toBe(200);

    await api.deletePlaylist({ id });
    const gone = await call('getPlaylist', { apiKey, id, f: 'json' });
    expect(
      ((await gone.json()) as { 'subsonic-response': { error: { code: number } } })[
        'subsonic-response'
      ].error.code,
    ).toBe(70);
  });

  it('downloads only where the plan allows it', async () => {
    const refused = await call('download', { apiKey, id: String(imported.trackId), f: 'json' });
    const body = (await refused.json()) as {
      'subsonic-response': { error: { code: number; message: string } };
    };
    expect(body['subsonic-response'].error).toEqual({
      code: 50,
      message: 'Downloads come with a plan that includes them.',
    });
    await t.app.services.permissions.grant('users', 'music.download');
    try {
      const file = await api.download({ id: String(imported.trackId) });
      expect(file.headers.get('content-disposition')).toMatch(
        /^attachment; filename="Blue in Green\.wav"/,
      );
      expect(
        Buffer.from(await file.arrayBuffer())
          .subarray(0, 4)
          .toString(),
      ).toBe('RIFF');
    } finally {
      await t.app.services.permissions.revoke('users', 'music.download');
    }
  });

  it('serves covers at the size asked for, resized once', async () => {
    const storage = t.app.services.storage;
    const png = await sharp({
      create: { width: 600, height: 600, channels: 3, background: '#246' },
    })
      .png()
      .toBuffer();
    await storage.put('albums/portrait.png', png);
    await t.app.services.db.kysely
      .updateTable('albums')
      .set({ image: storage.url('albums/portrait.png') })
      .where('id', '=', imported.albumId!)
      .execute();
    const cover = await api.getCoverArt({ id: `al-${imported.albumId}`, size: 100 });
    expect(cover.headers.get('content-type')).toBe('image/jpeg');
    const meta = await sharp(Buffer.from(await cover.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([128, 128]);
    expect(await storage.read(`cache/covers/albums_portrait_png-128.jpg`)).toBeDefined();
    const viaSong = await api.getCoverArt({ id: `tr-${imported.trackId}` });
    expect(viaSong.headers.get('content-type')).toBe('image/png');
    const none = await call('getCoverArt', { apiKey, id: 'al-999999', f: 'json' });
    expect(
      ((await none.json()) as { 'subsonic-response': { error: { code: number } } })[
        'subsonic-response'
      ].error.code,
    ).toBe(70);
  });

  it('gives artist and album information, top and similar songs', async () => {
    const artistId = String(imported.artistIds[0]);
    const { artistInfo2 } = await api.getArtistInfo2({ id: artistId });
    expect(artistInfo2.similarArtist ?? []).toEqual(expect.any(Array));
    const { albumInfo } = await api.getAlbumInfo2({ id: String(imported.albumId) });
    expect(albumInfo.largeImageUrl).toMatch(/^http:\/\/.+\/storage\/albums\/portrait\.png$/);
    const { topSongs } = await api.getTopSongs({ artist: 'bill evans' });
    expect(topSongs.song?.map((song) => song.title)).toEqual(['Blue in Green']);
    const { similarSongs2 } = await api.getSimilarSongs2({ id: artistId });
    expect(similarSongs2.song ?? []).toEqual(expect.any(Array));
  });

  it('reads lyrics, synced lines with their start', async () => {
    await t.app.services.db.kysely
      .updateTable('tracks')
      .set({
        lyrics: 'Blue\nin green',
        synced_lyrics: JSON.stringify([
          { time_ms: 1000, text: 'Blue' },
          { time_ms: 4500, text: 'in green' },
        ]),
      })
      .where('id', '=', imported.trackId)
      .execute();
    const { lyrics } = await api.getLyrics({ artist: 'Bill Evans', title: 'Blue in Green' });
    expect(lyrics).toMatchObject({
      artist: 'Bill Evans',
      title: 'Blue in Green',
      value: 'Blue\nin green',
    });
    const { lyricsList } = await api.getLyricsBySongId({ id: String(imported.trackId) });
    // The client's types list the lyrics directly; the extension's answer wraps them.
    const { structuredLyrics } = lyricsList as unknown as { structuredLyrics: unknown[] };
    expect(structuredLyrics[0]).toMatchObject({
      synced: true,
      line: [
        { start: 1000, value: 'Blue' },
        { start: 4500, value: 'in green' },
      ],
    });
  });

  it('keeps one play queue for the web player and music apps', async () => {
    const id = String(imported.trackId);
    await api.savePlayQueue({ id: [id, '999999'], current: id, position: 42_000 });
    const saved = (await web.get('/api/v1/me/play-queue')).json().queue;
    expect(saved).toMatchObject({
      current: imported.trackId,
      position_ms: 42_000,
      changed_by: 'subsonic-api',
    });
    expect(saved.tracks.map((track: { id: number }) => track.id)).toEqual([imported.trackId]);

    await web.request('PUT', '/api/v1/me/play-queue', {
      track_ids: [imported.trackId],
      current: null,
      position_ms: 0,
    });
    const { playQueue } = await api.getPlayQueue();
    expect(playQueue).toMatchObject({ changedBy: 'Web player', position: 0 });
    expect(playQueue?.entry?.map((entry) => entry.title)).toEqual(['Blue in Green']);

    const other = await signedInUser(t.app);
    expect((await other.client.get('/api/v1/me/play-queue')).json().queue).toBeNull();
  });

  it('shows the caller their own account only', async () => {
    const me = (await web.get('/api/v1/me')).json().user;
    const name = me.username ?? me.email;
    const { user } = await api.getUser({ username: name });
    expect(user).toMatchObject({
      username: name,
      streamRole: true,
      adminRole: false,
      downloadRole: false,
    });
    const other = await call('getUser', { apiKey, username: 'admin', f: 'json' });
    expect(
      ((await other.json()) as { 'subsonic-response': { error: { code: number } } })[
        'subsonic-response'
      ].error.code,
    ).toBe(50);
  });
});

describe('access', () => {
  it('refuses the catalogue, the audio and the caller’s stars, ratings, queue and plays with error 50 where music.view is revoked, as JSON does', async () => {
    const { client } = await signedInUser(t.app);
    const key = (await client.post('/api/v1/access-tokens', { tokenName: 'Tempo' })).json()
      .plainTextToken;
    const codeOf = async (method: string, params: Record<string, string> = {}) => {
      const response = await call(method, { apiKey: key, f: 'json', ...params });
      const body = (await response.json()) as {
        'subsonic-response': { status: string; error?: { code: number } };
      };
      return body['subsonic-response'].error?.code ?? body['subsonic-response'].status;
    };
    const id = String(imported.trackId);
    const album = String(imported.albumId);
    const reads: [string, Record<string, string>][] = [
      ['search3', { query: 'blue' }],
      ['search2', { query: '' }],
      ['getAlbum', { id: album }],
      ['getSong', { id }],
      ['getArtist', { id: String(imported.artistIds[0]) }],
      ['getArtists', {}],
      ['getAlbumList2', { type: 'newest' }],
      ['getRandomSongs', {}],
      ['getGenres', {}],
      ['getLyricsBySongId', { id }],
      ['getPlaylists', {}],
      ['getCoverArt', { id: `al-${album}` }],
      ['stream', { id }],
      ['download', { id }],
      // The caller's own marks, queue and plays need music.view too.
      ['getStarred', {}],
      ['getStarred2', {}],
      ['getAlbumList', { type: 'starred' }],
      ['getAlbumList2', { type: 'starred' }],
      ['getAlbumList2', { type: 'highest' }],
      ['getPlayQueue', {}],
      ['savePlayQueue', { id }],
      ['star', { id }],
      ['unstar', { id }],
      ['setRating', { id, rating: '4' }],
      ['scrobble', { id }],
      ['scrobble', { id, submission: 'false' }],
      ['getNowPlaying', {}],
    ];
    const created = await call('createPlaylist', { apiKey: key, f: 'json', name: 'Road' });
    const playlistId = String(
      ((await created.json()) as { 'subsonic-response': { playlist: { id: string } } })[
        'subsonic-response'
      ].playlist.id,
    );
    // The caller's own playlists are not theirs to change without it either.
    const playlistWrites: [string, Record<string, string>][] = [
      ['createPlaylist', { name: 'Night' }],
      ['updatePlaylist', { playlistId, name: 'Renamed', songIdToAdd: id }],
      ['createPlaylist', { playlistId, songId: id }],
      ['deletePlaylist', { id: playlistId }],
    ];
    expect(await codeOf('getAlbum', { id: album })).toBe('ok');
    // The same calls answer for one who may listen.
    for (const [method, params] of reads.filter(
      ([m]) => !['stream', 'download', 'getCoverArt'].includes(m),
    ))
      expect(await codeOf(method, params), method).toBe('ok');
    await t.app.services.permissions.revoke('users', 'music.view');
    try {
      expect((await client.get(`/api/v1/albums/${album}`)).statusCode).toBe(403);
      for (const [method, params] of [...reads, ...playlistWrites])
        expect(await codeOf(method, params), method).toBe(50);
      const stream = await call('stream', { apiKey: key, id });
      expect(stream.headers.get('content-type')).toMatch(/^text\/xml/);
    } finally {
      await t.app.services.permissions.grant('users', 'music.view');
    }
    expect(await codeOf('getAlbum', { id: album })).toBe('ok');
    const kept = await call('getPlaylists', { apiKey: key, f: 'json' });
    const names = (
      (await kept.json()) as {
        'subsonic-response': { playlists: { playlist: { name: string; songCount: number }[] } };
      }
    )['subsonic-response'].playlists.playlist;
    expect(names).toEqual([expect.objectContaining({ name: 'Road', songCount: 0 })]);
  });
});

describe('signing in with the music apps password', () => {
  it('accepts the generated password as p, enc: or a salted token, never the login password', async () => {
    const { client, user } = await signedInUser(t.app);
    expect((await client.get('/api/v1/me/music-apps')).json()).toMatchObject({
      server_url: t.config.appUrl,
      has_password: false,
    });
    const { password } = (await client.post('/api/v1/me/music-apps/password')).json();
    expect(password).toMatch(/^[a-z2-9]{20}$/);
    const status = (await client.get('/api/v1/me/music-apps')).json();
    expect(status).toMatchObject({ has_password: true, last_used_at: null });
    expect(JSON.stringify(status)).not.toContain(password);

    // subsonic-api signs in with u, t = md5(password + s) and s.
    const withToken = new SubsonicAPI({
      fetch: checkedFetch,
      url: base,
      auth: { username: user.email, password },
    });
    expect((await withToken.ping()).status).toBe('ok');
    const code = async (params: Record<string, string>) => {
      const response = await call('ping', { f: 'json', ...params });
      const body = (await response.json()) as {
        'subsonic-response': { status: string; error?: { code: number } };
      };
      return body['subsonic-response'].error?.code ?? 'ok';
    };
    expect(await code({ u: user.email, p: password })).toBe('ok');
    expect(await code({ u: user.email, p: `enc:${Buffer.from(password).toString('hex')}` })).toBe(
      'ok',
    );
    expect(await code({ u: user.email, p: user.plainPassword })).toBe(40);
    expect((await client.get('/api/v1/me/music-apps')).json().last_used_at).not.toBeNull();

    await client.request('DELETE', '/api/v1/me/music-apps/password');
    expect(await code({ u: user.email, p: password })).toBe(40);
  });

  it('throttles wrong passwords like logins', async () => {
    const { client, user } = await signedInUser(t.app);
    const { password } = (await client.post('/api/v1/me/music-apps/password')).json();
    const attempt = async (p: string) => {
      const response = await call('ping', { f: 'json', u: user.email, p });
      return (
        (await response.json()) as {
          'subsonic-response': { error?: { code: number; message: string } };
        }
      )['subsonic-response'].error;
    };
    for (let i = 0; i < 10; i++) expect((await attempt('wrong'))?.code).toBe(40);
    // Even the right password waits now.
    expect(await attempt(password)).toEqual({
      code: 40,
      message: 'Too many failed attempts. Please wait a minute.',
    });
  });
});

describe('the sign-in throttle', () => {
  const attempt = async (u: string, p: string, ip: string) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/rest/ping?${new URLSearchParams({ v: '1.16.1', c: 'test', f: 'json', u, p })}`,
      remoteAddress: ip,
    });
    return (response.json() as { 'subsonic-response': { error?: { message: string } } })[
      'subsonic-response'
    ].error?.message;
  };

  it('counts a name with spaces or capitals as the account it signs in to', async () => {
    const { client, user } = await signedInUser(t.app);
    const { password } = (await client.post('/api/v1/me/music-apps/password')).json();
    const ip = '203.0.113.7';
    const spellings = [user.email, ` ${user.email}`, `${user.email}  `, user.email.toUpperCase()];
    for (let i = 0; i < 10; i++) await attempt(spellings[i % spellings.length]!, 'wrong', ip);
    for (const spelling of spellings) {
      expect(await attempt(spelling, password, ip), JSON.stringify(spelling)).toBe(
        'Too many failed attempts. Please wait a minute.',
      );
    }
  });

  it('limits failed sign-ins per address to 60 a minute, across accounts', async () => {
    const { client, user } = await signedInUser(t.app);
    const { password } = (await client.post('/api/v1/me/music-apps/password')).json();
    const ip = '203.0.113.8';
    for (let i = 0; i < 60; i++) {
      expect(await attempt(`nobody-${i}@example.com`, 'wrong', ip)).toBe(
        'Wrong username or password.',
      );
    }
    expect(await attempt(user.email, password, ip)).toBe(
      'Too many failed attempts. Please wait a minute.',
    );
    // Another address is not held up, and a good sign-in does not count.
    expect(await attempt(user.email, password, '203.0.113.9')).toBeUndefined();
  });
});

describe('the library scan', () => {
  it('is for admins: the status, and a scan of the folder imported last', async () => {
    const { client } = await signedInUser(t.app, { roles: ['admin'] });
    const adminKey = (await client.post('/api/v1/access-tokens', { tokenName: 'Feishin' })).json()
      .plainTextToken;
    const admin = new SubsonicAPI({ fetch: checkedFetch, url: base, auth: { apiKey: adminKey } });
    expect((await admin.getScanStatus()).scanStatus).toMatchObject({ scanning: false, count: 0 });
    const first = await call('startScan', { apiKey: adminKey, f: 'json' });
    expect(
      ((await first.json()) as { 'subsonic-response': { error: { code: number } } })[
        'subsonic-response'
      ].error.code,
    ).toBe(0);

    const folder = path.join(t.config.dataDir, 'scan-me');
    fs.mkdirSync(folder, { recursive: true });
    fs.writeFileSync(path.join(folder, 'take.wav'), wavBytes(1));
    await t.app.services.library.importFolder(folder);
    expect((await admin.getScanStatus()).scanStatus).toMatchObject({ scanning: false, count: 1 });
    expect((await admin.startScan()).scanStatus.scanning).toBe(true);
    await t.app.services.library.idle();
    expect((await admin.getScanStatus()).scanStatus).toMatchObject({ scanning: false, count: 1 });

    const refused = await call('getScanStatus', { apiKey, f: 'json' });
    expect(
      ((await refused.json()) as { 'subsonic-response': { error: { code: number } } })[
        'subsonic-response'
      ].error.code,
    ).toBe(50);
  });
});

describe('XML answers', () => {
  // `call` validates each against the Subsonic 1.16.1 schema (see expectSchemaValid).
  it('are valid by the Subsonic 1.16.1 schema, with the element each method answers', async () => {
    const id = String(imported.trackId);
    const calls: [string, Record<string, string>, string][] = [
      ['getArtist', { id: String(imported.artistIds[0]) }, 'artist'],
      ['getAlbum', { id: String(imported.albumId) }, 'album'],
      ['getSong', { id }, 'song'],
      ['getArtists', {}, 'artists'],
      ['getIndexes', {}, 'indexes'],
      ['getAlbumList2', { type: 'newest' }, 'albumList2'],
      ['getAlbumList', { type: 'newest' }, 'albumList'],
      ['search3', { query: 'blue' }, 'searchResult3'],
      ['getRandomSongs', {}, 'randomSongs'],
      ['getGenres', {}, 'genres'],
      ['getPlaylists', {}, 'playlists'],
      ['getStarred2', {}, 'starred2'],
      ['getLicense', {}, 'license'],
      ['getMusicFolders', {}, 'musicFolders'],
      ['search2', { query: 'blue' }, 'searchResult2'],
      ['getStarred', {}, 'starred'],
      ['getArtistInfo2', { id: String(imported.artistIds[0]) }, 'artistInfo2'],
      ['getAlbumInfo2', { id: String(imported.albumId) }, 'albumInfo'],
      ['getMusicDirectory', { id: `al-${imported.albumId}` }, 'directory'],
      ['getNowPlaying', {}, 'nowPlaying'],
      ['getLyrics', { artist: 'Bill Evans', title: 'Blue in Green' }, 'lyrics'],
    ];
    for (const [method, params, element] of calls) {
      const text = await (await call(method, { apiKey, ...params })).text();
      const { 'subsonic-response': response } = parseXml(text);
      expect(response, method).toMatchObject({
        xmlns: SUBSONIC_NAMESPACE,
        status: 'ok',
        version: '1.16.1',
      });
      expect(response![element], `${method} answers <${element}>`).toBeDefined();
    }
    const albums = parseXml(await (await call('getAlbumList2', { apiKey, type: 'newest' })).text());
    const album = ([] as Record<string, string>[]).concat(
      (albums['subsonic-response']!.albumList2 as { album: Record<string, string>[] }).album,
    )[0]!;
    expect(Object.keys(album)).toEqual(
      expect.arrayContaining(['id', 'name', 'songCount', 'created']),
    );
  }, 60_000); // Each answer is validated by xmllint, compiled to WebAssembly: slow on busy machines.
});
