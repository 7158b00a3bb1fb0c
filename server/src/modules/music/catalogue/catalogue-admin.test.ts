import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, signedInUser } from '../../../test/factories.js';
import { createTestApp, type TestApp, signedInAdmin } from '../../../test/test-app.js';
import { TestClient } from '../../../test/test-client.js';
import { multipartFile } from '../../../test/multipart.js';
import { wavBytes } from '../../../test/wav.js';
import { coverPng, importTrack } from '../music.fixtures.js';

let t: TestApp;
let admin: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInAdmin(t.app);
});
afterAll(() => t.close());

interface ArtistRow {
  id: number;
  name: string;
  plays: number;
  albums_count: number;
  tracks_count: number;
}
const artistsNamed = async (query: string) =>
  (await admin.get(`/api/v1/admin/artists?query=${encodeURIComponent(query)}`)).json().pagination
    .data as ArtistRow[];

describe('the catalogue admin API', () => {
  it('lists artists and tracks, searched and sorted in SQL', async () => {
    await importTrack(t.app, t.config.dataDir, { title: 'Zephyr song', artists: ['Listy One'] });
    await importTrack(t.app, t.config.dataDir, { title: 'Amber song', artists: ['Listy Two'] });
    const byName = await artistsNamed('listy');
    expect(byName.map((artist) => artist.name)).toEqual(['Listy One', 'Listy Two']);
    expect(byName[0]).toMatchObject({ albums_count: 1, tracks_count: 1 });

    const tracks = (
      await admin.get('/api/v1/admin/tracks?query=song&orderBy=name&orderDir=desc')
    ).json().pagination.data as { name: string; artists: string[] }[];
    expect(tracks.map((track) => [track.name, track.artists])).toEqual([
      ['Zephyr song', ['Listy One']],
      ['Amber song', ['Listy Two']],
    ]);
    // A percent sign is searched as itself, not as a wildcard.
    expect(await artistsNamed('%')).toEqual([]);
  });

  it('merges a duplicate artist: albums, tracks, followers, likes and plays move to the one kept', async () => {
    const kept = await importTrack(t.app, t.config.dataDir, {
      title: 'Kept song',
      artists: ['The Merged'],
      album: 'Kept album',
    });
    const dupe = await importTrack(t.app, t.config.dataDir, {
      title: 'Dupe song',
      artists: ['Merged, The'],
      album: 'Dupe album',
    });
    const [keptArtist] = await artistsNamed('The Merged');
    const [dupeArtist] = await artistsNamed('Merged, The');
    const db = t.db.kysely;
    // Its plays, of all time and of the trending fortnight, both move to the artist kept.
    await db
      .updateTable('artists')
      .set({ plays: 7, trending_plays: 3 })
      .where('id', '=', dupeArtist!.id)
      .execute();
    await db
      .updateTable('artists')
      .set({ trending_plays: 2 })
      .where('id', '=', keptArtist!.id)
      .execute();
    const fan = await createUser(t.app);
    const both = await createUser(t.app);
    const now = new Date().toISOString();
    await db
      .insertInto('follows')
      .values([
        {
          user_id: fan.id,
          followable_type: 'artist',
          followable_id: dupeArtist!.id,
          created_at: now,
        },
        {
          user_id: both.id,
          followable_type: 'artist',
          followable_id: dupeArtist!.id,
          created_at: now,
        },
        {
          user_id: both.id,
          followable_type: 'artist',
          followable_id: keptArtist!.id,
          created_at: now,
        },
      ])
      .execute();
    await db
      .insertInto('likes')
      .values({
        user_id: fan.id,
        likeable_type: 'artist',
        likeable_id: dupeArtist!.id,
        created_at: now,
      })
      .execute();

    const merged = await admin.post(`/api/v1/admin/artists/${dupeArtist!.id}/merge`, {
      into: keptArtist!.id,
    });
    expect(merged.statusCode, merged.body).toBe(200);
    expect(merged.json().message).toBe('Merged, The was merged into The Merged');

    expect(await artistsNamed('Merged, The')).toEqual([]);
    const [after] = await artistsNamed('The Merged');
    expect(after).toMatchObject({ albums_count: 2, tracks_count: 2, plays: 7 });
    const trending = await db
      .selectFrom('artists')
      .select('trending_plays')
      .where('id', '=', keptArtist!.id)
      .executeTakeFirstOrThrow();
    expect(trending.trending_plays).toBe(5);
    const page = (await admin.get(`/api/v1/artists/${keptArtist!.id}`)).json();
    expect(JSON.stringify(page)).toContain('Dupe album');
    const followers = await db
      .selectFrom('follows')
      .select(['user_id', 'followable_id'])
      .where('followable_type', '=', 'artist')
      .where('user_id', 'in', [fan.id, both.id])
      .orderBy('user_id')
      .execute();
    expect(followers).toEqual([
      { user_id: fan.id, followable_id: keptArtist!.id },
      { user_id: both.id, followable_id: keptArtist!.id },
    ]);
    const like = await db
      .selectFrom('likes')
      .select('likeable_id')
      .where('user_id', '=', fan.id)
      .executeTakeFirstOrThrow();
    expect(like.likeable_id).toBe(keptArtist!.id);
    // The moved track is found under its new artist.
    const search = (await admin.get('/api/v1/search?query=merged%20dupe&types=tracks')).json();
    expect(search.results.tracks.data.map((track: { id: number }) => track.id)).toContain(
      dupe.trackId,
    );
    expect(kept.trackId).toBeGreaterThan(0);

    const audit = (
      await admin.get(`/api/v1/admin/audit-log?subject_type=artist&subject_id=${keptArtist!.id}`)
    ).json().pagination.data as { action: string }[];
    expect(audit.map((entry) => entry.action)).toContain('artist.merged');
  });

  it('refuses to merge an artist into itself or into one that does not exist', async () => {
    await importTrack(t.app, t.config.dataDir, { title: 'Solo', artists: ['Lone Artist'] });
    const [lone] = await artistsNamed('Lone Artist');
    const itself = await admin.post(`/api/v1/admin/artists/${lone!.id}/merge`, { into: lone!.id });
    expect(itself.statusCode).toBe(422);
    expect(itself.json().errors.into).toBe('An artist cannot be merged into itself.');
    const nowhere = await admin.post(`/api/v1/admin/artists/${lone!.id}/merge`, { into: 999999 });
    expect(nowhere.statusCode).toBe(422);
    expect(await artistsNamed('Lone Artist')).toHaveLength(1);
  });

  it('deletes several artists at once, audited', async () => {
    await importTrack(t.app, t.config.dataDir, { title: 'Gone 1', artists: ['Gone One'] });
    await importTrack(t.app, t.config.dataDir, { title: 'Gone 2', artists: ['Gone Two'] });
    const gone = await artistsNamed('Gone');
    const ids = gone.map((artist) => artist.id).join(',');
    const response = await admin.delete(`/api/v1/admin/artists/${ids}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe('2 artists deleted');
    expect(await artistsNamed('Gone')).toEqual([]);
    // An id past what the database stores is a bad request, not a server error.
    const huge = await admin.delete('/api/v1/admin/artists/99999999999999999999');
    expect(huge.statusCode).toBe(422);
  });

  it('keeps lyrics written as LRC as synced lyrics, and plain lyrics as they are', async () => {
    const track = await importTrack(t.app, t.config.dataDir, { title: 'Sung' });
    const synced = await admin.put(`/api/v1/tracks/${track.trackId}`, {
      lyrics: '[00:00.50]Hello\n[00:02.00]again',
    });
    expect(synced.statusCode, synced.body).toBe(200);
    expect(synced.json().track).toMatchObject({
      lyrics: 'Hello\nagain',
      synced_lyrics: [
        { time_ms: 500, text: 'Hello' },
        { time_ms: 2000, text: 'again' },
      ],
    });
    const plain = await admin.put(`/api/v1/tracks/${track.trackId}`, { lyrics: 'Just words' });
    expect(plain.json().track).toMatchObject({ lyrics: 'Just words', synced_lyrics: null });
  });

  it('lists albums, genres, playlists and lyrics, each searched and sorted', async () => {
    await importTrack(t.app, t.config.dataDir, {
      title: 'Tabled one',
      artists: ['Table Artist'],
      album: 'Tabled Album',
      genres: ['Tablegenre'],
    });
    const second = await importTrack(t.app, t.config.dataDir, {
      title: 'Tabled two',
      artists: ['Table Artist'],
      album: 'Tabled Album',
      genres: ['Tablegenre'],
    });
    const albums = (await admin.get('/api/v1/admin/albums?query=tabled')).json().pagination;
    expect(albums.data).toEqual([
      expect.objectContaining({ name: 'Tabled Album', tracks_count: 2, artists: ['Table Artist'] }),
    ]);

    const genres = (await admin.get('/api/v1/admin/genres?query=tablegenre')).json().pagination;
    expect(genres.data).toEqual([
      expect.objectContaining({ display_name: 'Tablegenre', tracks_count: 2 }),
    ]);

    const { client: owner, user } = await signedInUser(t.app);
    const created = await owner.post('/api/v1/playlists', { name: 'Tabled mix' });
    expect(created.statusCode, created.body).toBe(201);
    const playlists = (await admin.get('/api/v1/admin/playlists?query=tabled')).json().pagination;
    expect(playlists.data).toEqual([
      expect.objectContaining({ name: 'Tabled mix', owner: user.username ?? user.email }),
    ]);

    await admin.put(`/api/v1/tracks/${second.trackId}`, {
      lyrics: '[00:01.00]Tabled words\n[00:03.00]and more',
    });
    // A search finds lyrics by their words as well as by the track's title; 100% is the text.
    const lyrics = (await admin.get('/api/v1/admin/lyrics?query=tabled%20words')).json().pagination;
    expect(lyrics.data).toEqual([
      expect.objectContaining({
        id: second.trackId,
        name: 'Tabled two',
        synced: true,
        excerpt: 'Tabled words / and more',
      }),
    ]);
    expect((await admin.get('/api/v1/admin/lyrics?query=100%25')).json().pagination.total).toBe(0);

    // Filters: each table narrows by what its rows are.
    const total = async (url: string) => (await admin.get(url)).json().pagination.total as number;
    expect(await total('/api/v1/admin/albums?query=tabled&type=album')).toBe(1);
    expect(await total('/api/v1/admin/albums?query=tabled&type=single')).toBe(0);
    expect(await total('/api/v1/admin/lyrics?query=tabled&kind=synced')).toBe(1);
    expect(await total('/api/v1/admin/lyrics?query=tabled&kind=plain')).toBe(0);
    expect(await total('/api/v1/admin/tracks?query=tabled&lyrics=yes')).toBe(1);
    expect(await total('/api/v1/admin/tracks?query=tabled&lyrics=no')).toBe(1);
    expect(await total('/api/v1/admin/tracks?query=tabled&explicit=yes')).toBe(0);
    expect(await total('/api/v1/admin/artists?query=table%20artist&verified=no')).toBe(1);
    expect(await total('/api/v1/admin/playlists?query=tabled&visibility=public')).toBe(0);
    expect(await total('/api/v1/admin/playlists?query=tabled&visibility=private')).toBe(1);
    expect((await admin.get('/api/v1/admin/albums?type=bootleg')).statusCode).toBe(422);
  });

  it('deletes albums, tracks, genres and playlists in bulk, and clears lyrics, audited', async () => {
    const track = await importTrack(t.app, t.config.dataDir, {
      title: 'Doomed',
      album: 'Doomed Album',
      genres: ['Doomedgenre'],
    });
    const { client: fan, user: fanUser } = await signedInUser(t.app);
    const liked = await fan.post('/api/v1/users/me/liked-items', {
      likeable_type: 'track',
      likeable_id: track.trackId,
    });
    expect(liked.statusCode, liked.body).toBeLessThan(300);

    await admin.put(`/api/v1/tracks/${track.trackId}`, { lyrics: 'Words to go' });
    const cleared = await admin.delete(`/api/v1/admin/lyrics/${track.trackId}`);
    expect(cleared.json().message).toBe('Lyrics removed');
    expect((await admin.get(`/api/v1/tracks/${track.trackId}`)).json().track.lyrics).toBeNull();

    const [album] = (await admin.get('/api/v1/admin/albums?query=doomed')).json().pagination.data;
    const [genre] = (await admin.get('/api/v1/admin/genres?query=doomedgenre')).json().pagination
      .data;
    expect((await admin.delete(`/api/v1/admin/tracks/${track.trackId}`)).json().message).toBe(
      'Track deleted',
    );
    expect((await admin.get(`/api/v1/tracks/${track.trackId}`)).statusCode).toBe(404);
    // The fan's like went with the track.
    const likes = await t.db.kysely
      .selectFrom('likes')
      .select('likeable_id')
      .where('user_id', '=', fanUser.id)
      .execute();
    expect(likes).toEqual([]);

    expect((await admin.delete(`/api/v1/admin/albums/${album.id}`)).json().message).toBe(
      'Album deleted',
    );
    expect((await admin.get(`/api/v1/albums/${album.id}`)).statusCode).toBe(404);
    expect((await admin.delete(`/api/v1/admin/genres/${genre.id}`)).statusCode).toBe(200);
    expect(
      (await admin.get('/api/v1/admin/genres?query=doomedgenre')).json().pagination.total,
    ).toBe(0);

    const { client: owner } = await signedInUser(t.app);
    const ids = [];
    for (const name of ['Gone mix one', 'Gone mix two']) {
      ids.push((await owner.post('/api/v1/playlists', { name })).json().playlist.id);
    }
    const removed = await admin.delete(`/api/v1/admin/playlists/${ids.join(',')}`);
    expect(removed.json().message).toBe('2 playlists deleted');
    expect((await owner.get(`/api/v1/playlists/${ids[0]}`)).statusCode).toBe(404);
    // Nothing left to delete is a 404, not a silent success.
    expect((await admin.delete(`/api/v1/admin/playlists/${ids.join(',')}`)).statusCode).toBe(404);

    const audit = (await admin.get('/api/v1/admin/audit-log?perPage=50')).json().pagination
      .data as { action: string }[];
    const actions = audit.map((entry) => entry.action);
    for (const action of [
      'track.lyrics_removed',
      'track.deleted',
      'album.deleted',
      'genre.deleted',
      'playlist.deleted',
    ]) {
      expect(actions).toContain(action);
    }
  });

  it('marks a track explicit and sets the genres of a track and an artist by name', async () => {
    const track = await importTrack(t.app, t.config.dataDir, {
      title: 'Marked',
      artists: ['Genre Setter'],
      genres: ['Rock'],
    });
    const saved = await admin.put(`/api/v1/tracks/${track.trackId}`, {
      explicit: true,
      genres: ['Dream pop', 'Shoegaze', 'Dream pop'],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().track.explicit).toBe(true);
    const shown = (await admin.get(`/api/v1/tracks/${track.trackId}`)).json().track;
    expect(shown.genres.map((genre: { display_name: string }) => genre.display_name)).toEqual([
      'Dream pop',
      'Shoegaze',
    ]);
    // A listener sees the mark too.
    const { client } = await signedInUser(t.app);
    expect((await client.get(`/api/v1/tracks/${track.trackId}`)).json().track.explicit).toBe(true);

    const artistId = track.artistIds[0]!;
    const artist = await admin.put(`/api/v1/artists/${artistId}`, {
      genres: ['Shoegaze'],
      links: [{ url: 'https://genre-setter.example', title: 'Website' }],
    });
    expect(artist.statusCode, artist.body).toBe(200);
    const page = (await admin.get(`/api/v1/artists/${artistId}`)).json().artist;
    expect(page.genres.map((genre: { display_name: string }) => genre.display_name)).toEqual([
      'Shoegaze',
    ]);
    expect(page.links).toEqual([{ url: 'https://genre-setter.example', title: 'Website' }]);

    // Renamed, and found by the new name; a name another artist has is a merge, not a rename.
    const renamed = await admin.put(`/api/v1/artists/${artistId}`, { name: 'Genre Setters' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const found = (await admin.get('/api/v1/search?query=genre%20setters&types=artists')).json();
    expect(found.results.artists.data.map((item: { id: number }) => item.id)).toContain(artistId);
    await importTrack(t.app, t.config.dataDir, { artists: ['Taken Name'] });
    const clash = await admin.put(`/api/v1/artists/${artistId}`, { name: 'taken name' });
    expect(clash.statusCode).toBe(422);
    expect(clash.json().errors.name).toBe('Another artist has this name: merge the two instead.');
  });

  it('refuses an artist link that is not a web address, so no script reaches the page', async () => {
    const track = await importTrack(t.app, t.config.dataDir, { artists: ['Link Artist'] });
    const refused = await admin.put(`/api/v1/artists/${track.artistIds[0]}`, {
      links: [{ url: 'javascript:alert(1)', title: 'Click' }],
    });
    expect(refused.statusCode).toBe(422);
    expect(JSON.stringify(refused.json().errors)).toContain('Enter a full address');
  });

  it('takes an artist picture and an album cover, raster pictures only', async () => {
    const track = await importTrack(t.app, t.config.dataDir, {
      title: 'Pictured',
      artists: ['Pictured Artist'],
      album: 'Pictured Album',
    });
    const upload = (path: string, data: Buffer, type: string) => {
      const file = multipartFile(data, { filename: 'picture', type });
      return admin.request('POST', path, file.body, { headers: file.headers });
    };
    const png = await coverPng('#336699');
    const artist = await upload(`/api/v1/artists/${track.artistIds[0]}/image`, png, 'image/png');
    expect(artist.statusCode, artist.body).toBe(200);
    expect(artist.json().artist.image_large).toMatch(/\.webp$/);
    const cover = await upload(`/api/v1/albums/${track.albumId}/cover`, png, 'image/png');
    expect(cover.statusCode, cover.body).toBe(200);
    const image = cover.json().album.image as string;
    expect((await admin.get(image)).headers['content-type']).toBe('image/webp');

    // An SVG decodes as a picture too, but could carry script: refused whatever it claims.
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" onload="alert(1)"><rect width="10" height="10"/></svg>',
    );
    const refused = await upload(`/api/v1/albums/${track.albumId}/cover`, svg, 'image/png');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.file).toBe('Choose a JPEG, PNG, WebP or GIF picture.');
    expect((await admin.get(`/api/v1/albums/${track.albumId}`)).json().album.image).toBe(image);

    const { client } = await signedInUser(t.app);
    const file = multipartFile(png, { filename: 'picture', type: 'image/png' });
    const forbidden = await client.request(
      'POST',
      `/api/v1/albums/${track.albumId}/cover`,
      file.body,
      { headers: file.headers },
    );
    expect(forbidden.statusCode).toBe(403);
  });

  it("orders an album's tracks, and refuses an order that leaves one out", async () => {
    const made = [];
    for (const title of ['Ordered one', 'Ordered two', 'Ordered three']) {
      made.push(await importTrack(t.app, t.config.dataDir, { title, album: 'Ordered Album' }));
    }
    const albumId = made[0]!.albumId!;
    const [one, two, three] = made.map((track) => track.trackId);
    const partial = await admin.put(`/api/v1/albums/${albumId}`, { track_ids: [three, one] });
    expect(partial.statusCode).toBe(422);
    expect(partial.json().errors.track_ids).toBe("List each of the album's tracks once.");

    const saved = await admin.put(`/api/v1/albums/${albumId}`, { track_ids: [three, one, two] });
    expect(saved.statusCode, saved.body).toBe(200);
    const tracks = saved.json().album.tracks as { name: string; number: number }[];
    expect(tracks.map((track) => [track.number, track.name])).toEqual([
      [1, 'Ordered three'],
      [2, 'Ordered one'],
      [3, 'Ordered two'],
    ]);
  });

  it("replaces a track's audio with an uploaded file, checked to be audio", async () => {
    const track = await importTrack(t.app, t.config.dataDir, { title: 'Re-recorded' });
    const upload = async (client: TestClient, data: Buffer, filename: string) => {
      const file = multipartFile(data, { filename, type: 'audio/wav' });
      const response = await client.request('POST', '/api/v1/file-entries', file.body, {
        headers: file.headers,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().fileEntry.id as number;
    };
    const audio = await upload(admin, wavBytes(3), 'new take.wav');
    const replaced = await admin.put(`/api/v1/admin/tracks/${track.trackId}/audio`, {
      file_entry_id: audio,
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json().duration_ms).toBe(3000);
    const shown = (await admin.get(`/api/v1/tracks/${track.trackId}`)).json().track;
    expect(shown).toMatchObject({ mime: 'audio/wav', duration_ms: 3000 });
    const stream = await admin.get(`/api/v1/tracks/${track.trackId}/stream`);
    expect(stream.statusCode).toBe(200);
    expect(stream.rawPayload.equals(wavBytes(3))).toBe(true);

    // A text file called .wav is not audio: refused, and the track keeps its new take.
    const fake = await upload(admin, Buffer.from('not audio at all'.repeat(20)), 'fake.wav');
    const refused = await admin.put(`/api/v1/admin/tracks/${track.trackId}/audio`, {
      file_entry_id: fake,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.file_entry_id).toMatch(/not audio Cadenza can play/);
    expect((await admin.get(`/api/v1/tracks/${track.trackId}`)).json().track.duration_ms).toBe(
      3000,
    );

    // Another user's upload is not the admin's to use: it answers like a missing one.
    const { client: stranger } = await signedInUser(t.app);
    const theirs = await upload(stranger, wavBytes(1), 'theirs.wav');
    const notFound = await admin.put(`/api/v1/admin/tracks/${track.trackId}/audio`, {
      file_entry_id: theirs,
    });
    expect(notFound.statusCode).toBe(404);
  });

  it("credits a track's artists and moves it to another album; credits an album's artists", async () => {
    const track = await importTrack(t.app, t.config.dataDir, {
      title: 'Recredited',
      artists: ['Old Credit'],
      album: 'Old Home',
    });
    const other = await importTrack(t.app, t.config.dataDir, { album: 'New Home' });
    const saved = await admin.put(`/api/v1/tracks/${track.trackId}`, {
      artists: ['Fresh Credit', 'Second Credit'],
      album_id: other.albumId,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().track).toMatchObject({
      artists: [{ name: 'Fresh Credit' }, { name: 'Second Credit' }],
      album: { name: 'New Home' },
    });
    // Search follows the new credit at once.
    const found = (await admin.get('/api/v1/search?query=fresh%20credit&types=tracks')).json();
    expect(found.results.tracks.data.map((item: { id: number }) => item.id)).toContain(
      track.trackId,
    );
    const nowhere = await admin.put(`/api/v1/tracks/${track.trackId}`, { album_id: 999_999 });
    expect(nowhere.statusCode).toBe(422);
    expect(nowhere.json().errors.album_id).toBe('Choose an album that exists.');

    const album = await admin.put(`/api/v1/albums/${other.albumId}`, {
      artists: ['Fresh Credit'],
    });
    expect(album.statusCode, album.body).toBe(200);
    expect(album.json().album.artists.map((artist: { name: string }) => artist.name)).toEqual([
      'Fresh Credit',
    ]);
  });

  it('answers 403 to listeners and 401 to guests', async () => {
    const { client } = await signedInUser(t.app);
    const guest = new TestClient(t.app);
    for (const [method, url, body] of [
      ['GET', '/api/v1/admin/artists', undefined],
      ['GET', '/api/v1/admin/tracks', undefined],
      ['DELETE', '/api/v1/admin/artists/1', undefined],
      ['GET', '/api/v1/admin/albums', undefined],
      ['GET', '/api/v1/admin/genres', undefined],
      ['GET', '/api/v1/admin/playlists', undefined],
      ['GET', '/api/v1/admin/lyrics', undefined],
      ['DELETE', '/api/v1/admin/albums/1', undefined],
      ['DELETE', '/api/v1/admin/tracks/1', undefined],
      ['DELETE', '/api/v1/admin/genres/1', undefined],
      ['DELETE', '/api/v1/admin/playlists/1', undefined],
      ['DELETE', '/api/v1/admin/lyrics/1', undefined],
      ['PUT', '/api/v1/albums/1', { name: 'Taken' }],
      ['PUT', '/api/v1/tracks/1', { explicit: true }],
      ['PUT', '/api/v1/admin/tracks/1/audio', { file_entry_id: 1 }],
      ['POST', '/api/v1/admin/artists/1/merge', { into: 2 }],
    ] as const) {
      expect((await client.request(method, url, body)).statusCode, url).toBe(403);
      expect((await guest.request(method, url, body)).statusCode, url).toBe(401);
    }
  });
});
