import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { storageRoutes } from '../../infra/storage.js';
import { libraryRoutes } from '../library/library.routes.js';
import { createLibraryService } from '../library/library.service.js';
import type { Platform, Site } from '../site.module.js';
import type { UploadsModule } from '../uploads/uploads.module.js';
import { musicRoutes } from './music.routes.js';
import { createMusicServices } from './music.services.js';

/** The music: the catalogue and everything listeners do with it, and the library's imports. */
export async function createMusic(
  config: Config,
  db: Db,
  { events, storage }: Pick<Platform, 'events' | 'storage'>,
  { users, workspaces, audit }: Pick<Site, 'users' | 'workspaces' | 'audit'>,
) {
  const music = createMusicServices({
    db: db.kysely,
    dialect: db.dialect,
    storage,
    dataDir: config.dataDir,
    users,
    ffmpeg: config.ffmpegPath,
    events,
    workspaces,
    audit,
  });
  // The default library folder exists from the start, so an operator sees where music goes.
  if (!process.env.LIBRARY_FOLDERS) {
    await fs.promises.mkdir(config.libraryFolders[0]!, { recursive: true });
  }
  const library = createLibraryService({
    db: db.kysely,
    catalogue: music.catalogue,
    audit,
    roots: config.libraryFolders,
    dataDir: config.dataDir,
    log: (message, error) => console.error(message, error),
  });
  return { music, catalogue: music.catalogue, library };
}

export type Music = Awaited<ReturnType<typeof createMusic>>;

/**
 * The public files (a private playlist's picture only for those who may see the playlist), the
 * music's calls and the library's imports.
 */
export async function registerMusicRoutes(
  app: FastifyInstance,
  services: Pick<Music, 'music' | 'library'> &
    Pick<Platform, 'storage'> & { uploads: UploadsModule },
): Promise<void> {
  const { music, library, storage, uploads } = services;
  const playlistImages = music.playlists.imageGuard;
  await app.register(storageRoutes, {
    storage,
    guards: [
      {
        prefix: playlistImages.prefix,
        allows: (key, request) => playlistImages.allows(key, request.user?.id ?? null),
      },
    ],
  });
  await app.register(musicRoutes, { music });
  await app.register(libraryRoutes, { library, uploads: uploads.uploads });
}
