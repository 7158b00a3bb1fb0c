import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { storageRoutes } from '../../infra/storage.js';
import type { Platform, Site } from '../site.module.js';
import { musicRoutes } from './music.routes.js';
import { createMusicServices } from './music.services.js';

/** The music: the catalogue and everything listeners do with it. */
export function createMusic(
  config: Config,
  db: Db,
  { events, storage, jobs, pubsub }: Pick<Platform, 'events' | 'storage' | 'jobs' | 'pubsub'>,
  {
    users,
    workspaces,
    audit,
    settings,
    localization,
  }: Pick<Site, 'users' | 'workspaces' | 'audit' | 'settings' | 'localization'>,
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
    jobs,
    libraryFolders: config.libraryFolders,
    appUrl: config.appUrl,
    pubsub,
    settings,
    languages: localization,
  });
  return { music, catalogue: music.catalogue };
}

export type Music = ReturnType<typeof createMusic>;

/**
 * The public files (a private playlist's picture only for those who may see the playlist) and the
 * music's calls.
 */
export async function registerMusicRoutes(
  app: FastifyInstance,
  { music, storage }: Pick<Music, 'music'> & Pick<Platform, 'storage'>,
): Promise<void> {
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
}
