import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import type { Music } from '../music/music.module.js';
import type { Platform, Site } from '../site.module.js';
import type { UploadsModule } from '../uploads/uploads.module.js';
import { libraryRoutes } from './library.routes.js';
import { createLibraryService } from './library.service.js';

/** The library: imports of audio folders and uploads into the catalogue. */
export async function createLibrary(
  config: Config,
  db: Db,
  { jobs, pubsub }: Pick<Platform, 'jobs' | 'pubsub'>,
  { audit }: Pick<Site, 'audit'>,
  { catalogue }: Pick<Music, 'catalogue'>,
) {
  // The default library folder exists from the start, so an operator sees where music goes.
  if (!process.env.LIBRARY_FOLDERS) {
    await fs.promises.mkdir(config.libraryFolders[0]!, { recursive: true });
  }
  const library = createLibraryService({
    db: db.kysely,
    catalogue,
    audit,
    roots: config.libraryFolders,
    dataDir: config.dataDir,
    jobs,
    pubsub,
    log: (message, error) => console.error(message, error),
  });
  return { library };
}

export type Library = Awaited<ReturnType<typeof createLibrary>>;

/** The admin area's imports, and audio uploaded for import. */
export async function registerLibraryRoutes(
  app: FastifyInstance,
  { library, uploads }: Library & { uploads: UploadsModule },
): Promise<void> {
  await app.register(libraryRoutes, { library, uploads: uploads.uploads });
}
