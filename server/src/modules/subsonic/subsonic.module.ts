import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { secretBox } from '../../infra/secret-box.js';
import type { InternetRadio } from '../internet-radio/internet-radio.module.js';
import type { Library } from '../library/library.module.js';
import type { Music } from '../music/music.module.js';
import type { Platform, Site } from '../site.module.js';
import { createAppPasswords } from './app-passwords.js';
import { musicAppsRoutes } from './music-apps.routes.js';
import { subsonicRoutes } from './subsonic.routes.js';

/** What /rest reports as `serverVersion`: the server package's version. */
const SERVER_VERSION = (
  JSON.parse(fs.readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
    version: string;
  }
).version;

/** The passwords music apps sign in with (the Subsonic API's own). */
export function createMusicApps(db: Db, appKey: string) {
  return createAppPasswords({ db: db.kysely, box: secretBox(appKey, 'music-apps') });
}

/** Music apps: the account's app password, and the Subsonic API they call. */
export async function registerMusicAppsRoutes(
  app: FastifyInstance,
  services: { appPasswords: ReturnType<typeof createMusicApps> } & Pick<Music, 'music'> &
    Library &
    InternetRadio &
    Pick<Site, 'tokens' | 'users' | 'permissions'> &
    Pick<Platform, 'storage' | 'limiter'>,
  config: Pick<Config, 'appUrl'>,
): Promise<void> {
  const { appPasswords } = services;
  await app.register(musicAppsRoutes, { appPasswords, appUrl: config.appUrl });
  await app.register(subsonicRoutes, {
    music: services.music,
    library: services.library,
    radio: services.radio,
    tokens: services.tokens,
    appPasswords,
    users: services.users,
    permissions: services.permissions,
    storage: services.storage,
    limiter: services.limiter,
    appUrl: config.appUrl,
    serverVersion: SERVER_VERSION,
  });
}
