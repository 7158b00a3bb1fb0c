import type { ImportJob } from '@cadenza/contracts/library';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, signedInUser } from '../../test/factories.js';
import { multipartFile } from '../../test/multipart.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type TestApp } from '../../test/test-app.js';
import { TestClient } from '../../test/test-client.js';
import { coverImage, mp3Tone, taggedMp3 } from './audio-factory.js';
import * as repo from './library.repo.js';
import { memoryJobs } from '../../infra/jobs/memory-jobs.js';
import { memoryPubSub } from '../../infra/pubsub.js';
import { SYSTEM_ACTOR, type Actor } from '../music/actor.js';
import { createLibraryService } from './library.service.js';

interface TrackBody {
  id: number;
  name: string;
  artists: { name: string }[];
  album: { id: number; name: string; image: string | null } | null;
  duration_ms: number;
  genres?: { display_name: string }[];
  lyrics?: string | null;
  synced_lyrics?: { time_ms: number; text: string }[] | null;
}

describe('library import', () => {
  let t: TestApp;
  let library: string;
  let admin: TestClient;

  const write = (relative: string, data: Buffer, mtime?: Date) => {
    const file = path.join(library, relative);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, data);
    if (mtime) fs.utimesSync(file, mtime, mtime);
    return file;
  };

  async function runImport(client: TestClient): Promise<ImportJob> {
    const started = await client.post('/api/v1/admin/library/imports', { folder: library });
    expect(started.statusCode).toBe(202);
    const { job } = started.json() as { job: ImportJob };
    expect(job.status).toBe('queued');
    for (let attempt = 0; attempt < 200; attempt++) {
      const response = await client.get(`/api/v1/admin/library/imports/${job.id}`);
      expect(response.statusCode).toBe(200);
      const current = (response.json() as { job: ImportJob }).job;
      expect(current.processed).toBeLessThanOrEqual(current.total);
      if (current.status !== 'queued' && current.status !== 'running') return current;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('the import did not finish');
  }

  async function trackOf(file: string): Promise<TrackBody> {
    const row = (await repo.filesUnder(t.db.kysely, library)).find(
      (f) => f.path === fs.realpathSync(file),
    );
    expect(row?.track_id).toBeTruthy();
    const response = await admin.get(`/api/v1/tracks/${row!.track_id}`);
    expect(response.statusCode).toBe(200);
    return (response.json() as { track: TrackBody }).track;
  }

  beforeAll(async () => {
    library = fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-library-'));
    t = await createTestApp({ LIBRARY_FOLDERS: library });
    admin = await new TestClient(t.app).visit();
    await admin.login(ADMIN_EMAIL, ADMIN_PASSWORD);

    const embedded = await coverImage('#cc2244');
    write(
      'Ana Lima/Mar Aberto/01 Água.mp3',
      taggedMp3({
        title: 'Água',
        artist: 'Ana Lima feat. Bruno Reis',
        album: 'Mar Aberto',
        track: '1/2',
        disc: '1',
        year: '2021',
        genre: 'MPB; Jazz',
        cover: embedded,
        lyrics: 'Water runs\nto the sea',
      }),
    );
    write(
      'Ana Lima/Mar Aberto/02 Sal.mp3',
      taggedMp3({ title: 'Sal', artist: 'Ana Lima', album: 'Mar Aberto', track: '2/2' }, 2),
    );
    write('Ana Lima/Mar Aberto/02 Sal.lrc', Buffer.from('[00:00.50]Salt\n[00:01.20]and light'));

    write(
      'Northwind/First Frost/01 Frost.mp3',
      taggedMp3({ title: 'Frost', artist: 'Northwind', album: 'First Frost', track: '1' }),
    );
    write('Northwind/First Frost/cover.jpg', (await coverImage('#2244cc')).data);

    write(
      'Summer Mix/01.mp3',
      taggedMp3({ title: 'Sunny', artist: 'Dee Jay', album: 'Summer Mix 2024', track: '1' }),
    );
    write(
      'Summer Mix/02.mp3',
      taggedMp3({
        title: 'Breeze',
        artist: 'Cara & Dom',
        album: 'Summer Mix 2024',
        track: '2',
      }),
    );
    write('broken.mp3', Buffer.from('ID3 but not really an audio file'));
  });

  afterAll(async () => {
    await t?.close();
    fs.rmSync(library, { recursive: true, force: true });
  });

  it('imports tags, artists, covers, lyrics and compilations, and reports broken files', async () => {
    const job = await runImport(admin);
    expect(job).toMatchObject({
      status: 'done',
      total: 6,
      processed: 6,
      imported: 5,
      updated: 0,
      removed: 0,
      failed: 1,
    });
    expect(job.errors).toHaveLength(1);
    expect(job.errors[0]!.path).toMatch(/broken\.mp3$/);
    expect(job.errors[0]!.reason).not.toBe('');

    const agua = await trackOf(path.join(library, 'Ana Lima/Mar Aberto/01 Água.mp3'));
    expect(agua.name).toBe('Água');
    expect(agua.artists.map((a) => a.name)).toEqual(['Ana Lima', 'Bruno Reis']);
    expect(agua.album?.name).toBe('Mar Aberto');
    expect(agua.album?.image).toBeTruthy();
    expect(agua.genres?.map((g) => g.display_name).sort()).toEqual(['Jazz', 'MPB']);
    expect(agua.lyrics).toBe('Water runs\nto the sea');
    expect(agua.duration_ms).toBeGreaterThan(1300);
    const stream = await admin.get(`/api/v1/tracks/${agua.id}/stream`);
    expect(stream.statusCode).toBe(200);
    expect(
      stream.rawPayload.equals(
        fs.readFileSync(path.join(library, 'Ana Lima/Mar Aberto/01 Água.mp3')),
      ),
    ).toBe(true);

    const sal = await trackOf(path.join(library, 'Ana Lima/Mar Aberto/02 Sal.mp3'));
    expect(sal.album?.id).toBe(agua.album?.id);
    expect(sal.synced_lyrics).toEqual([
      { time_ms: 500, text: 'Salt' },
      { time_ms: 1200, text: 'and light' },
    ]);

    const frost = await trackOf(path.join(library, 'Northwind/First Frost/01 Frost.mp3'));
    expect(frost.album?.image).toBeTruthy(); // from cover.jpg beside the file

    const sunny = await trackOf(path.join(library, 'Summer Mix/01.mp3'));
    const breeze = await trackOf(path.join(library, 'Summer Mix/02.mp3'));
    expect(breeze.artists.map((a) => a.name)).toEqual(['Cara', 'Dom']);
    expect(sunny.album?.id).toBe(breeze.album?.id);
    const album = (await admin.get(`/api/v1/albums/${sunny.album!.id}`)).json() as {
      album: { type: string; artists: { name: string }[]; tracks: unknown[] };
    };
    expect(album.album.type).toBe('compilation');
    expect(album.album.artists.map((a) => a.name)).toEqual(['Various Artists']);
    expect(album.album.tracks).toHaveLength(2);
  });

  it('re-imports only what changed, adds new files and removes deleted ones', async () => {
    const frostFile = path.join(library, 'Northwind/First Frost/01 Frost.mp3');
    const salFile = path.join(library, 'Ana Lima/Mar Aberto/02 Sal.mp3');
    const agua = await trackOf(path.join(library, 'Ana Lima/Mar Aberto/01 Água.mp3'));
    const frost = await trackOf(frostFile);
    const sal = await trackOf(salFile);

    write(
      'Northwind/First Frost/01 Frost.mp3',
      taggedMp3({ title: 'Frost (Remastered)', artist: 'Northwind', album: 'First Frost' }, 2),
      new Date(Date.now() + 60_000),
    );
    write(
      'Northwind/First Frost/02 Thaw.mp3',
      taggedMp3({ title: 'Thaw', artist: 'Northwind', album: 'First Frost', track: '2' }),
    );
    fs.rmSync(salFile);

    const job = await runImport(admin);
    expect(job).toMatchObject({
      status: 'done',
      total: 6,
      processed: 6,
      imported: 1,
      updated: 1,
      removed: 1,
      failed: 1,
    });

    const changed = await trackOf(frostFile);
    expect(changed.id).toBe(frost.id);
    expect(changed.name).toBe('Frost (Remastered)');
    expect((await trackOf(path.join(library, 'Northwind/First Frost/02 Thaw.mp3'))).name).toBe(
      'Thaw',
    );
    expect((await trackOf(path.join(library, 'Ana Lima/Mar Aberto/01 Água.mp3'))).id).toBe(agua.id);
    expect((await admin.get(`/api/v1/tracks/${sal.id}`)).statusCode).toBe(404);
  });

  it('lets only holders of music.import start and read imports', async () => {
    const user = await createUser(t.app);
    const client = await new TestClient(t.app).visit();
    await client.login(user.email, user.plainPassword);
    expect(
      (await client.post('/api/v1/admin/library/imports', { folder: library })).statusCode,
    ).toBe(403);
    expect((await client.get('/api/v1/admin/library/imports/1')).statusCode).toBe(403);

    const guest = await new TestClient(t.app).visit();
    expect(
      (await guest.post('/api/v1/admin/library/imports', { folder: library })).statusCode,
    ).toBe(401);
  });

  it('closes a job left running by a stopped process, and imports again', async () => {
    const stale = await repo.insertJob(t.db.kysely, library);
    await repo.updateJob(t.db.kysely, stale.id, { status: 'running' });
    const oneHourAgo = new Date(Date.now() - 3_600_000).toISOString();
    await t.db.kysely
      .updateTable('import_jobs')
      .set({ updated_at: oneHourAgo })
      .where('id', '=', stale.id)
      .execute();

    const job = await runImport(admin);
    expect(job.status).toBe('done');
    const closed = (await admin.get(`/api/v1/admin/library/imports/${stale.id}`)).json().job;
    expect(closed.status).toBe('failed');
    expect(closed.errors[0].reason).toBe('The import stopped without finishing.');
  });

  it('refuses a folder that does not exist, and a second import while one runs', async () => {
    const missing = await admin.post('/api/v1/admin/library/imports', {
      folder: path.join(library, 'no-such-folder'),
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.folder).toBeTruthy();

    const notFolder = await admin.post('/api/v1/admin/library/imports', {
      folder: path.join(library, 'broken.mp3'),
    });
    expect(notFolder.statusCode).toBe(422);

    // Two requests at once: exactly one import starts.
    const [a, b] = await Promise.all([
      admin.post('/api/v1/admin/library/imports', { folder: library }),
      admin.post('/api/v1/admin/library/imports', { folder: library }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([202, 409]);
    const first = a.statusCode === 202 ? a : b;
    const refused = a.statusCode === 202 ? b : a;
    expect(refused.json().message).toBe('An import is already running. Wait for it to finish.');
    await t.app.services.library.idle();
    const done = await admin.get(`/api/v1/admin/library/imports/${first.json().job.id}`);
    expect(done.json().job.status).toBe('done');
    expect(done.json().job.processed).toBe(6);

    expect((await admin.get('/api/v1/admin/library/imports/99999')).statusCode).toBe(404);
  });

  it('imports only inside the library folders, and lists them for the folder picker', async () => {
    const outside = fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-outside-'));
    const refused = await admin.post('/api/v1/admin/library/imports', { folder: outside });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.folder).toBe(
      'Choose a folder inside the library folders the server allows.',
    );
    // A way out through `..` or a link is judged by where it really leads.
    const escape = await admin.post('/api/v1/admin/library/imports', {
      folder: path.join(library, '..', path.basename(outside)),
    });
    expect(escape.statusCode).toBe(422);
    fs.symlinkSync(outside, path.join(library, 'link-out'));
    const linked = await admin.post('/api/v1/admin/library/imports', {
      folder: path.join(library, 'link-out'),
    });
    expect(linked.statusCode).toBe(422);
    fs.unlinkSync(path.join(library, 'link-out'));

    const { folders } = (await admin.get('/api/v1/admin/library/folders')).json() as {
      folders: { path: string; root: boolean }[];
    };
    const real = fs.realpathSync(library);
    expect(folders[0]).toEqual({ path: real, root: true });
    expect(folders).toContainEqual({ path: path.join(real, 'Ana Lima'), root: false });
    expect(folders).toContainEqual({
      path: path.join(real, 'Ana Lima', 'Mar Aberto'),
      root: false,
    });
    expect(folders.some((folder) => folder.path.includes(path.basename(outside)))).toBe(false);
  });

  it('keeps a history of imports, newest first, and audits who started them', async () => {
    const job = await runImport(admin);
    const { pagination } = (await admin.get('/api/v1/admin/library/imports?perPage=2')).json();
    expect(pagination.data[0].id).toBe(job.id);
    expect(pagination.data).toHaveLength(2);
    expect(pagination.total).toBeGreaterThan(2);
    const audit = (
      await admin.get(`/api/v1/admin/audit-log?subject_type=import&subject_id=${job.id}`)
    ).json().pagination.data as { action: string; actor: { email: string } | null }[];
    expect(audit.map((entry) => entry.action)).toEqual(['import.started']);
  });

  it('cancels a running import after the file it is on, and refuses to cancel an ended one', async () => {
    for (let i = 0; i < 30; i++) {
      write(`Many/Song ${i}.mp3`, taggedMp3({ title: `Song ${i}`, artist: 'Many', album: 'Many' }));
    }
    const started = await admin.post('/api/v1/admin/library/imports', { folder: library });
    const { job } = started.json() as { job: ImportJob };
    const cancelled = await admin.post(`/api/v1/admin/library/imports/${job.id}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const ended = cancelled.json().job as ImportJob;
    expect(ended.status).toBe('cancelled');
    expect(ended.finished_at).not.toBeNull();
    expect(ended.processed).toBeLessThan(ended.total || 1);

    const again = await admin.post(`/api/v1/admin/library/imports/${job.id}/cancel`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This import has already ended.');
    // The next import picks up where the cancelled one stopped.
    const next = await runImport(admin);
    expect(next.status).toBe('done');
    fs.rmSync(path.join(library, 'Many'), { recursive: true });
    await runImport(admin);
  });

  it('checks who may import in the service itself, so every API gets the same answer', async () => {
    const service = t.app.services.library;
    const listener: Actor = { userId: 1, permissions: [{ name: 'music.view', restrictions: [] }] };
    const guest: Actor = { userId: null, permissions: [] };
    for (const ask of [
      (actor: Actor) => service.latestJob(actor),
      (actor: Actor) => service.rescan(actor),
      (actor: Actor) => service.folders(actor),
      (actor: Actor) => service.jobs(actor, { page: 1, perPage: 10 }),
      (actor: Actor) => t.app.services.folderWatch.list(actor),
    ]) {
      await expect(ask(listener)).rejects.toMatchObject({
        status: 403,
        message: 'Only admins import music and scan the library.',
      });
      await expect(ask(guest)).rejects.toMatchObject({ status: 401 });
    }
    expect(await service.folders(SYSTEM_ACTOR)).toEqual(expect.any(Array));
  });

  it('re-scans an imported folder on schedule, once it is due', async () => {
    const service = t.app.services.library;
    expect(await service.rescanDue(0)).toBeNull();
    // The last import just ended: a re-scan every hour is not due yet.
    expect(await service.rescanDue(1)).toBeNull();
    const later = Date.now() + 2 * 3_600_000;
    const job = await service.rescanDue(1, later);
    expect(job?.folder).toBe(fs.realpathSync(library));
    await service.idle();
    expect((await service.getJob(SYSTEM_ACTOR, job!.id)).status).toBe('done');
  });

  it('writes tracks in batches, and one that cannot be written fails alone', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-batches-'));
    try {
      for (let i = 1; i <= 30; i++) {
        const title = i === 27 ? 'Unwritable' : `Part ${i}`;
        const file = path.join(folder, `${String(i).padStart(2, '0')} ${title}.mp3`);
        fs.writeFileSync(file, taggedMp3({ title, artist: 'Long Player', album: 'Thirty' }, 0.5));
      }
      // The real catalogue, except that it cannot write one of the tracks.
      const catalogue = t.app.services.catalogue;
      const service = createLibraryService({
        db: t.db.kysely,
        audit: t.app.services.audit,
        jobs: memoryJobs(),
        pubsub: memoryPubSub(),
        catalogue: {
          importTracks: async (inputs) => {
            if (inputs.some((input) => input.title === 'Unwritable'))
              throw new Error('The disk is full.');
            return catalogue.importTracks(inputs);
          },
          removeTracksByPaths: (paths) => catalogue.removeTracksByPaths(paths),
        },
      });
      const job = await service.importFolder(folder);
      expect(job).toMatchObject({ status: 'done', total: 30, imported: 29, failed: 1 });
      expect(job.errors).toEqual([
        {
          path: path.join(fs.realpathSync(folder), '27 Unwritable.mp3'),
          reason: 'The disk is full.',
        },
      ]);
      const files = await repo.filesUnder(t.db.kysely, fs.realpathSync(folder));
      const fileNamed = (name: string) => files.find((file) => file.path.endsWith(name))!;
      expect(fileNamed('27 Unwritable.mp3')).toMatchObject({
        track_id: null,
        error: 'The disk is full.',
      });
      const first = (
        await admin.get(`/api/v1/tracks/${fileNamed('01 Part 1.mp3').track_id}`)
      ).json() as { track: TrackBody };
      const album = (await admin.get(`/api/v1/albums/${first.track.album!.id}`)).json() as {
        album: { tracks: { name: string }[] };
      };
      expect(album.album.tracks.map((track) => track.name)).toEqual(
        Array.from({ length: 30 }, (_, i) => `Part ${i + 1}`).filter((name) => name !== 'Part 27'),
      );
      // The file that failed is tried again by the next import; the others are left alone.
      const again = await service.importFolder(folder);
      expect(again).toMatchObject({ imported: 0, updated: 0, failed: 1, processed: 30 });
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });

  it('names untagged files from their artist and album folders', async () => {
    const shallows = write('Tide Line/Low Water/CD2/03 - Shallows.mp3', mp3Tone(1));
    const ebb = write('Tide Line - Ebb/1-04 Slack Tide.mp3', mp3Tone(1, 330));
    const job = await runImport(admin);
    expect(job.status).toBe('done');

    const first = await trackOf(shallows);
    expect(first.name).toBe('Shallows');
    expect(first.artists.map((a) => a.name)).toEqual(['Tide Line']);
    expect(first.album?.name).toBe('Low Water');
    const second = await trackOf(ebb);
    expect(second.name).toBe('Slack Tide');
    expect(second.artists.map((a) => a.name)).toEqual(['Tide Line']);
    expect(second.album?.name).toBe('Ebb');
  });

  /** A file the client sends through the uploads (as the admin area's queue does); its entry id. */
  async function uploaded(client: TestClient, data: Buffer, filename: string, relativePath = '') {
    const { body, headers } = multipartFile(data, {
      filename,
      fields: relativePath ? { metadata: JSON.stringify({ relativePath }) } : {},
    });
    const response = await client.request('POST', '/api/v1/file-entries', body, { headers });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { fileEntry: { id: number } }).fileEntry.id;
  }

  it('imports audio an admin uploads, named by its tags or else by the folders it came in', async () => {
    const untagged = await uploaded(
      admin,
      mp3Tone(1),
      '02 - Beacon.mp3',
      'Harbour Lights/Night Ferry/02 - Beacon.mp3',
    );
    const response = await admin.post('/api/v1/admin/library/uploads', {
      file_entry_id: untagged,
    });
    expect(response.statusCode, response.body).toBe(201);
    const { track } = response.json() as { track: { id: number } };
    expect(track).toMatchObject({
      name: 'Beacon',
      artists: ['Harbour Lights'],
      album: 'Night Ferry',
    });
    const shown = (await admin.get(`/api/v1/tracks/${track.id}`)).json() as { track: TrackBody };
    expect(shown.track.name).toBe('Beacon');
    expect(shown.track.artists.map((a) => a.name)).toEqual(['Harbour Lights']);
    expect(shown.track.album?.name).toBe('Night Ferry');
    expect((await admin.get(`/api/v1/tracks/${track.id}/stream`)).statusCode).toBe(200);
    // The upload became the track's audio: it is not left among the admin's files.
    expect((await admin.get(`/api/v1/file-entries/${untagged}`)).statusCode).toBe(404);

    const tagged = await uploaded(
      admin,
      taggedMp3({ title: 'Lantern', artist: 'Orla Finch', album: 'Pier Songs', track: '4' }),
      'recording.mp3',
    );
    const second = await admin.post('/api/v1/admin/library/uploads', { file_entry_id: tagged });
    expect(second.statusCode, second.body).toBe(201);
    expect((second.json() as { track: unknown }).track).toMatchObject({
      name: 'Lantern',
      artists: ['Orla Finch'],
      album: 'Pier Songs',
    });
  });

  it('refuses an upload for import that is not audio, saying so', async () => {
    for (const [data, name] of [
      [Buffer.from('meeting notes, not a song'), 'notes.txt'],
      [Buffer.from('ID3 but not really an audio file'), 'fake.mp3'],
    ] as const) {
      const id = await uploaded(admin, data, name);
      const response = await admin.post('/api/v1/admin/library/uploads', { file_entry_id: id });
      expect(response.statusCode, response.body).toBe(422);
      expect((response.json() as { message: string }).message).toBe(
        'This file is not audio Cadenza can import: use MP3, FLAC, Ogg, WAV, AAC or M4A.',
      );
      expect((await admin.get(`/api/v1/file-entries/${id}`)).statusCode).toBe(404);
    }
  });

  it('answers 403 to listeners and 401 to guests for every import call', async () => {
    const { client } = await signedInUser(t.app);
    const guest = new TestClient(t.app);
    for (const [method, url] of [
      ['GET', '/api/v1/admin/library/folders'],
      ['GET', '/api/v1/admin/library/imports'],
      ['POST', '/api/v1/admin/library/imports/1/cancel'],
      ['POST', '/api/v1/admin/library/uploads'],
    ] as const) {
      expect(
        (await client.request(method, url, method === 'POST' ? {} : undefined)).statusCode,
      ).toBe(403);
      expect(
        (await guest.request(method, url, method === 'POST' ? {} : undefined)).statusCode,
      ).toBe(401);
    }
  });
});
