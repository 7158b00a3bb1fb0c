import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import type { Accounts } from '../accounts/accounts.module.js';
import type { Site } from '../site.module.js';
import { socialAuthRoutes } from './social-auth.routes.js';
import { createSocialAuthService } from './social-auth.service.js';

/**
 * Signing in with Google, Facebook, X, Apple or the operator's OpenID Connect provider, and the
 * profiles linked to an account.
 */
export function createSocialAuth(
  config: Config,
  db: Db,
  site: Site,
  { auth, accounts }: Pick<Accounts, 'auth' | 'accounts'>,
) {
  const { appKey, users, permissions, sessions, settings, bootstrap } = site;
  const socialAuth = createSocialAuthService({
    db: db.kysely,
    appUrl: config.appUrl,
    appKey,
    users,
    permissions,
    sessions,
    settings,
    auth,
    bootstrap,
    oidc: config.oidc,
    greet: accounts.emailVerification.greet,
  });
  users.useRelation('social_profiles', (userId) => socialAuth.profilesOf(userId));
  return { socialAuth };
}

export type SocialAuth = ReturnType<typeof createSocialAuth>;

/** The sign-in redirects and callbacks of each provider. */
export async function registerSocialAuthRoutes(
  app: FastifyInstance,
  { socialAuth, bootstrap, settings }: SocialAuth & Pick<Site, 'bootstrap' | 'settings'>,
  config: Pick<Config, 'secureCookies'>,
): Promise<void> {
  await app.register(socialAuthRoutes, {
    socialAuth,
    bootstrap,
    settings,
    secureCookies: config.secureCookies,
  });
}
