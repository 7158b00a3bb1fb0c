import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import { accessPlugin } from './core/access.js';
import { appAddress } from './core/app-address.js';
import { authContextPlugin } from './core/auth-context.js';
import { Edge } from './core/edge.js';
import { errorHandlerPlugin } from './core/error-handler.js';
import { AppError } from './core/errors.js';
import { httpMetricsPlugin } from './core/http-metrics.js';
import { overrideMethod } from './core/method-override.js';
import { landingPageFrom, playerPagesFrom } from './core/prerender.js';
import { registerQueryLists } from './core/query-lists.js';
import { requestIdOf, requestIdPlugin } from './core/request-id.js';
import { createResponseSerializerCompiler } from './core/response-serializer.js';
import { inlineScriptsOf, securityHeadersPlugin } from './core/security-headers.js';
import { readPageTemplate, spaPlugin } from './core/spa.js';
import { wellFormedInputPlugin } from './core/well-formed-input.js';
import { newVisitors, xsrfPlugin, xsrfTokens } from './core/xsrf.js';
import { changeCounts, dataVersions, type DataVersionName } from './db/data-versions.js';
import { isDatabaseUnreachable, openDatabase, type Db } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { oneInstanceAtATime } from './db/start-up-lock.js';
import { seedDatabase } from './seed.js';
import { fileErrorLog } from './infra/error-log.js';
import { pubSubChangeFeed, pollingChangeFeed } from './infra/change-feed.js';
import { createEventBus } from './infra/events.js';
import {
  isStorageFull,
  STORAGE_FULL,
  STORAGE_UNREACHABLE,
  StorageUnreachableError,
} from './infra/file-disk.js';
import { createJobs } from './infra/jobs/index.js';
import { AppMetrics } from './infra/metrics.js';
import { memoryPubSub, redisPubSub } from './infra/pubsub.js';
import {
  fallingBackRateLimiter,
  memoryRateLimiter,
  redisRateLimiter,
} from './infra/rate-limiter.js';
import { connectRedis, isRedisUnreachable } from './infra/redis.js';
import { localStorage } from './infra/storage.js';
import { openApiCollector } from './modules/access-tokens/api-docs.js';
import { createAccounts, registerAccountsRoutes } from './modules/accounts/accounts.module.js';
import { emailVerificationGate } from './modules/accounts/email-verification.gate.js';
import { createAdmin, registerAdminRoutes } from './modules/admin.module.js';
import { createBackstage, registerBackstageRoutes } from './modules/backstage/backstage.module.js';
import { createBilling, registerBillingRoutes } from './modules/billing/billing.module.js';
import { customPageSeoResolver } from './modules/custom-pages/custom-pages.seo.js';
import { embedsSeoResolver } from './modules/music/embeds/embeds.seo.js';
import { registerHealthRoutes } from './modules/health/health.module.js';
import {
  createInternetRadio,
  registerInternetRadioRoutes,
} from './modules/internet-radio/internet-radio.module.js';
import { createLibrary, registerLibraryRoutes } from './modules/library/library.module.js';
import {
  createSocialAuth,
  registerSocialAuthRoutes,
} from './modules/social-auth/social-auth.module.js';
import { createMusic, registerMusicRoutes } from './modules/music/music.module.js';
import { createNotifications } from './modules/notifications/notifications.module.js';
import { notificationsRoutes } from './modules/notifications/notifications.routes.js';
import {
  createScrobbling,
  registerScrobblingRoutes,
} from './modules/scrobbling/scrobbling.module.js';
import { signedInReader } from './modules/sessions/signed-in.js';
import { createSite, registerSiteRoutes } from './modules/site.module.js';
import { SOCIAL_PAGE_SCRIPTS } from './modules/social-auth/callback-page.js';
import { createMusicApps, registerMusicAppsRoutes } from './modules/subsonic/subsonic.module.js';
import { createUploadsModule } from './modules/uploads/uploads.module.js';
import { uploadsRoutes } from './modules/uploads/uploads.routes.js';
import { isBanned } from './modules/users/users.table.js';
import { workspacesRoutes } from './modules/workspaces/workspaces.routes.js';
import { startScheduledWork } from './scheduled-work.js';

export interface BuildOptions {
  /** A database opened by the caller (tests); otherwise the configured one is opened and owned. */
  db?: Db;
  /** Output of one-off messages such as the generated admin password. */
  announce?: (message: string) => void;
  /** Where the log's JSON lines go (tests read them); standard output otherwise. */
  logStream?: { write(line: string): void };
}

export type Services = Awaited<ReturnType<typeof createServices>>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The application's services, for scripts and tests that act below HTTP. */
    services: Services;
  }
}

/**
 * Every module's services, made area by area in the order they need each other (each area's
 * wiring lives with its modules: `modules/<area>.module.ts`, `modules/<x>/<x>.module.ts`).
 */
async function createServices(config: Config, db: Db) {
  const events = createEventBus((message, error) => console.error(message, error));
  const redis = config.redisUrl ? connectRedis(config.redisUrl) : undefined;
  const pubsub = redis ? redisPubSub(redis, config.redisPrefix) : memoryPubSub();
  const platform = {
    events,
    redis,
    limiter: redis
      ? fallingBackRateLimiter(
          redisRateLimiter(redis, `${config.redisPrefix}rl:`),
          memoryRateLimiter(),
        )
      : memoryRateLimiter(),
    pubsub,
    // Every instance hears of the changes to what it keeps: through Redis, else the database.
    changes: redis
      ? pubSubChangeFeed<DataVersionName>(pubsub)
      : pollingChangeFeed(() => changeCounts(db.kysely)),
    storage: localStorage(path.join(config.dataDir, 'storage')),
    errorLog: fileErrorLog(path.join(config.dataDir, 'logs')),
    metrics: new AppMetrics(),
    jobs: createJobs({ url: config.redisUrl, prefix: config.redisPrefix }),
  };
  const site = await createSite(config, db, platform);
  const accounts = createAccounts(config, db, platform, site);
  const socialAuth = createSocialAuth(config, db, site, accounts);
  const billing = await createBilling(config, db, platform, site);
  const music = createMusic(config, db, platform, site);
  const internetRadio = createInternetRadio(config, db, site);
  const notifications = createNotifications(config, db, platform, site, music);
  const scrobbling = createScrobbling(config, db, platform, site, music, notifications);
  const { appKey, settings, workspaces } = site;
  const uploads = createUploadsModule({
    config,
    appKey,
    db: db.kysely,
    settings,
    workspaces,
    onStored: () => platform.metrics.countUpload(),
    redis: platform.redis,
    pubsub: platform.pubsub,
  });
  const library = await createLibrary(config, db, platform, site, music, uploads);
  const admin = createAdmin(config, db, platform, site, accounts, uploads);
  const backstage = createBackstage(config, db, platform, site, music, notifications, uploads);
  const appPasswords = createMusicApps(db, appKey);
  // The app key is no service: it stays out of `app.services`.
  const { appKey: _appKey, ...siteServices } = site;
  return {
    db,
    ...platform,
    ...siteServices,
    ...accounts,
    ...socialAuth,
    ...billing,
    ...music,
    ...library,
    ...internetRadio,
    notifications,
    scrobbling,
    uploads,
    ...admin,
    ...backstage,
    appPasswords,
  };
}

function storageOrigin(s3: NonNullable<Config['s3']>): string {
  return s3.endpoint
    ? new URL(s3.endpoint).origin
    : `https://${s3.bucket}.s3.${s3.region}.amazonaws.com`;
}

/**
 * The whole application: core HTTP conventions first, then every module's routes, then the web
 * app for every other path. Migrates and seeds the database before it answers.
 */
export async function buildApp(
  config: Config,
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  const db = options.db ?? openDatabase(config.database, { queryLog: config.queryLog });
  // Instances started together on a new database migrate and seed it once (see the lock).
  const { services, appKey } = await oneInstanceAtATime(db, async () => {
    await migrateToLatest(db);
    const services = await createServices(config, db);
    await seedDatabase({
      settings: services.settings,
      themes: services.themes,
      users: services.users,
      permissions: services.permissions,
      admin: config.admin,
      log: options.announce ?? ((message) => console.warn(message)),
      ...(config.seedDemo
        ? { demo: { catalogue: services.catalogue, dataDir: config.dataDir } }
        : {}),
    });
    await services.music.seed();
    await services.billing.products.seedDefaults();
    if (services.paymentStandin) await services.settings.update({ 'billing.enable': true });
    return { services, appKey: await services.settings.appKey(config.appKey) };
  });
  await services.changes.start();
  const xsrf = xsrfTokens(appKey);
  // Answers the app has already given go out before the framework (see core/edge.ts).
  const edge = new Edge();
  // A guest's page holds the site's settings, themes, languages and guest role. The roles' count
  // moves with every sign-up too (a new user's roles): the pages go only if the guest role changed.
  services.changes.onChange('site', () => edge.forgetPages());
  let guestRole = await services.permissions.guestRole();
  services.changes.onChange('access', () => {
    void services.permissions.guestRole().then((role) => {
      if (role === guestRole) return;
      guestRole = role;
      edge.forgetPages();
    }, edge.forgetPages.bind(edge));
  });

  const app = Fastify({
    serverFactory: edge.serverFactory,
    logger: { level: config.logLevel, ...(options.logStream ? { stream: options.logStream } : {}) },
    // Every log line of a request carries its id as `reqId`, the id its answer carries.
    genReqId: requestIdOf,
    // Only the configured proxies may say who the client is (X-Forwarded-For, -Proto, -Host).
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    // Method override must choose the route, so it happens before routing.
    rewriteUrl(req) {
      overrideMethod(req);
      return req.url ?? '/';
    },
    forceCloseConnections: 'idle',
    return503OnClosing: true,
  });
  app.decorate('edge', edge);
  app.setValidatorCompiler(validatorCompiler);
  // Outside production every answer is also written by Zod, which checks it, and must agree.
  app.setSerializerCompiler(
    createResponseSerializerCompiler({ check: config.env !== 'production' }),
  );

  // Responses finishing during shutdown close their keep-alive connection, or close() would
  // wait for idle clients until their keep-alive timeout.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
  startScheduledWork(app, services);
  app.addHook('onClose', async () => {
    // A running import stops after its file; then the queue waits for the jobs still running.
    await services.folderWatch.close();
    await services.library.close();
    await services.jobs.close();
    await services.paymentStandin?.close();
    services.music.audioFiles.close();
    services.music.transcoder.close();
    await services.reports.close();
    await services.changes.close();
    await services.pubsub.close();
    await services.redis?.quit();
    if (!options.db) await db.destroy();
  });

  await app.register(requestIdPlugin);
  await app.register(httpMetricsPlugin, {
    metrics: services.metrics,
    measureRequests: config.metricsToken !== undefined,
  });
  if (config.metricsToken) services.metrics.collectProcessFigures();
  await app.register(fastifyCookie);
  await app.register(errorHandlerPlugin, {
    debug: config.debug,
    errorLog: services.errorLog,
    // What the app stands on, out of reach: a 503 naming it, for clients to come back.
    unavailable: (error) => {
      if (error instanceof StorageUnreachableError)
        return AppError.unavailable(STORAGE_UNREACHABLE);
      // Room is made by an admin, not by waiting: no Retry-After.
      if (isStorageFull(error)) return new AppError(507, STORAGE_FULL, { code: 'storage_full' });
      if (isDatabaseUnreachable(error)) {
        return AppError.unavailable(
          'The service cannot reach its database. Try again in a few seconds.',
        );
      }
      if (isRedisUnreachable(error)) {
        return AppError.unavailable('The service cannot reach Redis. Try again in a few seconds.');
      }
      return undefined;
    },
  });
  await app.register(authContextPlugin, {
    sessions: services.sessions,
    tokens: services.tokens,
    permissions: services.permissions,
    isBanned,
    secureCookies: config.secureCookies,
  });
  await app.register(xsrfPlugin, {
    tokens: xsrf,
    secureCookies: config.secureCookies,
    appOrigin: new URL(config.appUrl).origin,
  });
  const pageTemplate = readPageTemplate(config.webDist);
  const landingPage = landingPageFrom(config.webDist, pageTemplate);
  const playerPages = playerPagesFrom(config.webDist, pageTemplate);
  await app.register(securityHeadersPlugin, {
    appUrl: config.appUrl,
    inlineScripts: [
      ...inlineScriptsOf(pageTemplate),
      ...inlineScriptsOf(landingPage?.template ?? ''),
      ...inlineScriptsOf(playerPages?.template ?? ''),
      ...SOCIAL_PAGE_SCRIPTS,
    ],
    // Browsers upload straight to S3-compatible storage when it is configured.
    ...(config.s3 ? { connectSources: [storageOrigin(config.s3)] } : {}),
  });
  await app.register(accessPlugin, { workspaces: services.workspaces });
  registerQueryLists(app);
  await app.register(wellFormedInputPlugin);
  await app.register(emailVerificationGate, {
    emailVerification: services.accounts.emailVerification,
  });
  await app.register(openApiCollector);
  // After every plugin that adds to an answer, so the answers it keeps are whole.
  await app.register(edge.plugin, {
    newVisitor: newVisitors(services.sessions.newId, xsrf),
    xsrfTokens: xsrf,
    secureCookies: config.secureCookies,
    signedIn: signedInReader(services.sessions),
    versions: () => dataVersions(db.kysely),
    otherAddress: appAddress(config.appUrl, (message) => app.log.warn(message)),
    ...(config.metricsToken
      ? { observe: services.metrics.observeRequest.bind(services.metrics) }
      : {}),
  });

  // The modules' routes, in this order: the API reference lists them so.
  await registerHealthRoutes(app, services, config);
  await registerAccountsRoutes(app, services);
  await registerSiteRoutes(app, services, config);
  await registerMusicRoutes(app, services);
  await registerLibraryRoutes(app, services);
  await registerInternetRadioRoutes(app, services);
  await registerBillingRoutes(app, services);
  await registerAdminRoutes(app, services);
  await app.register(notificationsRoutes, {
    notifications: services.notifications,
    sessions: services.sessions,
    devices: services.music.devices,
  });
  await app.register(workspacesRoutes, { workspaces: services.workspaces });
  await registerBackstageRoutes(app, services);
  await app.register(uploadsRoutes, services.uploads);
  await registerMusicAppsRoutes(app, services, config);
  await registerScrobblingRoutes(app, services);
  await registerSocialAuthRoutes(app, services, config);

  await app.register(spaPlugin, {
    webDist: config.webDist,
    template: pageTemplate,
    bootstrap: services.bootstrap,
    settings: services.settings,
    seoResolvers: [
      customPageSeoResolver(services.customPages),
      embedsSeoResolver(services.music.embeds),
    ],
    headTags: (pathname) => services.customCode.headTags(pathname),
    landing: landingPage,
    playerPages,
  });

  app.decorate('services', services);
  return app;
}
