import path from 'node:path';
import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.js';
import type { Database } from '../../db/schema.js';
import { fileDisk, S3Disk } from '../../infra/file-disk.js';
import type { PubSub } from '../../infra/pubsub.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { WorkspacesService } from '../workspaces/workspaces.service.js';
import { createDirectUploadsService, DIRECT_NEEDS_S3 } from './direct-uploads.service.js';
import { createTusServer, TUS_EXPIRY_MS } from './tus.js';
import { createUploadsService } from './uploads.service.js';
import { userFileLinks } from './user-file-links.js';

/** How often unfinished uploads past their expiry are deleted. */
const CLEANUP_MS = 60 * 60 * 1000;

/** File entries and the three ways files arrive (form, tus, direct to storage), on one disk. */
export function createUploadsModule(deps: {
  config: Pick<Config, 'dataDir' | 's3' | 'userContentUrl' | 'redisPrefix'>;
  /** Signs the links to files on the user-content origin. */
  appKey: string;
  db: Kysely<Database>;
  settings: SettingsService;
  workspaces: WorkspacesService;
  /** Told of each file stored, whichever way it came. */
  onStored?: () => void;
  /** Set when instances share Redis: resumable uploads are then locked across them. */
  redis?: Redis | undefined;
  pubsub?: PubSub | undefined;
}) {
  const { config, db, settings, workspaces } = deps;
  const disk = fileDisk(config);
  const links = config.userContentUrl
    ? userFileLinks({ baseUrl: config.userContentUrl, appKey: deps.appKey })
    : undefined;
  const uploads = createUploadsService({
    db,
    disk,
    settings,
    workspaces,
    links,
    ...(deps.onStored ? { onStored: deps.onStored } : {}),
  });
  const direct = createDirectUploadsService({ db, disk, settings, uploads });
  const tus = createTusServer({
    dataDir: config.dataDir,
    s3: config.s3,
    bucket: disk instanceof S3Disk ? disk : undefined,
    settings,
    sharing:
      deps.redis && deps.pubsub
        ? { redis: deps.redis, pubsub: deps.pubsub, prefix: config.redisPrefix }
        : undefined,
  });
  settings.useCheck('uploads.direct_upload', (on) =>
    on && !(disk instanceof S3Disk) ? DIRECT_NEEDS_S3 : undefined,
  );
  /** Deletes expired resumable and direct uploads; answers how many went. */
  async function cleanUp(): Promise<number> {
    // Each kind is cleaned on its own: one failing (storage unreachable) leaves the other to run.
    const results = await Promise.allSettled([
      tus.cleanUpExpired().then(async (expired) => {
        // Expired uploads no longer hold their declared share of their uploader's space.
        await uploads.closeVanishedResumables(
          TUS_EXPIRY_MS,
          async (id) => (await tus.find(id)) !== undefined,
        );
        return expired;
      }),
      direct.cleanUpExpired(),
    ]);
    let deleted = 0;
    for (const result of results) {
      if (result.status === 'fulfilled') deleted += result.value;
      else console.error('upload cleanup failed', result.reason);
    }
    return deleted;
  }

  return {
    disk,
    uploads,
    direct,
    tus,
    tempDir: path.join(config.dataDir, 'tmp', 'uploads'),
    cleanUp,
    /** How often expired uploads are cleaned up (a scheduled job, `scheduled-work.ts`). */
    cleanupEveryMs: CLEANUP_MS,
  };
}

export type UploadsModule = ReturnType<typeof createUploadsModule>;
