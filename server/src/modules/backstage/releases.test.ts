import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FREE_RELEASED_MINUTES, FREE_RELEASED_TRACKS } from '../../seed.js';
import { signedInUser } from '../../test/factories.js';
import { multipartFile } from '../../test/multipart.js';
import { createTestApp, signedInAdmin, type TestApp } from '../../test/test-app.js';
import { TestClient } from '../../test/test-client.js';
import { wavBytes } from '../../test/wav.js';
import { toneFile } from '../../test/tones.js';
import { labelWithMember, managedArtist } from './backstage.testing.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function upload(client: TestClient, data: Buffer, filename: string, type: string) {
  const file = multipartFile(data, { filename, type });
  const response = await client.request('POST', '/api/v1/file-entries', file.body, {
    headers: file.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().fileEntry.id as number;
}

async function newRelease(client: TestClient, artistId: number, name: string, type = 'album') {
  const response = await client.post(`/api/v1/backstage/artists/${artistId}/releases`, {
    name,
    type,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().release as { id: number };
}

async function addTrack(client: TestClient, releaseId: number, data: Buffer, filename: string) {
  const entry = await upload(client, data, filename, 'audio/mpeg');
  return client.post(`/api/v1/backstage/releases/${releaseId}/tracks`, { file_entry_id: entry });
}

/**
 * The release once the jobs measuring its tracks' loudness and waveform are done: they wait on
 * ffmpeg at a low priority, which a busy machine holds back.
 */
function measured(client: TestClient, releaseId: number) {
  return vi.waitFor(
    async () => {
      const { release } = (await client.get(`/api/v1/backstage/releases/${releaseId}`)).json();
      expect(release.tracks.filter((track: { measuring: boolean }) => track.measuring)).toEqual([]);
      return release;
    },
    { timeout: 50_000, interval: 200 },
  );
}

/** An artist of a fresh user with a draft release of three tagged tracks. */
async function artistWithAlbum(name: string) {
  const manager = await signedInUser(t.app);
  const artistId = await managedArtist(t, name, { userId: manager.user.id });
  const release = await newRelease(manager.client, artistId, `${name} LP`);
  const cover = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#c33' } })
    .png()
    .toBuffer();
  const files = [
    toneFile('mp3', { seconds: 2, tags: { title: 'Morning', track: '1' }, cover }),
    toneFile('mp3', { seconds: 3, frequency: 660, tags: { title: 'Noon', track: '2' } }),
    toneFile('mp3', { seconds: 4, frequency: 880, tags: { title: 'Night', track: '3' } }),
  ];
  let last;
  for (const [index, data] of files.entries()) {
    last = await addTrack(manager.client, release.id, data, `take-${index + 1}.mp3`);
    expect(last.statusCode, last.body).toBe(200);
  }
  return { ...manager, artistId, releaseId: release.id, release: last!.json().release };
}

const publicAlbum = (client: TestClient, id: number) => client.get(`/api/v1/albums/${id}`);

describe('releases in the backstage', () => {
  it(
    'makes an album from uploaded audio: tags, lengths, then loudness and waveform measured, hidden as a draft',
    { timeout: 60_000 },
    async () => {
      const { releaseId, client } = await artistWithAlbum('Maré Alta');
      const release = await measured(client, releaseId);
      expect(release).toMatchObject({
        status: 'draft',
        name: 'Maré Alta LP',
        tracks_count: 3,
        access: 'edit',
      });
      expect(release.image).toMatch(/\.webp$/);
      const tracks = release.tracks as Record<string, unknown>[];
      expect(tracks.map((track) => [track.name, track.number])).toEqual([
        ['Morning', 1],
        ['Noon', 2],
        ['Night', 3],
      ]);
      expect(tracks.map((track) => Math.round(Number(track.duration_ms) / 1000))).toEqual([
        2, 3, 4,
      ]);
      for (const track of tracks) {
        // A sine tone at ffmpeg's default level sits far below 0 LUFS and peaks below 0 dBTP.
        expect(track.loudness_lufs).toBeLessThan(-10);
        expect(track.loudness_lufs).toBeGreaterThan(-40);
        expect(track.true_peak_db).toBeLessThan(0);
        const peaks = track.peaks as number[];
        expect(peaks).toHaveLength(200);
        expect(Math.max(...peaks)).toBeGreaterThan(5);
      }

      // Listeners see nothing of a draft: not the album, its tracks, their audio or in lists.
      const guest = new TestClient(t.app);
      expect((await publicAlbum(guest, releaseId)).statusCode).toBe(404);
      const trackId = tracks[0]!.id as number;
      expect((await guest.get(`/api/v1/tracks/${trackId}`)).statusCode).toBe(404);
      expect((await guest.get(`/api/v1/tracks/${trackId}/stream`)).statusCode).toBe(404);
      const top = (await guest.get('/api/v1/tracks/top?perPage=100')).json();
      expect(JSON.stringify(top)).not.toContain('Maré Alta');
      const visible = await t.db.kysely
        .selectFrom('tracks')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('hidden', '=', 0)
        .executeTakeFirstOrThrow();
      expect(top.pagination.total).toBe(Number(visible.count));
      const found = (await guest.get(`/api/v1/search?query=${encodeURIComponent('Maré')}`)).json();
      expect(JSON.stringify(found)).not.toContain('Maré Alta LP');
      // Catalogue editors still reach it, to fix what needs fixing.
      const editor = await signedInAdmin(t.app);
      const seen = await publicAlbum(editor, releaseId);
      expect(seen.statusCode).toBe(200);
      expect(seen.json().album.tracks).toHaveLength(3);
      expect((await editor.get(`/api/v1/tracks/${trackId}`)).statusCode).toBe(200);
      // The artist sees it in their list.
      const { releases } = (
        await client.get(`/api/v1/backstage/artists/${release.artist.id}/releases`)
      ).json();
      expect(releases).toEqual([
        expect.objectContaining({
          id: releaseId,
          status: 'draft',
          tracks_count: 3,
          duration_ms: tracks.reduce((sum, track) => sum + Number(track.duration_ms), 0),
        }),
      ]);
    },
  );

  it(
    'saves order, credits, lyrics, explicit, ISRC and downloads, then publishes',
    { timeout: 60_000 },
    async () => {
      const { release, releaseId, client } = await artistWithAlbum('Rio Claro');
      const [morning, noon, night] = release.tracks as { id: number; name: string }[];
      const saved = await client.put(`/api/v1/backstage/releases/${releaseId}`, {
        name: 'Rio Claro',
        type: 'ep',
        release_date: '2026-10-02',
        genres: ['Bossa Nova'],
        tracks: [
          {
            id: night!.id,
            name: 'Night (Intro)',
            featured_artists: ['Céu Aberto'],
            genres: ['Jazz'],
            lyrics: '[00:00.50]First line\n[00:01.50]Second line',
            explicit: true,
            isrc: 'br-abc-26-00001',
            downloadable: false,
          },
          { id: morning!.id, name: 'Morning', explicit: false, downloadable: true },
          { id: noon!.id, name: 'Noon', isrc: '' },
        ],
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const edited = saved.json().release;
      expect(edited).toMatchObject({ name: 'Rio Claro', type: 'ep', genres: ['Bossa Nova'] });
      expect(edited.tracks[0]).toMatchObject({
        id: night!.id,
        number: 1,
        name: 'Night (Intro)',
        featured_artists: ['Céu Aberto'],
        genres: ['Jazz'],
        lyrics: '[00:00.50]First line\n[00:01.50]Second line',
        explicit: true,
        isrc: 'BRABC2600001',
        downloadable: false,
      });
      expect(edited.tracks.map((track: { id: number }) => track.id)).toEqual([
        night!.id,
        morning!.id,
        noon!.id,
      ]);

      // A wrong ISRC, and an order that leaves a track out, are refused and change nothing.
      const badIsrc = await client.put(`/api/v1/backstage/releases/${releaseId}`, {
        ...edited,
        tracks: edited.tracks.map((track: object, index: number) => ({
          ...track,
          isrc: index === 0 ? 'NOT-AN-ISRC' : null,
        })),
      });
      expect(badIsrc.statusCode).toBe(422);
      expect(JSON.stringify(badIsrc.json().errors)).toMatch(/12 characters/);
      const partial = await client.put(`/api/v1/backstage/releases/${releaseId}`, {
        ...edited,
        tracks: edited.tracks.slice(1),
      });
      expect(partial.statusCode).toBe(422);

      // Listeners' players get the waveform once the job has measured it.
      await measured(client, releaseId);
      const published = await client.post(`/api/v1/backstage/releases/${releaseId}/publish`, {});
      expect(published.statusCode, published.body).toBe(200);
      expect(published.json().release.status).toBe('published');

      const guest = new TestClient(t.app);
      const { album } = (await publicAlbum(guest, releaseId)).json();
      expect(album.tracks.map((track: { name: string }) => track.name)).toEqual([
        'Night (Intro)',
        'Morning',
        'Noon',
      ]);
      expect(album.tracks[0].artists.map((artist: { name: string }) => artist.name)).toEqual([
        'Rio Claro',
        'Céu Aberto',
      ]);
      expect(album.tracks[0].explicit).toBe(true);
      expect((await guest.get(`/api/v1/tracks/${night!.id}/stream`)).statusCode).toBe(200);
      const page = (await guest.get(`/api/v1/tracks/${night!.id}`)).json();
      expect(page.track.peaks).toHaveLength(200);

      // The artist keeps this one for streaming: even a plan with downloads may not take it.
      const admin = await signedInAdmin(t.app);
      const download = await admin.get(`/api/v1/tracks/${night!.id}/download`);
      expect(download.statusCode).toBe(403);
      expect(download.json().message).toMatch(/streaming only/);
      expect((await admin.get(`/api/v1/tracks/${morning!.id}/download`)).statusCode).toBe(200);

      // Unpublished: gone from listeners again, its plays kept for the artist.
      await guest.post(`/api/v1/tracks/${noon!.id}/plays`, { played_ms: 3000, ended: true });
      const down = await client.post(`/api/v1/backstage/releases/${releaseId}/unpublish`, {});
      expect(down.json().release.status).toBe('unpublished');
      expect((await publicAlbum(guest, releaseId)).statusCode).toBe(404);
      const kept = (await client.get(`/api/v1/backstage/releases/${releaseId}`)).json().release;
      expect(kept.tracks.find((track: { id: number }) => track.id === noon!.id).plays).toBe(1);
    },
  );

  it('refuses what is not audio, an empty file and a past schedule, leaving nothing behind', async () => {
    const { user, client } = await signedInUser(t.app);
    const artistId = await managedArtist(t, 'Areia Fina', { userId: user.id });
    const { id } = await newRelease(client, artistId, 'Dunas');

    const text = await addTrack(client, id, Buffer.from('just words '.repeat(50)), 'song.mp3');
    expect(text.statusCode).toBe(422);
    expect(text.json().errors.file_entry_id).toMatch(/not audio/);

    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const picture = await addTrack(client, id, png, 'cover.flac');
    expect(picture.statusCode).toBe(422);

    const empty = await addTrack(client, id, Buffer.alloc(0), 'silence.mp3');
    expect(empty.statusCode).toBe(422);
    expect(empty.json().message).toMatch(/empty|not audio/);

    const early = await client.post(`/api/v1/backstage/releases/${id}/publish`, {});
    expect(early.statusCode).toBe(422);
    expect(early.json().message).toMatch(/at least one track/);

    const release = (await client.get(`/api/v1/backstage/releases/${id}`)).json().release;
    expect(release.tracks).toEqual([]);
    const folder = path.join(t.config.dataDir, 'audio', 'releases');
    const leftovers = fs.existsSync(folder)
      ? fs
          .readdirSync(folder, { recursive: true })
          .filter((name) => String(name).includes('upload'))
      : [];
    expect(leftovers).toEqual([]);

    expect((await addTrack(client, id, wavBytes(2), 'take.wav')).statusCode).toBe(200);
    const past = await client.post(`/api/v1/backstage/releases/${id}/publish`, {
      publish_at: new Date(Date.now() - 3600_000).toISOString(),
    });
    expect(past.statusCode).toBe(422);
    expect(past.json().errors.publish_at).toMatch(/in the future/);
    expect((await client.get(`/api/v1/backstage/releases/${id}`)).json().release.status).toBe(
      'draft',
    );

    // A second release of the same title for the same artist is refused.
    const twin = await client.post(`/api/v1/backstage/artists/${artistId}/releases`, {
      name: 'dunas',
    });
    expect(twin.statusCode).toBe(422);
  });

  it('refuses a 2 GB file over the plan’s storage before a byte of it is sent', async () => {
    const { user, client } = await signedInUser(t.app);
    const artistId = await managedArtist(t, 'Grande Demais', { userId: user.id });
    const { id } = await newRelease(client, artistId, 'Longa');
    // The size limit of one file is raised, so the plan's 1 GB of storage is what refuses it.
    await t.app.services.settings.update({ 'uploads.max_size': 4 * 1024 ** 3 });
    try {
      const metadata = (values: Record<string, string>) =>
        Object.entries(values)
          .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
          .join(',');
      const created = await client.request('POST', '/api/v1/tus/upload', undefined, {
        headers: {
          'tus-resumable': '1.0.0',
          'upload-length': String(2 * 1024 ** 3),
          'upload-metadata': metadata({ clientName: 'concert.wav', clientMime: 'audio/wav' }),
        },
      });
      expect(created.statusCode).toBe(403);
      expect(created.body).toMatch(/does not fit in your 1 GB of storage/);
      expect(created.headers.location).toBeUndefined();
    } finally {
      await t.app.services.settings.update({ 'uploads.max_size': 50 * 1024 * 1024 });
    }
    const release = (await client.get(`/api/v1/backstage/releases/${id}`)).json().release;
    expect(release.tracks).toEqual([]);
  });

  it('converts a format browsers cannot play to MP3 once, on upload', async () => {
    const { user, client } = await signedInUser(t.app);
    const artistId = await managedArtist(t, 'Vento Sul', { userId: user.id });
    const { id } = await newRelease(client, artistId, 'Aiff Sessions', 'single');
    const added = await addTrack(client, id, toneFile('aiff', { seconds: 2 }), 'master.aiff');
    expect(added.statusCode, added.body).toBe(200);
    const [track] = added.json().release.tracks;
    expect(track).toMatchObject({ mime: 'audio/mpeg', name: 'master' });
    expect(Math.round(track.duration_ms / 1000)).toBe(2);
  });

  it('publishes a scheduled release by itself when its time comes', async () => {
    const { user, client } = await signedInUser(t.app);
    const artistId = await managedArtist(t, 'Hora Certa', { userId: user.id });
    const { id } = await newRelease(client, artistId, 'Amanhã', 'single');
    await addTrack(client, id, toneFile('mp3', { seconds: 2, tags: { title: 'Amanhã' } }), 'a.mp3');
    const follower = await signedInUser(t.app);
    await follower.client.post('/api/v1/users/me/follows', {
      followable_type: 'artist',
      followable_id: artistId,
    });

    const at = new Date(Date.now() + 2 * 3600_000);
    const scheduled = await client.post(`/api/v1/backstage/releases/${id}/publish`, {
      publish_at: at.toISOString(),
    });
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    expect(scheduled.json().release).toMatchObject({
      status: 'scheduled',
      publish_at: at.toISOString(),
      release_date: at.toISOString().slice(0, 10),
    });

    // The job finds nothing due an hour early, and publishes it once the time has passed.
    expect(await t.app.services.releases.publishDue(new Date(Date.now() + 3600_000))).toBe(0);
    expect((await publicAlbum(new TestClient(t.app), id)).statusCode).toBe(404);
    // Two runs at once (two servers, say) publish it once, and tell the followers once.
    const later = new Date(at.getTime() + 1000);
    const runs = await Promise.all([
      t.app.services.releases.publishDue(later),
      t.app.services.releases.publishDue(later),
    ]);
    expect(runs[0]! + runs[1]!).toBe(1);
    expect((await publicAlbum(new TestClient(t.app), id)).statusCode).toBe(200);
    expect((await client.get(`/api/v1/backstage/releases/${id}`)).json().release.status).toBe(
      'published',
    );
    const notices = (await follower.client.get('/api/v1/notifications')).json().pagination
      .data as object[];
    expect(notices.filter((notice) => JSON.stringify(notice).includes('Amanhã'))).toHaveLength(1);
  });

  it("counts uploads against the plan's tracks and minutes, with a prompt to upgrade", async () => {
    const { user, client } = await signedInUser(t.app);
    const artistId = await managedArtist(t, 'Cota Zero', { userId: user.id });
    const { id } = await newRelease(client, artistId, 'Limites');
    const permissions = t.app.services.permissions;
    try {
      await permissions.grant('users', 'music.create', [
        { name: 'tracks', value: 2 },
        { name: 'minutes', value: 1 },
      ]);
      expect((await addTrack(client, id, wavBytes(20), 'one.wav')).statusCode).toBe(200);
      // 40 more seconds would pass the minute.
      const long = await addTrack(client, id, wavBytes(41), 'long.wav');
      expect(long.statusCode).toBe(403);
      expect(long.json()).toMatchObject({ action: { action: '/pricing' } });
      expect(long.json().message).toMatch(/minutes of uploads your plan has left/);
      expect((await addTrack(client, id, wavBytes(5), 'two.wav')).statusCode).toBe(200);
      const third = await addTrack(client, id, wavBytes(1), 'three.wav');
      expect(third.statusCode).toBe(403);
      expect(third.json().message).toMatch(/upload 2 tracks/);

      const { quota } = (await client.get(`/api/v1/backstage/artists/${artistId}/releases`)).json();
      expect(quota).toEqual({
        tracks: { used: 2, limit: 2 },
        minutes: { used: 1, limit: 1 },
      });
      const release = (await client.get(`/api/v1/backstage/releases/${id}`)).json().release;
      expect(release.tracks).toHaveLength(2);
    } finally {
      await permissions.grant('users', 'music.create', [
        { name: 'tracks', value: FREE_RELEASED_TRACKS },
        { name: 'minutes', value: FREE_RELEASED_MINUTES },
      ]);
    }
  });

  it("keeps other users out of a release, and shares a label's by workspace role", async () => {
    const { releaseId, client } = await artistWithAlbum('Só Meu');
    const stranger = await signedInUser(t.app);
    const calls: ['GET' | 'PUT' | 'POST' | 'DELETE', string, object?][] = [
      ['GET', `/api/v1/backstage/releases/${releaseId}`],
      ['PUT', `/api/v1/backstage/releases/${releaseId}`, { name: 'x', type: 'album', tracks: [] }],
      ['POST', `/api/v1/backstage/releases/${releaseId}/publish`, {}],
      ['POST', `/api/v1/backstage/releases/${releaseId}/unpublish`, {}],
      ['DELETE', `/api/v1/backstage/releases/${releaseId}`],
    ];
    for (const [method, url, body] of calls) {
      const response = await stranger.client.request(method, url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    const mine = (await client.get(`/api/v1/backstage/releases/${releaseId}`)).json().release;
    expect(mine.status).toBe('draft');

    const { owner, member, workspace } = await labelWithMember(t, 'Selo Azul');
    const labelArtist = await managedArtist(t, 'Banda do Selo', { workspaceId: workspace.id });
    const { id } = await newRelease(owner.client, labelArtist, 'Primeiro');
    const seen = await member.client.get(`/api/v1/backstage/releases/${id}`);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().release.access).toBe('view');
    expect(
      (await member.client.get(`/api/v1/backstage/artists/${labelArtist}/releases`)).statusCode,
    ).toBe(200);
    const refused = await member.client.post(`/api/v1/backstage/releases/${id}/publish`, {});
    expect(refused.statusCode).toBe(403);
    const create = await member.client.post(`/api/v1/backstage/artists/${labelArtist}/releases`, {
      name: 'Não',
    });
    expect(create.statusCode).toBe(403);
  });

  it('deletes a release with its tracks and audio files', async () => {
    const { releaseId, release, client } = await artistWithAlbum('Apagar');
    const folder = path.join(t.config.dataDir, 'audio', 'releases', String(releaseId));
    expect(fs.readdirSync(folder)).toHaveLength(3);
    expect((await client.delete(`/api/v1/backstage/releases/${releaseId}`)).statusCode).toBe(204);
    expect(fs.existsSync(folder)).toBe(false);
    expect((await client.get(`/api/v1/backstage/releases/${releaseId}`)).statusCode).toBe(404);
    const left = await t.db.kysely
      .selectFrom('tracks')
      .select('id')
      .where('album_id', '=', release.id)
      .execute();
    expect(left).toEqual([]);
  });
});
