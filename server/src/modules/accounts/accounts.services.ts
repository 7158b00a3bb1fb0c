import type { EventBus } from '../../infra/events.js';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { geoLite2Lookup, type GeoLookup } from '../../infra/geo.js';
import type { Mailer } from '../../infra/mail.js';
import type { RateLimiter } from '../../infra/rate-limiter.js';
import type { Storage } from '../../infra/storage.js';
import type { AuthService } from '../auth/auth.service.js';
import type { PermissionsService } from '../roles/permissions.service.js';
import type { SessionsService } from '../sessions/sessions.service.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { UsersService } from '../users/users.service.js';
import { createAccountService } from './account.service.js';
import { createEmailVerificationService } from './email-verification.service.js';
import { createPasswordResetService } from './password-reset.service.js';
import { createRegistrationService, type HumanCheck } from './registration.service.js';
import { createUserSessionsService } from './user-sessions.service.js';

export type AccountsServices = ReturnType<typeof createAccountsServices>;

export interface AccountsDeps {
  db: Kysely<Database>;
  appUrl: string;
  appKey: string;
  users: UsersService;
  sessions: SessionsService;
  settings: SettingsService;
  permissions: PermissionsService;
  auth: AuthService;
  mailer: Mailer;
  limiter: RateLimiter;
  storage: Storage;
  events: EventBus;
  humanCheck?: HumanCheck | undefined;
  geo?: GeoLookup;
  log?: (error: unknown) => void;
}

/** The account services (registration, reset, verification, own account, sessions list). */
export function createAccountsServices(deps: AccountsDeps) {
  const log = deps.log ?? ((error: unknown) => console.error('account mail failed', error));
  const emailVerification = createEmailVerificationService({ ...deps, log });
  return {
    /** Public files (avatars); served at /storage/. */
    storage: deps.storage,
    emailVerification,
    passwordReset: createPasswordResetService({ ...deps, log }),
    registration: createRegistrationService({
      ...deps,
      emailVerification,
      humanCheck: () => deps.humanCheck,
    }),
    account: createAccountService(deps),
    userSessions: createUserSessionsService({
      sessions: deps.sessions,
      auth: deps.auth,
      geo: deps.geo ?? geoLite2Lookup(),
    }),
  };
}
