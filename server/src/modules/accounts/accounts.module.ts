import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { secretBox } from '../../infra/secret-box.js';
import type { Platform, Site } from '../site.module.js';
import { authRoutes } from '../auth/auth.routes.js';
import { createAuthService } from '../auth/auth.service.js';
import { createTwoFactorService } from '../two-factor/two-factor.service.js';
import { accountRoutes } from './account.routes.js';
import { accountsPlugin } from './accounts.plugin.js';
import { createAccountsServices } from './accounts.services.js';

/**
 * Signing in and the accounts people keep: passwords and two-factor, registration, resets and
 * e-mail codes, and the own account.
 */
export function createAccounts(config: Config, db: Db, platform: Platform, site: Site) {
  const { events, limiter, storage, metrics } = platform;
  const { appKey, users, sessions, settings, permissions, tokens } = site;
  const twoFactor = createTwoFactorService({ users, settings, box: secretBox(appKey), events });
  const auth = createAuthService({
    users,
    sessions,
    limiter,
    twoFactor,
    events,
    countSignIn: (outcome) => metrics.countSignIn(outcome),
  });
  const accounts = createAccountsServices({
    db: db.kysely,
    appUrl: config.appUrl,
    appKey,
    users,
    sessions,
    settings,
    permissions,
    auth,
    mailer: site.mailer,
    limiter,
    storage,
    events,
    humanCheck: site.botCheck,
  });
  users.useRelation('tokens', (userId) => tokens.list(userId));
  return { twoFactor, auth, accounts };
}

export type Accounts = ReturnType<typeof createAccounts>;

/** Signing in and out, the own account, registration, two-factor and the sessions list. */
export async function registerAccountsRoutes(
  app: FastifyInstance,
  { auth, twoFactor, accounts, bootstrap }: Accounts & Pick<Site, 'bootstrap'>,
): Promise<void> {
  await app.register(authRoutes, { auth, bootstrap });
  await app.register(accountRoutes, { account: accounts.account });
  await app.register(accountsPlugin, { accounts, auth, twoFactor, bootstrap });
}
