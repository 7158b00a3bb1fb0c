import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import type { Music } from '../music/music.module.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import type { Platform, Site } from '../site.module.js';
import type { UploadsModule } from '../uploads/uploads.module.js';
import { backstageArtistsRoutes } from './artists.routes.js';
import { createBackstageArtistsService } from './artists.service.js';
import { listenForBackstageNotices } from './backstage.notices.js';
import { backstageInsightsRoutes } from './insights.routes.js';
import { createInsightsService } from './insights.service.js';
import { backstageReleasesRoutes } from './releases.routes.js';
import { createReleasesService } from './releases.service.js';
import { backstageRequestsRoutes } from './requests.routes.js';
import { createBackstageRequestsService } from './requests.service.js';

/** Artists' own side: requests to become one, their profiles, releases and insights. */
export function createBackstage(
  config: Config,
  db: Db,
  { events, storage }: Pick<Platform, 'events' | 'storage'>,
  { workspaces, audit, permissions }: Pick<Site, 'workspaces' | 'audit' | 'permissions'>,
  { catalogue, music }: Pick<Music, 'catalogue' | 'music'>,
  notifications: NotificationsService,
  uploads: UploadsModule,
) {
  const kysely = db.kysely;
  const backstage = createBackstageRequestsService({
    db: kysely,
    storage,
    uploads: uploads.uploads,
    catalogue,
    workspaces,
    events,
    audit,
  });
  listenForBackstageNotices({ events, notifications, permissions, requests: backstage });
  const backstageArtists = createBackstageArtistsService({ db: kysely, catalogue });
  const releases = createReleasesService({
    db: kysely,
    dataDir: config.dataDir,
    uploads: uploads.uploads,
    catalogue,
    artists: backstageArtists,
    events,
    ffmpeg: config.ffmpegPath,
    loudness: music.loudness,
  });
  const insights = createInsightsService({ db: kysely, artists: backstageArtists });
  return { backstage, backstageArtists, releases, insights };
}

export type Backstage = ReturnType<typeof createBackstage>;

export async function registerBackstageRoutes(
  app: FastifyInstance,
  { backstage, backstageArtists, releases, insights }: Backstage,
): Promise<void> {
  await app.register(backstageRequestsRoutes, { requests: backstage });
  await app.register(backstageArtistsRoutes, { artists: backstageArtists });
  await app.register(backstageReleasesRoutes, { releases });
  await app.register(backstageInsightsRoutes, { insights });
}
