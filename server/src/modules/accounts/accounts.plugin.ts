import type { FastifyInstance } from 'fastify';
import type { AuthService } from '../auth/auth.service.js';
import type { BootstrapService } from '../bootstrap/bootstrap.service.js';
import { userSessionsRoutes } from './user-sessions.routes.js';
import { twoFactorRoutes } from '../two-factor/two-factor.routes.js';
import type { TwoFactorService } from '../two-factor/two-factor.service.js';
import { accountsRoutes } from './accounts.routes.js';
import type { AccountsServices } from './accounts.services.js';

/** Every account route: registration, reset, verification, two-factor, sessions. */
export async function accountsPlugin(
  app: FastifyInstance,
  deps: {
    accounts: AccountsServices;
    auth: AuthService;
    twoFactor: TwoFactorService;
    bootstrap: BootstrapService;
  },
): Promise<void> {
  await app.register(accountsRoutes, { ...deps.accounts, bootstrap: deps.bootstrap });
  await app.register(twoFactorRoutes, { twoFactor: deps.twoFactor, auth: deps.auth });
  await app.register(userSessionsRoutes, { userSessions: deps.accounts.userSessions });
}
