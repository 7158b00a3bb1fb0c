/**
 * Fills the configured database (DATA_DIR or DATABASE_URL) with a large synthetic catalogue
 * for benchmarks: `npm run seed:bench -- --tracks 100000`. Artists, albums, tracks, genres,
 * plays, listeners with their likes, follows and playlists, and a library of `--library` liked
 * tracks and a playlist as long for the admin (ADMIN_EMAIL); no audio files.
 */
import { parseArgs } from 'node:util';
import { buildApp } from '../app.js';
import { ConfigError, loadConfig } from '../config.js';
import { openDatabase } from '../db/database.js';
import { seedSyntheticCatalogue } from './synthetic-catalogue.js';

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      tracks: { type: 'string', default: '100000' },
      // Plays over the last 30 days; half a play per track when not given.
      plays: { type: 'string' },
      library: { type: 'string', default: '5000' },
      seed: { type: 'string', default: '42' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(
      'Usage: npm run seed:bench -- [--tracks 100000] [--plays 1000000] [--library 5000] [--seed 42]',
    );
    return 0;
  }
  const tracks = Number(values.tracks);
  if (!Number.isInteger(tracks) || tracks < 1 || tracks > 10_000_000) {
    console.error('--tracks must be a whole number between 1 and 10000000');
    return 64; // EX_USAGE
  }
  const plays = values.plays === undefined ? tracks / 2 : Number(values.plays);
  if (!Number.isInteger(plays) || plays < 0 || plays > 100_000_000) {
    console.error('--plays must be a whole number between 0 and 100000000');
    return 64; // EX_USAGE
  }
  const library = Number(values.library);
  if (!Number.isInteger(library) || library < 0 || library > tracks) {
    console.error('--library must be a whole number between 0 and the number of tracks');
    return 64; // EX_USAGE
  }
  let config;
  try {
    config = { ...loadConfig(), seedDemo: false, logLevel: 'warn' as const };
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return 78; // EX_CONFIG
    }
    throw error;
  }
  // Opened here, so the made-up catalogue is written straight into it (it is no product's data).
  const db = openDatabase(config.database, { queryLog: config.queryLog });
  const app = await buildApp(config, { db, announce: (message) => console.log(message) });
  const started = Date.now();
  let lastReport = 0;
  try {
    const admin = await app.services.users.findByEmail(config.admin.email);
    const result = await seedSyntheticCatalogue(db.kysely, {
      tracks,
      ...(admin && library > 0 ? { library: { ownerId: admin.id, size: library } } : {}),
      playsPerTrack: plays / tracks,
      seed: Number(values.seed) || 42,
      onProgress(done, total) {
        if (Date.now() - lastReport < 1000 && done < total) return;
        lastReport = Date.now();
        process.stdout.write(`\r${done}/${total} tracks`);
      },
    });
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(
      `\nAdded ${result.artists} artists, ${result.albums} albums, ${result.tracks} tracks, ${result.plays} plays, ` +
        `${result.listeners} listeners with ${result.likes} likes and ${result.playlists} playlists in ${seconds} s.`,
    );
    if (result.libraryPlaylistId !== null)
      console.log(`The admin's playlist of ${library} tracks is ${result.libraryPlaylistId}.`);
    // What the server's schedule does soon after each day ends, done now for the past days.
    const rolling = Date.now();
    await app.services.reports.rollUpFinishedDays();
    console.log(
      `Rolled up the finished days of plays for the reports in ${((Date.now() - rolling) / 1000).toFixed(1)} s.`,
    );
    // Likewise the artists' plays of the fortnight: the plays went in without them.
    const counting = Date.now();
    await app.services.music.catalogue.recountTrending();
    console.log(
      `Counted the trending artists' plays in ${((Date.now() - counting) / 1000).toFixed(1)} s.`,
    );
    return 0;
  } finally {
    await app.close();
    await db.destroy();
  }
}

process.exitCode = await main();
