import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { ScrobblerName } from '@cadenza/contracts/scrobbling';
import type { Config } from '../../config.js';
import { escapeHtml } from '../../core/html.js';
import type { Db } from '../../db/database.js';
import { mailTranslator } from '../../infra/mail-template.js';
import { secretBox } from '../../infra/secret-box.js';
import type { Music } from '../music/music.module.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import type { Platform, Site } from '../site.module.js';
import { lastFmClient } from './lastfm.client.js';
import { listenBrainzClient } from './listenbrainz.client.js';
import { scrobbleJobs } from './scrobble-jobs.js';
import { scrobblingRoutes } from './scrobbling.routes.js';
import { createScrobblingService, SERVICE_NAMES } from './scrobbling.service.js';

const VERSION = (
  JSON.parse(fs.readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
    version: string;
  }
).version;

const translator = mailTranslator('scrobbling-mail');

/**
 * Scrobbling: listeners connect ListenBrainz and Last.fm in account settings, and their counted
 * plays and started tracks are sent there through the job queue.
 */
export function createScrobbling(
  config: Config,
  db: Db,
  { events, jobs, limiter }: Pick<Platform, 'events' | 'jobs' | 'limiter'>,
  site: Pick<Site, 'appKey'>,
  { music }: Pick<Music, 'music'>,
  notifications: NotificationsService,
) {
  const { listenBrainzUrl, lastFm: lastFmConfig, retryMs } = config.scrobbling;
  const box = secretBox(site.appKey, 'scrobblers');
  const listenBrainz = listenBrainzClient(listenBrainzUrl, { name: 'Cadenza', version: VERSION });
  const lastFm = lastFmConfig ? lastFmClient(lastFmConfig) : null;

  const tellDisconnected = async (userId: number, service: ScrobblerName) => {
    await notifications.notify(userId, 'scrobblerDisconnected', (user) => {
      const t = translator(user.language);
      const name = SERVICE_NAMES[service];
      return {
        lines: [
          {
            type: 'primary',
            content: escapeHtml(t(':service was disconnected', { service: name })),
          },
          {
            type: 'other',
            content: escapeHtml(
              t(':service no longer accepts your sign-in, so your listens are not sent there.', {
                service: name,
              }),
            ),
          },
        ],
        mainAction: { label: t('Connect again'), action: '/account-settings#scrobbling' },
      };
    });
  };

  scrobbleJobs({
    db: db.kysely,
    box,
    jobs,
    events,
    music,
    listenBrainz,
    lastFm,
    retryMs,
    onRejected: tellDisconnected,
  });
  return createScrobblingService({
    db: db.kysely,
    box,
    limiter,
    listenBrainz,
    lastFm,
    appUrl: config.appUrl,
    stateKey: `lastfm-state:${site.appKey}`,
  });
}

export type ScrobblingModule = ReturnType<typeof createScrobbling>;

export async function registerScrobblingRoutes(
  app: FastifyInstance,
  { scrobbling }: { scrobbling: ScrobblingModule },
): Promise<void> {
  await app.register(scrobblingRoutes, { scrobbling });
}
