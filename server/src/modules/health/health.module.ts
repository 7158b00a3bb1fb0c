import fs from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { S3Disk, type FileDisk } from '../../infra/file-disk.js';
import type { Jobs } from '../../infra/jobs/index.js';
import type { AppMetrics } from '../../infra/metrics.js';
import { pingDatabase } from './health.repo.js';
import { healthRoutes } from './health.routes.js';
import { createMetricsService } from './metrics.service.js';
import { createReadinessService, redisCheck } from './readiness.service.js';

/** Liveness, readiness and the metrics: what operators and their tools ask of an instance. */
export async function registerHealthRoutes(
  app: FastifyInstance,
  services: {
    db: Db;
    redis: Redis | undefined;
    metrics: AppMetrics;
    jobs: Pick<Jobs, 'counts' | 'connected'>;
    uploads: { disk: FileDisk };
  },
  config: Pick<Config, 'dataDir' | 'metricsToken'>,
): Promise<void> {
  const { db, redis, uploads } = services;
  const readiness = createReadinessService({
    database: () => pingDatabase(db.kysely),
    redis: redis && redisCheck(redis, services.jobs),
    // Uploads, pictures and (local) files live under DATA_DIR, or uploads in the bucket.
    storage: async () => {
      await fs.access(config.dataDir, fs.constants.W_OK);
      if (uploads.disk instanceof S3Disk) await uploads.disk.probe();
    },
  });
  services.metrics.registerQueues(() => services.jobs.counts());
  const metrics = createMetricsService({ token: config.metricsToken, metrics: services.metrics });
  await app.register(healthRoutes, { readiness, metrics });
}
