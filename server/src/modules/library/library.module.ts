import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import type { Music } from '../music/music.module.js';
import type { Platform, Site } from '../site.module.js';
import type { UploadsModule } from '../uploads/uploads.module.js';
import { libraryRoutes } from './library.routes.js';
import { createLibraryService } from './library.service.js';
import { createFolderWatchService } from './folder-watch.service.js';

/** The library: imports of audio folders and uploads into the catalogue. */
export async function createLibrary(
  config: Config,
  db: Db,
  { jobs, pubsub, redis }: Pick<Platform, 'jobs' | 'pubsub' | 'redis'>,
  { audit }: Pick<Site, 'audit'>,
  { catalogue, music }: Pick<Music, 'catalogue' | 'music'>,
  { uploads }: Pick<UploadsModule, 'uploads'>,
) {
  // The default library folder exists from the start, so an operator sees where music goes.
  if (!process.env.LIBRARY_FOLDERS) {
    await fs.promises.mkdir(config.libraryFolders[0]!, { recursive: true });
  }
  const library = createLibraryService({
    db: db.kysely,
    catalogue: {
      // What an import writes has its loudness measured next, as background jobs.
      async importTracks(inputs) {
        const results = await catalogue.importTracks(inputs);
        await music.loudness.measureSoon(results.map(({ trackId }) => trackId));
        return results;
      },
      removeTracksByPaths: (paths) => catalogue.removeTracksByPaths(paths),
    },
    audit,
    roots: config.libraryFolders,
    dataDir: config.dataDir,
    jobs,
    pubsub,
    uploads,
    log: (message, error) =>
      error === undefined ? console.error(message) : console.error(message, error),
  });
  const folderWatch = createFolderWatchService({
    db: db.kysely,
    library,
    audit,
    pubsub,
    redis,
    redisPrefix: config.redisPrefix,
    settleMs: config.libraryWatchSettleMs,
    // The files of one copy settle one after another: gathered for a moment, they land as one import.
    debounceMs: Math.max(500, Math.round(config.libraryWatchSettleMs / 2)),
    log: (message, error) => console.error(message, error),
  });
  void folderWatch.start().catch((error: unknown) => {
    console.error('the watched library folders could not start', error);
  });
  return { library, folderWatch };
}

export type Library = Awaited<ReturnType<typeof createLibrary>>;

/** The admin area's imports, and audio uploaded for import. */
export async function registerLibraryRoutes(
  app: FastifyInstance,
  { library, folderWatch }: Library,
): Promise<void> {
  await app.register(libraryRoutes, { library, folderWatch });
}
