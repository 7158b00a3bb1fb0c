// Loads the music pages a listener hits most (search, artist page, album page) on a large
// synthetic catalogue, next to the bare node:http baseline of http.ts.
// BENCH_TRACKS sets the catalogue size (default 100000); DATABASE_URL benchmarks PostgreSQL.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { wavBytes } from '../../server/src/test/wav.js';
import { Client } from './client.js';
import {
  load,
  note,
  printGoals,
  printTable,
  startApp,
  startBare,
  startNginx,
  type GoalRow,
} from './http.js';
import { burst, compare, DURATION, settle } from './load.js';
import { runListeners, transcodedStarts } from './listeners.js';
import { memoryOf, soak, soakSeconds } from './memory.js';
import { captureQueries, databaseOf, rawSql } from './raw-sql.js';

const TRACKS = Number(process.env.BENCH_TRACKS ?? 100_000);
// Plays of the last 30 days, which the admin dashboard aggregates.
const PLAYS = Number(process.env.BENCH_PLAYS ?? 1_000_000);
const root = path.resolve(import.meta.dirname, '../..');
const LISTENERS = Number(process.env.BENCH_LISTENERS ?? 200);
const LISTEN_SECONDS = Number(process.env.BENCH_LISTEN_SECONDS ?? 30);

const daysAgo = (days: number) =>
  new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

/**
 * Fills the database of `env` (its DATA_DIR, or DATABASE_URL) with the synthetic catalogue, the
 * admin's library and playlist of 5,000 tracks among it.
 */
export function seed(env: Record<string, string>, tracks = TRACKS, plays = PLAYS): void {
  note(`Seeding ${tracks} synthetic tracks and ${plays} plays…`);
  const result = spawnSync(
    process.execPath,
    ['server/dist/cli/seed-bench.js', '--tracks', String(tracks), '--plays', String(plays)],
    {
      cwd: root,
      env: { ...process.env, ADMIN_PASSWORD: 'bench-password', ...env },
      // Progress goes to standard error, which keeps `--json` output clean.
      stdio: ['ignore', 2, 'inherit'],
    },
  );
  if (result.status !== 0) throw new Error('seeding the benchmark catalogue failed');
}

/**
 * One real audio file (a minute of 44.1 kHz WAV, 5 MB) imported beside the synthetic catalogue;
 * answers its folder, which nginx serves as the streaming baseline.
 */
function importAudio(dataDir: string): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-bench-audio-'));
  fs.writeFileSync(path.join(folder, 'Bench Stream.wav'), wavBytes(60, 44_100));
  const result = spawnSync(process.execPath, ['server/dist/cli/import.js', folder], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (result.status !== 0) throw new Error('importing the benchmark audio failed');
  return folder;
}

/**
 * Asks `url` again and again, one request at a time, until `work` settles: the slowest answer
 * is the longest the server kept everyone waiting meanwhile.
 */
async function whileAnswering<T>(
  work: Promise<T>,
  url: string,
): Promise<{ result: T; slowest: number; answers: number }> {
  let settled = false;
  const done = work.finally(() => (settled = true));
  let slowest = 0;
  let answers = 0;
  while (!settled) {
    const started = performance.now();
    await (await fetch(url)).arrayBuffer();
    slowest = Math.max(slowest, performance.now() - started);
    answers++;
  }
  return { result: await done, slowest, answers };
}

/** A music call as the web player makes it, and who makes it. */
export interface MusicCall {
  name: string;
  path: string;
  headers?: Record<string, string>;
}

/**
 * The music calls to measure, found on the seeded catalogue: searches by a prefix, by words of a
 * title and with a typo; the artist and album of the top track; the top 50; a genre; and the
 * admin's library and playlist of 5,000 tracks (the seed gives them to the admin).
 */
export async function musicCalls(
  url: string,
  bearer: Record<string, string>,
): Promise<{ calls: MusicCall[]; prefix: string }> {
  const get = async <T>(pathname: string, headers: Record<string, string> = {}) =>
    (await (await fetch(url + pathname, { headers })).json()) as T;
  const top = await get<{
    pagination: {
      data: { name: string; artists: { id: number; name: string }[]; album: { id: number } }[];
    };
  }>('/api/v1/tracks/top?perPage=20');
  const track = top.pagination.data[0]!;
  const artist = track.artists[0]!;
  const prefix = artist.name.split(' ')[0]!.slice(0, 4).toLowerCase();
  const titled = top.pagination.data.find((t) => t.name.includes(' ')) ?? track;
  const words = titled.name.toLowerCase().split(' ').slice(0, 2).join(' ');
  // A name with two of its letters swapped: no name starts with it, so the typo pass runs.
  const name = artist.name.split(' ')[0]!.toLowerCase();
  const typo = name.slice(0, 1) + name[2] + name[1] + name.slice(3);
  const playlists = await get<{ pagination: { data: { id: number; name: string }[] } }>(
    '/api/v1/users/me/playlists?perPage=50',
    bearer,
  );
  const big = playlists.pagination.data.find((playlist) => playlist.name.startsWith('Bench '));
  const search = (query: string) => `/api/v1/search?query=${encodeURIComponent(query)}&perPage=10`;
  const calls = [
    { name: `search prefix '${prefix}'`, path: search(prefix) },
    { name: `search words '${words}'`, path: search(words) },
    { name: `search typo '${typo}'`, path: search(typo) },
    { name: 'artist page', path: `/api/v1/artists/${artist.id}` },
    // The same page signed in: the guest's page kept, the listener's likes laid over it.
    { name: 'artist page, signed in', path: `/api/v1/artists/${artist.id}`, headers: bearer },
    { name: 'album page', path: `/api/v1/albums/${track.album.id}` },
    { name: 'top 50 tracks', path: '/api/v1/tracks/top?perPage=50' },
    { name: "genre 'rock'", path: '/api/v1/genres/rock' },
    { name: 'genres, the first 50', path: '/api/v1/genres?page=1&perPage=50' },
    { name: 'discover (the home screen)', path: '/api/v1/channel/discover' },
    { name: 'landing page artists', path: '/api/v1/landing/artists' },
    {
      name: 'library, 5,000 liked',
      path: '/api/v1/users/me/liked-tracks?perPage=50',
      headers: bearer,
    },
    ...(big
      ? [
          {
            name: 'playlist of 5,000 tracks',
            path: `/api/v1/playlists/${big.id}/tracks?perPage=50`,
          },
          // The page's other first call: the playlist with its cover, owner and counts.
          { name: 'playlist of 5,000 tracks, the playlist', path: `/api/v1/playlists/${big.id}` },
        ]
      : []),
  ];
  return { calls, prefix };
}

/** Signs the admin in and makes a personal access token, kept in the database for later runs. */
export async function adminToken(url: string): Promise<{ admin: Client; token: string }> {
  const admin = new Client(url);
  await admin.send('GET', '/api/v1/bootstrap-data');
  await admin.send('POST', '/auth/login', {
    email: 'admin@example.com',
    password: 'bench-password',
    remember: false,
  });
  const { plainTextToken } = (await admin.send('POST', '/api/v1/access-tokens', {
    tokenName: 'bench',
  })) as { plainTextToken: string };
  return { admin, token: plainTextToken };
}

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-bench-music-'));
  seed({ DATA_DIR: dataDir });
  const audioFolder = importAudio(dataDir);
  const database = databaseOf(dataDir);

  // First an app that logs its SQL: the statements of each call, for the raw-SQL baseline.
  const queryLog = path.join(dataDir, 'queries.log');
  const logging = await startApp({ DATA_DIR: dataDir, SEED_DEMO: 'false', QUERY_LOG: queryLog });
  const { admin, token: plainTextToken } = await adminToken(logging.url);
  const bearer = { authorization: `Bearer ${plainTextToken}` };
  const { calls, prefix } = await musicCalls(logging.url, bearer);
  const statements = [];
  for (const call of calls)
    statements.push(await captureQueries(queryLog, logging.url + call.path, call.headers));
  await logging.stop();

  const nginx = await startNginx(audioFolder);
  const bare = await startBare();
  const app = await startApp({ DATA_DIR: dataDir, SEED_DEMO: 'false' });
  admin.base = app.url;
  // Resident memory once started and settled, before any load.
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const idle = memoryOf(app.pid);
  try {
    // The baseline is loaded once; every row below is set beside it.
    const base = await load(`${bare.url}/`);
    const rows = [];
    for (const call of calls) {
      await settle(app.url);
      rows.push({
        name: call.name,
        app: await load(app.url + call.path, call.headers),
        bare: base,
      });
    }
    printTable(rows, `Music calls on ${TRACKS} tracks, next to bare node:http`);
    const rawRows = [];
    for (const [i, call] of calls.entries()) {
      const raw = await rawSql(database, statements[i]!);
      rawRows.push({
        name: `${call.name} (${statements[i]!.length} queries)`,
        app: rows[i]!.app,
        bare: raw,
      });
    }
    printTable(
      rawRows,
      `The same calls next to their own SQL run straight on ${database.dialect === 'sqlite' ? 'SQLite (one connection, back to back)' : 'PostgreSQL (a pool of 10)'}`,
    );
    // At a million tracks each call answers under 100 ms at the 99th percentile, at 100,000
    // under 50 ms; and at least 1,000 a second.
    const p99Goal = TRACKS >= 1_000_000 ? 100 : 50;
    printGoals(
      rows.flatMap(({ name, app: figures }) => [
        {
          name: `${name}, p99 ms`,
          figure: figures.p99,
          goal: `< ${p99Goal}`,
          met: figures.p99 < p99Goal,
        },
        {
          name: `${name}, req/s`,
          figure: figures.requests,
          goal: '>= 1000',
          met: figures.requests >= 1000,
        },
      ]),
      `Goals of the music calls on ${TRACKS} tracks`,
    );

    // Memory: idle, then the peak while the same calls take 200 connections each.
    const musicUrls = calls.filter((call) => !call.headers).map((call) => app.url + call.path);
    for (const url of musicUrls) await burst(url, DURATION, 200);
    const underLoad = memoryOf(app.pid).peak;
    await settle(app.url);
    const memoryRows: GoalRow[] = [
      {
        name: 'resident memory idle, MB',
        figure: idle.rss,
        goal: '< 150',
        met: idle.rss < 150,
      },
      {
        name: 'peak resident memory, 200 connections, MB',
        figure: underLoad,
        goal: '< 300',
        met: underLoad < 300,
      },
    ];
    const soakFor = soakSeconds();
    if (soakFor > 0) {
      const { from, to, growth } = await soak(app.pid, musicUrls, soakFor);
      memoryRows.push({
        name: `growth over a ${soakFor} s soak, MB`,
        figure: growth,
        goal: '~ 0',
        // Within a tenth of where it stood after the first minute.
        met: growth < from * 0.1,
        detail: `${from.toFixed(0)} MB after the first minute, ${to.toFixed(0)} MB at the end`,
      });
    }
    printGoals(memoryRows, `Memory on ${TRACKS} tracks`);

    // The same calls through the Subsonic API, as a music app makes them.
    const rest = (method: string, params: Record<string, string>) =>
      `${app.url}/rest/${method}?${new URLSearchParams({ f: 'json', v: '1.16.1', c: 'bench', apiKey: plainTextToken, ...params })}`;
    const subsonicRows = [];
    for (const [name, url, jsonName, jsonUrl] of [
      [
        `/rest search3 '${prefix}'`,
        rest('search3', { query: prefix, songCount: '10', albumCount: '10', artistCount: '10' }),
        `JSON search '${prefix}'`,
        `${app.url}/api/v1/search?query=${prefix}&perPage=10`,
      ],
      [
        '/rest getAlbumList2 newest',
        rest('getAlbumList2', { type: 'newest', size: '20' }),
        'JSON new releases',
        `${app.url}/api/v1/albums/new-releases?perPage=20`,
      ],
    ] as const) {
      await settle(app.url);
      subsonicRows.push({ name, app: await load(url), bare: base });
      await settle(app.url);
      subsonicRows.push({ name: jsonName, app: await load(jsonUrl), bare: base });
    }
    const found = (await (
      await fetch(`${app.url}/api/v1/search?query=bench%20stream&types=tracks&perPage=1`)
    ).json()) as { results: { tracks: { data: { id: number }[] } } };
    const audioId = String(found.results.tracks.data[0]!.id);
    printTable(subsonicRows, `Subsonic API next to the JSON API on ${TRACKS} tracks`);

    // Streams: ranges of the same file from the app and from nginx's sendfile.
    const range = { range: 'bytes=0-262143' };
    const streams = [
      ['JSON stream (256 KiB range)', `${app.url}/api/v1/tracks/${audioId}/stream`],
      ['/rest stream (256 KiB range)', rest('stream', { id: audioId })],
    ] as const;
    const sendfile = { url: `${nginx?.url}/Bench%20Stream.wav`, headers: range };
    const none = { requests: NaN, p50: NaN, p99: NaN, errors: 0 };
    const streamRows = [];
    for (const [name, url] of streams) {
      // Loaded in turns with nginx on the same file, so that both meet the same machine.
      streamRows.push(
        nginx
          ? { name, ...(await compare({ url, headers: range }, sendfile)) }
          : { name, app: await load(url, range), bare: none },
      );
    }
    printTable(
      streamRows,
      nginx
        ? 'Streaming a 5 MB file next to nginx sendfile of the same file'
        : 'Streaming (nginx is not installed: no baseline)',
    );

    // 200 listeners on the same track for LISTEN_SECONDS, each reading as a player does; while
    // they play, transcoded streams are started one after another.
    const listening = runListeners({
      url: `${app.url}/api/v1/tracks/${audioId}/stream`,
      listeners: LISTENERS,
      seconds: LISTEN_SECONDS,
      bytesPerSecond: fs.statSync(path.join(audioFolder, 'Bench Stream.wav')).size / 60,
    });
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const transcoded = await transcodedStarts(
      `${app.url}/api/v1/tracks/${audioId}/stream?format=mp3`,
      20,
    );
    const listened = await listening;
    printGoals(
      [
        {
          name: `listeners who stalled, of ${LISTENERS}`,
          figure: listened.stalledListeners,
          goal: '0',
          met: listened.stalledListeners === 0 && listened.failed === 0,
          detail: `${listened.stalls} stalls; first byte p50 ${listened.firstByte.p50.toFixed(0)} ms, p99 ${listened.firstByte.p99.toFixed(0)} ms${listened.failed ? `; ${listened.failed} failed` : ''}`,
        },
        {
          name: 'transcoded stream to first byte, p99 ms',
          figure: transcoded.p99,
          goal: '<= 300',
          met: transcoded.p99 <= 300,
          detail: `p50 ${transcoded.p50.toFixed(0)} ms, slowest ${transcoded.max.toFixed(0)} ms, ${LISTENERS} listeners playing`,
        },
      ],
      `${LISTENERS} listeners for ${LISTEN_SECONDS} s, and MP3 transcoding (ffmpeg) started meanwhile`,
    );

    // The admin dashboard: every figure an aggregation over the plays of the range. The first
    // request computes the report (timed alone, with the health check asked again and again
    // meanwhile: its slowest answer is how long the server stopped answering anyone); the load
    // then reads it while nothing changes.
    const dashboardRows = [];
    const pauses: GoalRow[] = [];
    for (const days of [7, 30]) {
      const started = performance.now();
      const cold = await whileAnswering(
        fetch(`${app.url}/api/v1/admin/reports?days=${days}`, { headers: bearer }),
        `${app.url}/api/v1/health`,
      );
      note(
        `admin reports, last ${days} days, first request: ${cold.result.status} in ${Math.round(performance.now() - started)} ms`,
      );
      pauses.push({
        name: `health check during a ${days}-day report, ms`,
        figure: cold.slowest,
        goal: '<= 100',
        met: cold.slowest <= 100,
        detail: `the slowest of ${cold.answers} answers`,
      });
      dashboardRows.push({
        name: `GET admin reports, last ${days} days`,
        app: await load(`${app.url}/api/v1/admin/reports?days=${days}`, bearer),
        bare: base,
      });
    }
    printGoals(pauses, 'The server answering while the first reports compute');
    printTable(dashboardRows, `Admin dashboard on ${PLAYS} plays of ${TRACKS} tracks`);

    // Backstage insights of the artist with the most plays: the admin claims it through the
    // backstage (a request, then its approval), as an artist would get it.
    const landing = (await (await fetch(`${app.url}/api/v1/landing/artists`)).json()) as {
      artists: { id: number; name: string; albums: { id: number }[] }[];
    };
    const busiest = landing.artists[0]!;
    const { request } = (await admin.send('POST', '/api/v1/backstage/requests', {
      type: 'claim-artist',
      artist_id: busiest.id,
      proof: 'The benchmark runs it.',
      links: [],
    })) as { request: { id: number } };
    await admin.send('POST', `/api/v1/admin/backstage-requests/${request.id}/approve`, {});
    const albumId = busiest.albums[0]!.id;
    const topTrack = (await admin.send(
      'GET',
      `/api/v1/backstage/insights?scope=artist&id=${busiest.id}`,
    )) as { insights: { totals: { plays: number }; top_tracks: { id: number }[] } };
    note(
      `insights: '${busiest.name}' has ${topTrack.insights.totals.plays} plays in the last 28 days`,
    );
    const insightsRows = [];
    for (const [name, query] of [
      ['GET insights, artist, 28 days', `scope=artist&id=${busiest.id}`],
      ['GET insights, artist, 7 days', `scope=artist&id=${busiest.id}&from=${daysAgo(6)}`],
      ['GET insights, album, 28 days', `scope=album&id=${albumId}`],
      ['GET insights, track, 28 days', `scope=track&id=${topTrack.insights.top_tracks[0]!.id}`],
    ] as const) {
      const url = `${app.url}/api/v1/backstage/insights?${query}`;
      const started = performance.now();
      const first = await fetch(url, { headers: bearer });
      note(
        `${name}, one request: ${first.status} in ${Math.round(performance.now() - started)} ms`,
      );
      insightsRows.push({ name, app: await load(url, bearer), bare: base });
    }
    printTable(insightsRows, `Backstage insights on ${PLAYS} plays of ${TRACKS} tracks`);
  } finally {
    bare.close();
    await nginx?.close();
    await app.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] === import.meta.filename) await main();
