import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../../test/factories.js';
import { multipartFile } from '../../../test/multipart.js';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  createTestApp,
  type TestApp,
} from '../../../test/test-app.js';
import { TestClient } from '../../../test/test-client.js';
import { importTrack } from '../music.fixtures.js';

const RECORDING = '0f8d1f7a-3b3c-4a6e-9d0e-1a2b3c4d5e6f';
const RELEASE = '5b9a1c2d-7e8f-4a1b-8c2d-3e4f5a6b7c8d';
const ARTIST = 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d';

/** A short FLAC tone tagged as MusicBrainz Picard tags files (Vorbis comments). */
function taggedFlac(file: string, tags: Record<string, string>) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const metadata = Object.entries(tags).flatMap(([key, value]) => ['-metadata', `${key}=${value}`]);
  execFileSync('ffmpeg', [
    ...['-v', 'error', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=1'],
    ...metadata,
    ...['-y', file],
  ]);
}

interface Report {
  format: string;
  total: number;
  matched: number;
  unmatched: {
    position: number;
    title: string | null;
    artist: string | null;
    location: string | null;
  }[];
}

describe('playlist files', () => {
  let t: TestApp;
  let library: string;
  let admin: TestClient;
  const ids: Record<'agua' | 'night' | 'third' | 'hidden' | 'uploaded', number> = {
    agua: 0,
    night: 0,
    third: 0,
    hidden: 0,
    uploaded: 0,
  };
  const file = (relative: string) => path.join(library, relative);

  async function trackIdOf(title: string): Promise<number> {
    const row = await t.db.kysely
      .selectFrom('tracks')
      .select('id')
      .where('name', '=', title)
      .executeTakeFirstOrThrow();
    return row.id;
  }

  const upload = (client: TestClient, data: Buffer | string, filename = 'list.m3u8') => {
    const form = multipartFile(Buffer.from(data), { filename, fields: { file_name: filename } });
    return client.request('POST', '/api/v1/playlists/import', form.body, { headers: form.headers });
  };

  const trackIdsOf = async (client: TestClient, playlistId: number) =>
    (await client.get(`/api/v1/playlists/${playlistId}/tracks?perPage=50`))
      .json()
      .pagination.data.map((track: { id: number }) => track.id);

  beforeAll(async () => {
    library = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-playlists-')));
    taggedFlac(file('Ana Lima/Mar/01 Água.flac'), {
      title: 'Água',
      artist: 'Ana Lima',
      album: 'Mar',
      MUSICBRAINZ_TRACKID: RECORDING,
      MUSICBRAINZ_ALBUMID: RELEASE,
      MUSICBRAINZ_ARTISTID: ARTIST,
    });
    taggedFlac(file('Bö Ström/Roads/02 Night Drive.flac'), {
      title: 'Night Drive',
      artist: 'Bö Ström',
      album: 'Roads',
    });
    taggedFlac(file('Cy/Third/03.flac'), { title: 'Third Song', artist: 'Cy', album: 'Third' });
    taggedFlac(file('Cy/Third/04.flac'), { title: 'Unreleased', artist: 'Cy', album: 'Third' });

    t = await createTestApp({ LIBRARY_FOLDERS: library, APP_URL: 'http://cadenza.test' });
    admin = await new TestClient(t.app).visit();
    await admin.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    const started = await admin.post('/api/v1/admin/library/imports', { folder: library });
    const jobId = started.json().job.id;
    for (let i = 0; i < 200; i++) {
      const job = (await admin.get(`/api/v1/admin/library/imports/${jobId}`)).json().job;
      if (job.status !== 'queued' && job.status !== 'running') {
        expect(job).toMatchObject({ status: 'done', imported: 4 });
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    ids.agua = await trackIdOf('Água');
    ids.night = await trackIdOf('Night Drive');
    ids.third = await trackIdOf('Third Song');
    ids.hidden = await trackIdOf('Unreleased');
    // A track of a release not yet public: nobody may play it, so no import finds it.
    await t.db.kysely
      .updateTable('tracks')
      .set({ hidden: 1 })
      .where('id', '=', ids.hidden)
      .execute();
    ids.uploaded = (
      await importTrack(t.app, t.config.dataDir, { title: 'Uploaded', artists: ['Dee'] })
    ).trackId;
  });

  afterAll(async () => {
    await t?.close();
    fs.rmSync(library, { recursive: true, force: true });
  });

  it('keeps the MusicBrainz ids of the tags and shows them on JSON and OpenSubsonic resources', async () => {
    const { track } = (await admin.get(`/api/v1/tracks/${ids.agua}`)).json();
    expect(track.musicbrainz_id).toBe(RECORDING);
    const { album } = (await admin.get(`/api/v1/albums/${track.album.id}`)).json();
    expect(album.musicbrainz_id).toBe(RELEASE);
    const artist = (await admin.get(`/api/v1/artists/${track.artists[0].id}`)).json().artist;
    expect(artist.musicbrainz_id).toBe(ARTIST);
    const untagged = (await admin.get(`/api/v1/tracks/${ids.night}`)).json().track;
    expect(untagged.musicbrainz_id).toBeNull();

    const apiKey = (await admin.post('/api/v1/access-tokens', { tokenName: 'Player' })).json()
      .plainTextToken as string;
    const rest = (method: string, params: Record<string, string>) =>
      t.app.inject({
        url: `/rest/${method}?${new URLSearchParams({ v: '1.16.1', c: 'test', apiKey, ...params })}`,
      });
    const song = (await rest('getSong', { id: String(ids.agua), f: 'json' })).json();
    expect(song['subsonic-response'].song.musicBrainzId).toBe(RECORDING);
    const xml = (await rest('getSong', { id: String(ids.agua) })).body;
    // A song's id is an attribute in XML (an element only in artist and album information).
    expect(xml).toContain(`musicBrainzId="${RECORDING}"`);
    const album2 = (await rest('getAlbum', { id: String(track.album.id), f: 'json' })).json();
    expect(album2['subsonic-response'].album.musicBrainzId).toBe(RELEASE);
    const info = (await rest('getArtistInfo2', { id: String(track.artists[0].id) })).body;
    expect(info).toContain(`<musicBrainzId>${ARTIST}</musicBrainzId>`);
  });

  it('imports an M3U8 by path, then MusicBrainz id, then artist and title, and reports the rest', async () => {
    const { client } = await signedInUser(t.app);
    const m3u = [
      '#EXTM3U',
      '#PLAYLIST:Evening',
      // The path wins over the title, which names another track.
      '#EXTINF:1,Cy - Third Song',
      file('Ana Lima/Mar/01 Água.flac'),
      // Relative to the library folder, Windows separators.
      'Bö Ström\\Roads\\02 Night Drive.flac',
      // No file of the library: artist and title, whatever their case and accents.
      '#EXTINF:1,cy - THIRD SONG',
      'D:\\Music\\elsewhere\\third.flac',
      '#EXTINF:1,Nobody - Nothing',
      '/home/someone/Music/nothing.mp3',
      '#EXTINF:1,Cy - Unreleased',
      file('Cy/Third/04.flac'),
      // Outside the library folders nothing is looked for.
      '#EXTINF:1,Someone - Secret',
      `${library}/../etc/secret.flac`,
      'http://cadenza.test/track/' + ids.uploaded,
    ].join('\r\n');
    const imported = await upload(client, m3u, 'evening.m3u8');
    expect(imported.statusCode).toBe(201);
    const { playlist, report } = imported.json() as {
      playlist: { id: number; name: string; public: boolean };
      report: Report;
    };
    expect(playlist).toMatchObject({ name: 'Evening', public: false });
    expect(report).toMatchObject({ format: 'm3u', total: 7, matched: 4 });
    expect(report.unmatched).toEqual([
      { position: 4, title: 'Nothing', artist: 'Nobody', location: 'nothing.mp3' },
      { position: 5, title: 'Unreleased', artist: 'Cy', location: '04.flac' },
      { position: 6, title: 'Secret', artist: 'Someone', location: 'secret.flac' },
    ]);
    expect(await trackIdsOf(client, playlist.id)).toEqual([
      ids.agua,
      ids.night,
      ids.third,
      ids.uploaded,
    ]);
  });

  it('imports XSPF by MusicBrainz identifier and JSPF by artist and title', async () => {
    const { client } = await signedInUser(t.app);
    const xspf = `<?xml version="1.0" encoding="UTF-8"?>
<playlist version="1" xmlns="http://xspf.org/ns/0/"><title>From &amp; XSPF</title><trackList>
  <track><location>file:///nowhere/a.flac</location><identifier>https://musicbrainz.org/recording/${RECORDING.toUpperCase()}</identifier><title>Third Song</title><creator>Cy</creator></track>
  <track><title>1999</title><creator>Nobody</creator></track>
  <track><title>night drive</title><creator>Bo Strom feat. Someone</creator></track>
</trackList></playlist>`;
    const fromXspf = await upload(client, xspf, 'list.xspf');
    expect(fromXspf.statusCode).toBe(201);
    expect(fromXspf.json().playlist.name).toBe('From & XSPF');
    expect(fromXspf.json().report).toMatchObject({
      format: 'xspf',
      total: 3,
      matched: 2,
      unmatched: [{ position: 2, title: '1999', artist: 'Nobody', location: null }],
    });
    expect(await trackIdsOf(client, fromXspf.json().playlist.id)).toEqual([ids.agua, ids.night]);

    const jspf = {
      playlist: {
        title: 'From JSPF',
        track: [
          { title: 'Água', creator: 'ana lima', identifier: ['https://example.com/x'] },
          { location: ['Cy/Third/03.flac'] },
        ],
      },
    };
    const fromJspf = await upload(client, JSON.stringify(jspf), 'list.jspf');
    expect(fromJspf.json().report).toMatchObject({ format: 'jspf', total: 2, matched: 2 });
    expect(await trackIdsOf(client, fromJspf.json().playlist.id)).toEqual([ids.agua, ids.third]);
  });

  it('exports in each format what imports back as the same playlist', async () => {
    const { client } = await signedInUser(t.app);
    const order = [ids.third, ids.agua, ids.uploaded, ids.night];
    const id = (await client.post('/api/v1/playlists', { name: 'Mix: Ünö/Dos' })).json().playlist
      .id;
    await client.post(`/api/v1/playlists/${id}/tracks`, { trackIds: order });

    const expected = {
      m3u8: [
        'audio/x-mpegurl',
        /#EXTINF:1,Ana Lima - Água\n#EXTALB:Mar\nAna Lima\/Mar\/01 Água\.flac/,
      ],
      xspf: [
        'application/xspf+xml',
        new RegExp(`<identifier>https://musicbrainz.org/recording/${RECORDING}</identifier>`),
      ],
      jspf: ['application/json', /"location": \[\n\s+"http:\/\/cadenza\.test\/track\/\d+"/],
    } as const;
    for (const [format, [type, content]] of Object.entries(expected)) {
      const exported = await client.get(`/api/v1/playlists/${id}/export?format=${format}`);
      expect(exported.statusCode).toBe(200);
      expect(exported.headers['content-type']).toContain(type);
      expect(exported.headers['content-disposition']).toContain(
        `filename="Mix_ _n__Dos.${format}"`,
      );
      expect(exported.headers['content-disposition']).toContain(
        `filename*=UTF-8''${encodeURIComponent(`Mix_ Ünö_Dos.${format}`)}`,
      );
      expect(exported.body).toMatch(content);
      // Library paths are written below their folder: the server's own folders stay its own.
      expect(exported.body).not.toContain(library);

      const back = await upload(client, exported.body, `back.${format}`);
      expect(back.json().report).toMatchObject({ total: 4, matched: 4, unmatched: [] });
      expect(await trackIdsOf(client, back.json().playlist.id)).toEqual(order);
    }
  });

  it('exports what the reader may read: a private playlist of another user is not found', async () => {
    const owner = await signedInUser(t.app);
    const other = await signedInUser(t.app);
    const secret = (await owner.client.post('/api/v1/playlists', { name: 'Secret' })).json()
      .playlist.id;
    const open = (
      await owner.client.post('/api/v1/playlists', { name: 'Open', public: true })
    ).json().playlist.id;
    expect((await owner.client.get(`/api/v1/playlists/${secret}/export`)).statusCode).toBe(200);
    expect((await other.client.get(`/api/v1/playlists/${secret}/export`)).statusCode).toBe(404);
    expect(
      (await other.client.get(`/api/v1/playlists/${open}/export?format=xspf`)).statusCode,
    ).toBe(200);
    expect((await other.client.get(`/api/v1/playlists/${open}/export?format=pls`)).statusCode).toBe(
      422,
    );
    expect((await new TestClient(t.app).get(`/api/v1/playlists/${secret}/export`)).statusCode).toBe(
      404,
    );

    // A playlist made by a Subsonic app is an ordinary playlist.
    const apiKey = (await owner.client.post('/api/v1/access-tokens', { tokenName: 'App' })).json()
      .plainTextToken as string;
    const made = await t.app.inject({
      url: `/rest/createPlaylist?${new URLSearchParams({ v: '1.16.1', c: 'app', f: 'json', apiKey, name: 'From app', songId: String(ids.night) })}`,
    });
    const subsonicId = made.json()['subsonic-response'].playlist.id;
    const exported = await owner.client.get(`/api/v1/playlists/${subsonicId}/export?format=jspf`);
    expect(JSON.parse(exported.body).playlist).toMatchObject({
      title: 'From app',
      track: [{ title: 'Night Drive', creator: 'Bö Ström' }],
    });
  });

  it('refuses files that are not playlists, too large, or hostile', async () => {
    const { client } = await signedInUser(t.app);
    const refused = async (data: Buffer | string, message: RegExp) => {
      const response = await upload(client, data);
      expect(response.statusCode).toBe(422);
      expect(response.json().errors.file).toMatch(message);
    };
    const before = (await client.get('/api/v1/users/me/playlists')).json().pagination.total;

    await refused(Buffer.alloc(3 * 1024 * 1024, 'a'), /at most 2 MB/);
    await refused(fs.readFileSync(file('Cy/Third/03.flac')), /not a playlist/);
    await refused('Dear diary,\nthis is not a playlist.\n', /not a playlist/);
    await refused('#EXTM3U\n', /holds no tracks/);
    await refused('{"playlist": {"title": "x"}}', /not a playlist/);
    await refused('<html><body>hello</body></html>', /not a playlist/);
    await refused('<playlist><trackList><track>', /not well-formed/);
    const laughs = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]>
<playlist xmlns="http://xspf.org/ns/0/"><trackList><track><title>&lol2;</title></track></trackList></playlist>`;
    await refused(laughs, /DOCTYPE/);
    // Nesting deep enough to exhaust a recursive parser is refused, never a server error.
    const deep = `<playlist>${'<a>'.repeat(100_000)}${'</a>'.repeat(100_000)}</playlist>`;
    await refused(deep, /not well-formed|holds no tracks/);
    await refused(`#EXTM3U\n${'a.mp3\n'.repeat(5001)}`, /at most 5000/);

    expect((await client.get('/api/v1/users/me/playlists')).json().pagination.total).toBe(before);
  });

  it('imports only for a signed-in listener', async () => {
    const guest = await new TestClient(t.app).visit();
    expect((await upload(guest, '#EXTM3U\na.mp3\n')).statusCode).toBe(401);
  });
});
