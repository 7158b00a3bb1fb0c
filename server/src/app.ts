import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import { accessPlugin } from './core/access.js';
import { authContextPlugin } from './core/auth-context.js';
import { errorHandlerPlugin } from './core/error-handler.js';
import { overrideMethod } from './core/method-override.js';
import { registerQueryLists } from './core/query-lists.js';
import { spaPlugin } from './core/spa.js';
import { xsrfPlugin } from './core/xsrf.js';
import { openDatabase, type Db } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { seedDatabase } from './db/seed.js';
import { fileErrorLog } from './infra/error-log.js';
import { createMailer } from './infra/mail.js';
import { memoryRateLimiter, redisRateLimiter, type RateLimiter } from './infra/rate-limiter.js';
import { connectRedis } from './infra/redis.js';
import { accessTokensRoutes } from './modules/access-tokens/access-tokens.routes.js';
import { createAccessTokensService } from './modules/access-tokens/access-tokens.service.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { createAuthService } from './modules/auth/auth.service.js';
import { createBootstrapService } from './modules/bootstrap/bootstrap.service.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { createLocalizationService } from './modules/localization/localization.service.js';
import { createPermissionsService } from './modules/roles/permissions.service.js';
import { createSessionsService } from './modules/sessions/sessions.service.js';
import { settingsRoutes } from './modules/settings/settings.routes.js';
import { createSettingsService } from './modules/settings/settings.service.js';
import { createThemesService } from './modules/themes/themes.service.js';
import { usersRoutes } from './modules/users/users.routes.js';
import { createUsersService } from './modules/users/users.service.js';
import { createWorkspacesService } from './modules/workspaces/workspaces.service.js';

export interface BuildOptions {
  /** A database opened by the caller (tests); otherwise the configured one is opened and owned. */
  db?: Db;
  /** Output of one-off messages such as the generated admin password. */
  announce?: (message: string) => void;
}

export type Services = Awaited<ReturnType<typeof createServices>>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The application's services, for scripts and tests that act below HTTP. */
    services: Services;
  }
}

async function createServices(config: Config, db: Db) {
  const kysely = db.kysely;
  const settings = createSettingsService(kysely);
  const permissions = createPermissionsService(kysely);
  const users = createUsersService(kysely, permissions);
  const sessions = createSessionsService(kysely);
  const tokens = createAccessTokensService(kysely);
  const themes = createThemesService(kysely);
  const workspaces = createWorkspacesService(kysely);
  const localization = createLocalizationService();
  const redis = config.redisUrl ? connectRedis(config.redisUrl) : undefined;
  const limiter: RateLimiter = redis ? redisRateLimiter(redis) : memoryRateLimiter();
  const bootstrap = createBootstrapService({
    appUrl: config.appUrl,
    settings,
    users,
    permissions,
    themes,
    localization,
  });
  const auth = createAuthService({ users, sessions, limiter });
  const mailer = createMailer({
    url: config.mailUrl,
    dropDir: path.join(config.dataDir, 'mail'),
    from: async () => ({
      name: await settings.get('mail.from_name'),
      address: await settings.get('mail.from_address'),
    }),
  });
  return {
    mailer,
    db,
    settings,
    permissions,
    users,
    sessions,
    tokens,
    themes,
    workspaces,
    localization,
    limiter,
    bootstrap,
    auth,
    redis,
  };
}

/**
 * The whole application: core HTTP conventions first, then every module's routes, then the web
 * app for every other path. Migrates and seeds the database before it answers.
 */
export async function buildApp(
  config: Config,
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  const db = options.db ?? openDatabase(config.database);
  await migrateToLatest(db);
  const services = await createServices(config, db);
  await seedDatabase({
    db: db.kysely,
    settings: services.settings,
    themes: services.themes,
    users: services.users,
    permissions: services.permissions,
    admin: config.admin,
    log: options.announce ?? ((message) => console.warn(message)),
  });
  const appKey = await services.settings.appKey(config.appKey);

  const app = Fastify({
    logger: { level: config.logLevel },
    // Method override must choose the route, so it happens before routing.
    rewriteUrl(req) {
      overrideMethod(req);
      return req.url ?? '/';
    },
    forceCloseConnections: 'idle',
    return503OnClosing: true,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // Responses finishing during shutdown close their keep-alive connection, or close() would
  // wait for idle clients until their keep-alive timeout.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
  app.addHook('onClose', async () => {
    await services.redis?.quit();
    if (!options.db) await db.destroy();
  });

  await app.register(fastifyCookie);
  await app.register(errorHandlerPlugin, {
    debug: config.debug,
    errorLog: fileErrorLog(path.join(config.dataDir, 'logs')),
  });
  await app.register(authContextPlugin, {
    sessions: services.sessions,
    tokens: services.tokens,
    users: services.users,
    permissions: services.permissions,
    secureCookies: config.secureCookies,
  });
  await app.register(xsrfPlugin, { appKey, secureCookies: config.secureCookies });
  await app.register(accessPlugin, { workspaces: services.workspaces });
  registerQueryLists(app);

  await app.register(healthRoutes);
  await app.register(authRoutes, { auth: services.auth, bootstrap: services.bootstrap });
  await app.register(usersRoutes, { users: services.users });
  await app.register(settingsRoutes, { settings: services.settings });
  await app.register(accessTokensRoutes, { tokens: services.tokens });

  await app.register(spaPlugin, {
    webDist: config.webDist,
    bootstrap: services.bootstrap,
    settings: services.settings,
  });

  app.decorate('services', services);
  return app;
}
