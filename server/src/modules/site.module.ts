import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import type { DataChanges } from '../db/data-versions.js';
import type { ErrorLog } from '../infra/error-log.js';
import type { EventBus } from '../infra/events.js';
import type { Jobs } from '../infra/jobs/index.js';
import type { PubSub } from '../infra/pubsub.js';
import { createMailer, mailRetries, queuedMailer } from '../infra/mail.js';
import type { RateLimiter } from '../infra/rate-limiter.js';
import type { Storage } from '../infra/storage.js';
import type { AppMetrics } from '../infra/metrics.js';
import { apiDocsRoutes } from './access-tokens/api-docs.js';
import { accessTokensRoutes } from './access-tokens/access-tokens.routes.js';
import { createAccessTokensService } from './access-tokens/access-tokens.service.js';
import { adsRoutes } from './ads/ads.routes.js';
import { createAuditService } from './audit/audit.service.js';
import { createBootstrapService } from './bootstrap/bootstrap.service.js';
import { botCheckRoutes } from './bot-check/bot-check.routes.js';
import { createBotCheckService } from './bot-check/bot-check.service.js';
import { memoryStore, redisStore } from './bot-check/bot-check.store.js';
import { contactRoutes } from './contact/contact.routes.js';
import { createContactService } from './contact/contact.service.js';
import { customPagesRoutes } from './custom-pages/custom-pages.routes.js';
import { createCustomPagesService } from './custom-pages/custom-pages.service.js';
import { localizationRoutes } from './localization/localization.routes.js';
import { createLocalizationService } from './localization/localization.service.js';
import { logsRoutes } from './logs/logs.routes.js';
import { createLogsService } from './logs/logs.service.js';
import { loggedMailer } from './logs/mail-log.js';
import { createPermissionsService } from './roles/permissions.service.js';
import { createSessionsService } from './sessions/sessions.service.js';
import { createSettingsAdminService } from './settings/settings-admin.service.js';
import { configuredIntegrations } from './settings/integrations.js';
import { settingsRoutes } from './settings/settings.routes.js';
import { createSettingsService } from './settings/settings.service.js';
import { createThemesService } from './themes/themes.service.js';
import { createUsersService } from './users/users.service.js';
import { valueListsRoutes } from './value-lists/value-lists.routes.js';
import { createValueListsService } from './value-lists/value-lists.service.js';
import { createWorkspacesService } from './workspaces/workspaces.service.js';

/** What the site is built on, made by the app before any module (`app.ts`). */
export interface Platform {
  events: EventBus;
  redis: Redis | undefined;
  limiter: RateLimiter;
  pubsub: PubSub;
  /** News of changes to what instances keep, from every instance. */
  changes: DataChanges;
  storage: Storage;
  errorLog: ErrorLog;
  metrics: AppMetrics;
  jobs: Jobs;
}

/**
 * What nearly every module is built on: settings, people (users, their sessions, permissions,
 * tokens and workspaces), themes, languages, a page's bootstrap data, mail and the audit log;
 * and the site's own small modules (custom pages, contact, bot check, logs).
 */
export async function createSite(config: Config, db: Db, platform: Platform) {
  const kysely = db.kysely;
  const { events, redis, limiter, changes, storage, errorLog, jobs } = platform;
  const settings = createSettingsService(kysely, changes);
  const permissions = createPermissionsService(kysely, changes);
  const users = createUsersService(kysely, permissions, events);
  const sessions = createSessionsService(kysely);
  const tokens = createAccessTokensService(kysely, {
    isApiIntegrated: () => settings.get('api.integrated'),
  });
  const themes = createThemesService(kysely, changes);
  const workspaces = createWorkspacesService(kysely, users);
  // A person who registers with an invited e-mail finds the invitations waiting.
  events.on('account.created', async ({ userId }) => {
    const user = await users.findById(userId);
    if (user) await workspaces.deliverPendingTo(user);
  });
  const localization = createLocalizationService({ settings, users, db: kysely, changes });
  const valueLists = createValueListsService({ localization });
  const bootstrap = createBootstrapService({
    appUrl: config.appUrl,
    settings,
    users,
    permissions,
    themes,
    localization,
    sessions,
    oidcName: config.oidc?.name,
  });
  const appKey = await settings.appKey(config.appKey);
  const deliver = loggedMailer(
    createMailer({
      url: config.mailUrl,
      dropDir: path.join(config.dataDir, 'mail'),
      from: async () => ({
        name: await settings.get('mail.from_name'),
        address: await settings.get('mail.from_address'),
      }),
    }),
    kysely,
  );
  const mailer = queuedMailer(jobs, deliver, mailRetries(config.mailRetryMs));
  const botCheck = createBotCheckService({
    settings,
    limiter,
    store: redis ? redisStore(redis) : memoryStore(),
    appKey: () => settings.appKey(config.appKey),
    siteverifyUrl: config.recaptchaVerifyUrl,
  });
  const audit = createAuditService(kysely);
  const customPages = createCustomPagesService({
    db: kysely,
    changes,
    settings,
    audit,
    appUrl: config.appUrl,
  });
  const contact = createContactService({ settings, mailer, limiter, botCheck });
  const logs = createLogsService({ db: kysely, errorLog, limiter });
  // The admin's test e-mail goes out at once: its answer says whether the mail server took it.
  const settingsAdmin = createSettingsAdminService({ settings, audit, mailer: deliver, storage });
  return {
    appKey,
    settings,
    permissions,
    users,
    sessions,
    tokens,
    themes,
    workspaces,
    localization,
    valueLists,
    bootstrap,
    mailer,
    botCheck,
    audit,
    customPages,
    contact,
    logs,
    settingsAdmin,
  };
}

export type Site = Awaited<ReturnType<typeof createSite>>;

/**
 * The site's routes: ad frames, the API reference, settings, tokens, custom pages, the bot
 * check, contact, logs and languages.
 */
export async function registerSiteRoutes(
  app: FastifyInstance,
  site: Omit<Site, 'appKey'>,
  config: Pick<Config, 'secureCookies' | 'oidc' | 'scrobbling'>,
): Promise<void> {
  await app.register(adsRoutes, { settings: site.settings });
  await app.register(apiDocsRoutes, { settings: site.settings });
  await app.register(settingsRoutes, {
    settings: site.settings,
    settingsAdmin: site.settingsAdmin,
    integrations: configuredIntegrations(config),
  });
  await app.register(accessTokensRoutes, { tokens: site.tokens });
  await app.register(customPagesRoutes, { customPages: site.customPages });
  await app.register(botCheckRoutes, { botCheck: site.botCheck });
  await app.register(contactRoutes, { contact: site.contact });
  await app.register(logsRoutes, { logs: site.logs });
  await app.register(localizationRoutes, {
    localization: site.localization,
    secureCookies: config.secureCookies,
  });
  await app.register(valueListsRoutes, { valueLists: site.valueLists });
}
