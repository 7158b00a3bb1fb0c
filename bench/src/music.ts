// Loads the music pages a listener hits most (search, artist page, album page) on a large
// synthetic catalogue, next to the bare node:http baseline of http.ts.
// BENCH_TRACKS sets the catalogue size (default 100000); DATABASE_URL benchmarks PostgreSQL.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { load, printTable, startApp, startBare } from './http.js';

const TRACKS = Number(process.env.BENCH_TRACKS ?? 100_000);
const root = path.resolve(import.meta.dirname, '../..');

function seed(dataDir: string): void {
  console.log(`Seeding ${TRACKS} synthetic tracks…`);
  const result = spawnSync(
    process.execPath,
    ['server/dist/cli/seed-bench.js', '--tracks', String(TRACKS)],
    {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, ADMIN_PASSWORD: 'bench-password' },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  if (result.status !== 0) throw new Error('seeding the benchmark catalogue failed');
}

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-bench-music-'));
  seed(dataDir);
  const bare = await startBare();
  const app = await startApp({ DATA_DIR: dataDir, SEED_DEMO: 'false' });
  try {
    const top = (await (await fetch(`${app.url}/api/v1/tracks/top?perPage=1`)).json()) as {
      pagination: { data: { artists: { id: number; name: string }[]; album: { id: number } }[] };
    };
    const track = top.pagination.data[0]!;
    const artist = track.artists[0]!;
    const prefix = artist.name.split(' ')[0]!.slice(0, 4).toLowerCase();
    const rows = [];
    for (const [name, pathname] of [
      [`GET search '${prefix}'`, `/api/v1/search?query=${prefix}&perPage=10`],
      ['GET artist page', `/api/v1/artists/${artist.id}`],
      ['GET album page', `/api/v1/albums/${track.album.id}`],
      ['GET top 50 tracks', '/api/v1/tracks/top?perPage=50'],
    ] as const) {
      rows.push({ name, app: await load(app.url + pathname), bare: await load(`${bare.url}/`) });
    }
    console.log(`\nMusic pages on ${TRACKS} tracks`);
    printTable(rows);
  } finally {
    bare.close();
    await app.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
