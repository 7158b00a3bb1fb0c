import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { loadConfig, type Config } from '../../config.js';
import { coverPng, importTrack } from '../../modules/music/music.fixtures.js';
import { createUser } from '../../test/factories.js';
import { multipartFile } from '../../test/multipart.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD, testDialect } from '../../test/test-app.js';
import { TestClient } from '../../test/test-client.js';
import { restoreBackup } from './restore-backup.js';
import { writeBackup } from './write-backup.js';

const tsx = path.resolve(import.meta.dirname, '../../../../node_modules/.bin/tsx');
const cli = (name: string) => path.resolve(import.meta.dirname, `../${name}.ts`);

/**
 * A site of its own: a data folder and, on PostgreSQL, a new database on the test server, since
 * a backup holds a whole database and a restore needs an empty one.
 */
async function newSite(folder: string) {
  const dataDir = path.join(folder, `site-${crypto.randomBytes(4).toString('hex')}`);
  const env: Record<string, string> = { DATA_DIR: dataDir };
  let drop = async () => {};
  if (testDialect === 'postgres') {
    const server = process.env.TEST_DATABASE_URL!;
    const name = `cadenza_backup_${crypto.randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: server });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(server);
    url.pathname = `/${name}`;
    env.DATABASE_URL = url.toString();
    drop = async () => {
      const client = new pg.Client({ connectionString: server });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    };
  }
  const config = loadConfig({
    ...env,
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    SEED_DEMO: 'false',
    WEB_DIST: path.join(folder, 'no-web-build'),
  });
  return { config, env, drop };
}

/** Runs `npm run backup` or `npm run restore` as an operator would, on a site's environment. */
function runCommand(name: 'backup' | 'restore', archive: string, env: Record<string, string>) {
  const child = spawn(tsx, [cli(name), archive], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  return new Promise<{ code: number | null; output: string }>((resolve) =>
    child.on('exit', (code) => resolve({ code, output })),
  );
}

describe(`backup and restore (${testDialect})`, () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-backups-'));
  const archive = path.join(folder, 'site.tar.gz');
  const sites: Awaited<ReturnType<typeof newSite>>[] = [];
  const apps: FastifyInstance[] = [];
  const site = async () => {
    const made = await newSite(folder);
    sites.push(made);
    return made;
  };
  const start = async (config: Config) => {
    const app = await buildApp(config, { announce: () => {} });
    apps.push(app);
    return app;
  };

  let listener: Awaited<ReturnType<typeof createUser>>;
  let playlistId: number;
  let trackId: number;
  let audio: Buffer;
  let upload: { url: string; bytes: Buffer };
  let avatar: string;
  let backupOutput: string;

  beforeAll(async () => {
    const source = await site();
    const app = await start(source.config);
    listener = await createUser(app);
    const client = new TestClient(app);
    await client.login(listener.email, listener.plainPassword);

    const imported = await importTrack(app, source.config.dataDir);
    trackId = imported.trackId;
    audio = (await client.get(`/api/v1/tracks/${trackId}/stream`)).rawPayload;
    playlistId = (
      await client.post('/api/v1/playlists', { name: 'Night drive', public: false })
    ).json().playlist.id;
    await client.post(`/api/v1/playlists/${playlistId}/tracks`, { trackIds: [trackId] });

    const bytes = Buffer.from('liner notes, as uploaded');
    const file = multipartFile(bytes, { filename: 'notes.txt', type: 'text/plain' });
    const uploaded = await client.request('POST', '/api/v1/file-entries', file.body, {
      headers: file.headers,
    });
    upload = { url: uploaded.json().fileEntry.url, bytes };
    const picture = multipartFile(await coverPng(), { filename: 'me.png', type: 'image/png' });
    avatar = (
      await client.request('POST', `/api/v1/users/${listener.id}/avatar`, picture.body, {
        headers: picture.headers,
      })
    ).json().user.avatar;

    // The app is still running, and keeps writing while the backup reads.
    const backup = runCommand('backup', archive, source.env);
    await client.post('/api/v1/playlists', { name: 'Written during the backup', public: false });
    const { code, output } = await backup;
    expect(code, output).toBe(0);
    backupOutput = output;
  });

  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const made of sites) await made.drop();
    fs.rmSync(folder, { recursive: true, force: true });
  });

  it('says what it wrote and how large it is', () => {
    expect(backupOutput).toContain(`Wrote ${archive}:`);
    expect(backupOutput).toMatch(/database: [\d.]+ (kB|MB)/);
    expect(backupOutput).toMatch(
      /Archiving .*: files, library, music, storage \(\d+ files, [\d.]+ kB\)/,
    );
  });

  it('writes no backup inside DATA_DIR, where each would hold the ones before it', async () => {
    const { config } = sites[0]!;
    const inside = path.join(config.dataDir, 'backup.tar.gz');
    await expect(writeBackup(config, inside, () => {})).rejects.toThrow(
      /Write the backup outside DATA_DIR/,
    );
    expect(fs.existsSync(inside)).toBe(false);
  });

  it('restores into an empty folder and database, where the app starts with everything in place', async () => {
    const target = await site();
    // In this process: the refusal below runs the command itself.
    const output: string[] = [];
    await restoreBackup(target.config, archive, (line) => output.push(line));
    expect(output.at(-1)).toContain(`into ${target.config.dataDir}`);

    const app = await start(target.config);
    const client = new TestClient(app);
    await client.login(listener.email, listener.plainPassword);

    const playlist = await client.get(`/api/v1/playlists/${playlistId}`);
    expect(playlist.statusCode).toBe(200);
    expect(playlist.json().playlist.name).toBe('Night drive');
    const tracks = (await client.get(`/api/v1/playlists/${playlistId}/tracks`)).json();
    expect(tracks.pagination.data.map((track: { id: number }) => track.id)).toEqual([trackId]);

    const file = await client.get(upload.url);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload).toEqual(upload.bytes);
    const picture = await client.get(avatar);
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/webp');

    // The site goes on from where it was: new rows take new ids (PostgreSQL's sequences too).
    const next = await client.post('/api/v1/playlists', { name: 'After the restore' });
    expect(next.statusCode).toBe(201);
    expect(next.json().playlist.id).toBeGreaterThan(playlistId);

    const stream = await client.get(`/api/v1/tracks/${trackId}/stream`, {
      headers: { range: 'bytes=0-' },
    });
    expect(stream.statusCode).toBe(206);
    expect(stream.headers['content-type']).toBe('audio/wav');
    expect(stream.rawPayload).toEqual(audio);
  });

  it('refuses to restore over a data folder or a database that holds data', async () => {
    const filled = sites[1]!;
    const refused = await runCommand('restore', archive, filled.env);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain(`DATA_DIR (${filled.config.dataDir}) is not empty`);

    // An empty folder is not enough while the database already holds a site.
    const emptyFolder = path.join(folder, 'empty');
    const database =
      filled.config.database.dialect === 'postgres'
        ? filled.config.database.url
        : `sqlite:${filled.config.database.file}`;
    const config = loadConfig({ DATA_DIR: emptyFolder, DATABASE_URL: database });
    await expect(restoreBackup(config, archive, () => {})).rejects.toThrow(
      testDialect === 'postgres' ? /database of DATABASE_URL is not empty/ : /already exists/,
    );
    expect(fs.existsSync(emptyFolder)).toBe(false);
  });
});
