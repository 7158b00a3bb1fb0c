import fs from 'node:fs';
import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import { accessPlugin } from './core/access.js';
import { authContextPlugin } from './core/auth-context.js';
import { errorHandlerPlugin } from './core/error-handler.js';
import { overrideMethod } from './core/method-override.js';
import { registerQueryLists } from './core/query-lists.js';
import { securityHeadersPlugin, inlineScriptsOf } from './core/security-headers.js';
import { landingPageFrom, playerPagesFrom } from './core/prerender.js';
import { createResponseSerializerCompiler } from './core/response-serializer.js';
import { readPageTemplate, spaPlugin } from './core/spa.js';
import { wellFormedInputPlugin } from './core/well-formed-input.js';
import { newVisitors, xsrfPlugin, xsrfTokens } from './core/xsrf.js';
import { appAddress } from './core/app-address.js';
import { Edge } from './core/edge.js';
import { dataVersions } from './db/data-versions.js';
import { openDatabase, type Db } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { seedDatabase } from './db/seed.js';
import { fileErrorLog } from './infra/error-log.js';
import { createMailer } from './infra/mail.js';
import { memoryRateLimiter, redisRateLimiter, type RateLimiter } from './infra/rate-limiter.js';
import { connectRedis } from './infra/redis.js';
import { localStorage, storageRoutes } from './infra/storage.js';
import { adsRoutes } from './modules/ads/ads.routes.js';
import { appearanceRoutes } from './modules/appearance/appearance.routes.js';
import { createCustomCode } from './modules/appearance/custom-code.js';
import { catalogueAdminRoutes } from './modules/music/catalogue/catalogue-admin.routes.js';
import { createCatalogueAdminService } from './modules/music/catalogue/catalogue-admin.service.js';
import { backstageArtistsRoutes } from './modules/backstage/artists.routes.js';
import { createBackstageArtistsService } from './modules/backstage/artists.service.js';
import { listenForBackstageNotices } from './modules/backstage/backstage.notices.js';
import { backstageInsightsRoutes } from './modules/backstage/insights.routes.js';
import { createInsightsService } from './modules/backstage/insights.service.js';
import { backstageReleasesRoutes } from './modules/backstage/releases.routes.js';
import { createReleasesService } from './modules/backstage/releases.service.js';
import { backstageRequestsRoutes } from './modules/backstage/requests.routes.js';
import { createBackstageRequestsService } from './modules/backstage/requests.service.js';
import { reportsRoutes } from './modules/reports/reports.routes.js';
import { createReportsService } from './modules/reports/reports.service.js';
import { createReportsThread } from './modules/reports/reports.thread.js';
import { auditRoutes } from './modules/audit/audit.routes.js';
import { loggedMailer } from './modules/logs/mail-log.js';
import { createAuditService } from './modules/audit/audit.service.js';
import { rolesAdminRoutes } from './modules/roles/roles-admin.routes.js';
import { createRolesAdminService } from './modules/roles/roles-admin.service.js';
import { usersAdminRoutes } from './modules/users/users-admin.routes.js';
import { createUsersAdminService } from './modules/users/users-admin.service.js';
import { billingAdminRoutes } from './modules/billing/billing-admin.routes.js';
import { createBillingAdminService } from './modules/billing/billing-admin.service.js';
import { billingRoutes } from './modules/billing/billing.routes.js';
import { createBillingServices } from './modules/billing/billing.services.js';
import { familyRoutes } from './modules/billing/family.routes.js';
import { stripeGateway } from './modules/billing/gateway.js';
import { startStripeStandin } from './modules/billing/stripe-standin.js';
import { createEventBus } from './infra/events.js';
import { memoryPubSub, redisPubSub } from './infra/pubsub.js';
import { listenForNotifications } from './modules/notifications/notification-listeners.js';
import { notificationsRoutes } from './modules/notifications/notifications.routes.js';
import { createNotificationsService } from './modules/notifications/notifications.service.js';
import { createUploadsModule } from './modules/uploads/uploads.module.js';
import { uploadsRoutes } from './modules/uploads/uploads.routes.js';
import { createAppPasswords } from './modules/subsonic/app-passwords.js';
import { musicAppsRoutes } from './modules/subsonic/music-apps.routes.js';
import { subsonicRoutes } from './modules/subsonic/subsonic.routes.js';
import { workspacesRoutes } from './modules/workspaces/workspaces.routes.js';
import { accountsPlugin } from './modules/accounts/accounts.plugin.js';
import { createAccountsServices } from './modules/accounts/accounts.services.js';
import { emailVerificationGate } from './modules/accounts/email-verification.gate.js';
import { apiDocsRoutes, openApiCollector } from './modules/access-tokens/api-docs.js';
import { accessTokensRoutes } from './modules/access-tokens/access-tokens.routes.js';
import { createAccessTokensService } from './modules/access-tokens/access-tokens.service.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { createAuthService } from './modules/auth/auth.service.js';
import { botCheckRoutes } from './modules/bot-check/bot-check.routes.js';
import { createBotCheckService } from './modules/bot-check/bot-check.service.js';
import { memoryStore, redisStore } from './modules/bot-check/bot-check.store.js';
import { createBootstrapService } from './modules/bootstrap/bootstrap.service.js';
import { contactRoutes } from './modules/contact/contact.routes.js';
import { createContactService } from './modules/contact/contact.service.js';
import { customPagesRoutes } from './modules/custom-pages/custom-pages.routes.js';
import { customPageSeoResolver } from './modules/custom-pages/custom-pages.seo.js';
import { createCustomPagesService } from './modules/custom-pages/custom-pages.service.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { libraryRoutes } from './modules/library/library.routes.js';
import { createLibraryService } from './modules/library/library.service.js';
import { localizationRoutes } from './modules/localization/localization.routes.js';
import { createLocalizationService } from './modules/localization/localization.service.js';
import { localizationsAdminRoutes } from './modules/localization/localizations-admin.routes.js';
import { createLocalizationsAdminService } from './modules/localization/localizations-admin.service.js';
import { logsRoutes } from './modules/logs/logs.routes.js';
import { createLogsService } from './modules/logs/logs.service.js';
import { createMusicServices } from './modules/music/music.services.js';
import { musicRoutes } from './modules/music/music.routes.js';
import { createPermissionsService } from './modules/roles/permissions.service.js';
import { createSessionsService } from './modules/sessions/sessions.service.js';
import { signedInReader } from './modules/sessions/signed-in.js';
import { createSettingsAdminService } from './modules/settings/settings-admin.service.js';
import { settingsRoutes } from './modules/settings/settings.routes.js';
import { createSettingsService } from './modules/settings/settings.service.js';
import { createThemesService } from './modules/themes/themes.service.js';
import { createThemesAdminService } from './modules/themes/themes-admin.service.js';
import { themesAdminRoutes } from './modules/themes/themes-admin.routes.js';
import { usersRoutes } from './modules/users/users.routes.js';
import { createUsersService } from './modules/users/users.service.js';
import { isBanned } from './modules/users/users.table.js';
import { valueListsRoutes } from './modules/value-lists/value-lists.routes.js';
import { createValueListsService } from './modules/value-lists/value-lists.service.js';
import { createWorkspacesService } from './modules/workspaces/workspaces.service.js';
import { createTwoFactorService } from './modules/two-factor/two-factor.service.js';
import { secretBox } from './infra/secret-box.js';
import { SOCIAL_PAGE_SCRIPTS } from './modules/social-auth/callback-page.js';
import { socialAuthRoutes } from './modules/social-auth/social-auth.routes.js';
import { createSocialAuthService } from './modules/social-auth/social-auth.service.js';

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
  const events = createEventBus((message, error) => console.error(message, error));
  const users = createUsersService(kysely, permissions, events);
  const sessions = createSessionsService(kysely);
  const tokens = createAccessTokensService(kysely, {
    isApiIntegrated: () => settings.get('api.integrated'),
  });
  const themes = createThemesService(kysely);
  const workspaces = createWorkspacesService(kysely, users);
  const localization = createLocalizationService({ settings, users, db: kysely });
  const valueLists = createValueListsService({ localization });
  const redis = config.redisUrl ? connectRedis(config.redisUrl) : undefined;
  const limiter: RateLimiter = redis
    ? redisRateLimiter(redis, `${config.redisPrefix}rl:`)
    : memoryRateLimiter();
  const pubsub = redis ? redisPubSub(redis, config.redisPrefix) : memoryPubSub();
  const bootstrap = createBootstrapService({
    appUrl: config.appUrl,
    settings,
    users,
    permissions,
    themes,
    localization,
    sessions,
  });
  const appKey = await settings.appKey(config.appKey);
  const storage = localStorage(path.join(config.dataDir, 'storage'));
  const errorLog = fileErrorLog(path.join(config.dataDir, 'logs'));
  const twoFactor = createTwoFactorService({ users, settings, box: secretBox(appKey), events });
  const auth = createAuthService({ users, sessions, limiter, twoFactor, events });
  const mailer = loggedMailer(
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
    settings,
    audit,
    appUrl: config.appUrl,
  });
  const contact = createContactService({ settings, mailer, limiter, botCheck });
  const accounts = createAccountsServices({
    db: kysely,
    appUrl: config.appUrl,
    appKey,
    users,
    sessions,
    settings,
    permissions,
    auth,
    mailer,
    limiter,
    storage,
    events,
    humanCheck: botCheck,
  });
  const socialAuth = createSocialAuthService({
    db: kysely,
    appUrl: config.appUrl,
    appKey,
    users,
    permissions,
    sessions,
    settings,
    auth,
    bootstrap,
    greet: accounts.emailVerification.greet,
  });
  users.useRelation('social_profiles', (userId) => socialAuth.profilesOf(userId));
  users.useRelation('tokens', (userId) => tokens.list(userId));
  const logs = createLogsService({ db: kysely, errorLog, limiter });
  const localizationsAdmin = createLocalizationsAdminService({
    db: kysely,
    localization,
    settings,
    audit,
  });
  const usersAdmin = createUsersAdminService({
    db: kysely,
    users,
    permissions,
    sessions,
    tokens,
    storage,
    account: accounts.account,
    audit,
  });
  const rolesAdmin = createRolesAdminService(kysely, permissions, audit);
  const themesAdmin = createThemesAdminService({ db: kysely, themes, settings, audit });
  const customCode = createCustomCode(settings);
  // On SQLite the dashboard's aggregations run on a thread of their own (see there).
  const reports = createReportsService(kysely, {
    ...(db.file ? { thread: createReportsThread(db.file, { queryLog: config.queryLog }) } : {}),
  });
  // Demo billing: the payment stand-in plays Stripe, its webhooks coming back to this app.
  const paymentStandin = config.billingDemo
    ? await startStripeStandin({
        port: config.billingDemo.port,
        webhookUrl: `${config.appUrl}/api/v1/billing/stripe/webhook`,
      })
    : undefined;
  const stripe =
    config.stripe ??
    (paymentStandin && {
      secretKey: paymentStandin.secretKey,
      webhookSecret: paymentStandin.webhookSecret,
      apiBase: paymentStandin.url,
    });
  const billing = createBillingServices({
    db: kysely,
    appUrl: config.appUrl,
    gateway: stripe ? stripeGateway(stripe) : undefined,
    permissions,
    users,
    settings,
    mailer,
    limiter,
  });
  const billingAdmin = createBillingAdminService(billing, audit);
  const settingsAdmin = createSettingsAdminService({ settings, audit, mailer, storage });
  const music = createMusicServices({
    db: kysely,
    dialect: db.dialect,
    storage,
    dataDir: config.dataDir,
    users,
    ffmpeg: config.ffmpegPath,
    events,
    workspaces,
    audit,
  });
  const notifications = createNotificationsService({
    db: kysely,
    users,
    sessions,
    settings,
    mailer,
    pubsub,
    permissions,
    appUrl: config.appUrl,
    appKey,
  });
  users.useUnreadCount((userId) => notifications.unreadCount(userId));
  workspaces.useDelivery({ notifications, mailer, settings, appUrl: config.appUrl });
  listenForNotifications({ events, notifications, users, workspaces, music });
  const uploads = createUploadsModule({ config, appKey, db: kysely, settings, workspaces });
  const catalogueAdmin = createCatalogueAdminService(kysely, config.dataDir, {
    audit,
    uploads: uploads.uploads,
  });
  const backstage = createBackstageRequestsService({
    db: kysely,
    storage,
    uploads: uploads.uploads,
    catalogue: music.catalogue,
    workspaces,
    events,
    audit,
  });
  listenForBackstageNotices({ events, notifications, permissions, requests: backstage });
  const backstageArtists = createBackstageArtistsService({
    db: kysely,
    catalogue: music.catalogue,
  });
  const releases = createReleasesService({
    db: kysely,
    dataDir: config.dataDir,
    uploads: uploads.uploads,
    catalogue: music.catalogue,
    artists: backstageArtists,
    events,
    ffmpeg: config.ffmpegPath,
  });
  const insights = createInsightsService({ db: kysely, artists: backstageArtists });
  const appPasswords = createAppPasswords({ db: kysely, box: secretBox(appKey, 'music-apps') });
  // The default library folder exists from the start, so an operator sees where music goes.
  if (!process.env.LIBRARY_FOLDERS) {
    await fs.promises.mkdir(config.libraryFolders[0]!, { recursive: true });
  }
  const library = createLibraryService({
    db: kysely,
    catalogue: music.catalogue,
    roots: config.libraryFolders,
    dataDir: config.dataDir,
    log: (message, error) => console.error(message, error),
  });
  return {
    events,
    pubsub,
    notifications,
    uploads,
    backstage,
    backstageArtists,
    releases,
    insights,
    appPasswords,
    paymentStandin,
    audit,
    usersAdmin,
    rolesAdmin,
    billing,
    billingAdmin,
    settingsAdmin,
    catalogueAdmin,
    storage,
    errorLog,
    music,
    catalogue: music.catalogue,
    library,
    mailer,
    botCheck,
    customPages,
    contact,
    logs,
    db,
    settings,
    permissions,
    users,
    sessions,
    tokens,
    themes,
    themesAdmin,
    customCode,
    reports,
    workspaces,
    localization,
    localizationsAdmin,
    valueLists,
    limiter,
    bootstrap,
    auth,
    twoFactor,
    accounts,
    socialAuth,
    redis,
  };
}

/** What /rest reports as `serverVersion`: the server package's version. */
const SERVER_VERSION = (
  JSON.parse(fs.readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
    version: string;
  }
).version;

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
    ...(config.seedDemo
      ? { demo: { catalogue: services.catalogue, dataDir: config.dataDir } }
      : {}),
  });
  await services.music.seed();
  await services.billing.products.seedDefaults();
  if (services.paymentStandin) await services.settings.update({ 'billing.enable': true });
  const appKey = await services.settings.appKey(config.appKey);
  const xsrf = xsrfTokens(appKey);
  // Answers the app has already given go out before the framework (see core/edge.ts).
  const edge = new Edge();

  const app = Fastify({
    serverFactory: edge.serverFactory,
    logger: { level: config.logLevel },
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
  // Scheduled re-scans of imported folders (setting `library.rescan_hours`, 0: never).
  const rescans = setInterval(() => {
    void services.settings
      .get('library.rescan_hours')
      .then((hours) => services.library.rescanDue(hours))
      .catch((error: unknown) => console.error('scheduled library re-scan failed', error));
  }, 60_000).unref();
  // Days of plays are rolled up for the reports soon after they end, not when someone asks.
  const rollups = setInterval(() => {
    services.reports
      .rollUpFinishedDays()
      .catch((error: unknown) => console.error('rolling up the plays failed', error));
  }, 600_000).unref();
  // The trending window moves on with the day: checked at start and every ten minutes.
  const moveTrendingWindow = () =>
    services.music.catalogue
      .moveTrendingWindow()
      .catch((error: unknown) => console.error('moving the trending window failed', error));
  const trending = setInterval(moveTrendingWindow, 600_000).unref();
  // Scheduled releases go public by themselves, within a minute of their time.
  const releasing = setInterval(() => {
    services.releases
      .publishDue()
      .catch((error: unknown) => console.error('publishing scheduled releases failed', error));
  }, 60_000).unref();
  // Sessions that ended by themselves (abandoned pending logins, signed-in sessions left idle)
  // are deleted hourly: a session is otherwise deleted only when it is read again.
  const pruning = setInterval(() => {
    services.sessions
      .pruneExpired()
      .catch((error: unknown) => console.error('deleting expired sessions failed', error));
  }, 3_600_000).unref();
  // An encoder ready for the first transcoded stream, and the trending window where it should
  // be (tests that never listen do neither).
  app.addHook('onListen', async () => {
    void services.music.transcoder.prepare();
    void moveTrendingWindow();
  });
  app.addHook('onClose', async () => {
    clearInterval(rescans);
    clearInterval(rollups);
    clearInterval(trending);
    clearInterval(releasing);
    clearInterval(pruning);
    services.uploads.stopCleanup();
    await services.paymentStandin?.close();
    await services.library.close();
    services.music.audioFiles.close();
    services.music.transcoder.close();
    await services.reports.close();
    await services.pubsub.close();
    await services.redis?.quit();
    if (!options.db) await db.destroy();
  });

  await app.register(fastifyCookie);
  await app.register(errorHandlerPlugin, {
    debug: config.debug,
    errorLog: services.errorLog,
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
  });

  await app.register(healthRoutes);
  await app.register(adsRoutes, { settings: services.settings });
  await app.register(authRoutes, { auth: services.auth, bootstrap: services.bootstrap });
  await app.register(usersRoutes, { users: services.users, account: services.accounts.account });
  await app.register(accountsPlugin, {
    accounts: services.accounts,
    auth: services.auth,
    twoFactor: services.twoFactor,
    bootstrap: services.bootstrap,
  });
  const playlistImages = services.music.playlists.imageGuard;
  await app.register(storageRoutes, {
    storage: services.storage,
    guards: [
      {
        prefix: playlistImages.prefix,
        allows: (key, request) => playlistImages.allows(key, request.user?.id ?? null),
      },
    ],
  });
  await app.register(apiDocsRoutes, { settings: services.settings });
  await app.register(settingsRoutes, {
    settings: services.settings,
    settingsAdmin: services.settingsAdmin,
  });
  await app.register(accessTokensRoutes, { tokens: services.tokens });
  await app.register(customPagesRoutes, { customPages: services.customPages });
  await app.register(botCheckRoutes, { botCheck: services.botCheck });
  await app.register(contactRoutes, { contact: services.contact });
  await app.register(logsRoutes, { logs: services.logs });
  await app.register(localizationRoutes, {
    localization: services.localization,
    secureCookies: config.secureCookies,
  });
  await app.register(valueListsRoutes, { valueLists: services.valueLists });
  await app.register(musicRoutes, { music: services.music });
  await app.register(libraryRoutes, {
    library: services.library,
    audit: services.audit,
    uploads: services.uploads.uploads,
  });
  await app.register(billingRoutes, { billing: services.billing });
  await app.register(billingAdminRoutes, { billingAdmin: services.billingAdmin });
  await app.register(usersAdminRoutes, { usersAdmin: services.usersAdmin });
  await app.register(rolesAdminRoutes, { rolesAdmin: services.rolesAdmin });
  await app.register(auditRoutes, { audit: services.audit });
  await app.register(themesAdminRoutes, { themesAdmin: services.themesAdmin });
  await app.register(reportsRoutes, { reports: services.reports });
  await app.register(catalogueAdminRoutes, { catalogueAdmin: services.catalogueAdmin });
  await app.register(appearanceRoutes, {
    customCode: services.customCode,
    storage: services.storage,
  });
  await app.register(localizationsAdminRoutes, { localizations: services.localizationsAdmin });
  await app.register(familyRoutes, { family: services.billing.family });
  await app.register(notificationsRoutes, {
    notifications: services.notifications,
    sessions: services.sessions,
  });
  await app.register(workspacesRoutes, { workspaces: services.workspaces });
  await app.register(backstageRequestsRoutes, { requests: services.backstage });
  await app.register(backstageArtistsRoutes, { artists: services.backstageArtists });
  await app.register(backstageReleasesRoutes, { releases: services.releases });
  await app.register(backstageInsightsRoutes, { insights: services.insights });
  await app.register(uploadsRoutes, services.uploads);
  await app.register(musicAppsRoutes, {
    appPasswords: services.appPasswords,
    appUrl: config.appUrl,
  });
  await app.register(subsonicRoutes, {
    music: services.music,
    library: services.library,
    tokens: services.tokens,
    appPasswords: services.appPasswords,
    users: services.users,
    permissions: services.permissions,
    storage: services.storage,
    limiter: services.limiter,
    appUrl: config.appUrl,
    serverVersion: SERVER_VERSION,
  });
  services.uploads.startCleanup();
  await app.register(socialAuthRoutes, {
    socialAuth: services.socialAuth,
    bootstrap: services.bootstrap,
    settings: services.settings,
    secureCookies: config.secureCookies,
  });

  await app.register(spaPlugin, {
    webDist: config.webDist,
    template: pageTemplate,
    bootstrap: services.bootstrap,
    settings: services.settings,
    seoResolvers: [customPageSeoResolver(services.customPages)],
    headTags: (pathname) => services.customCode.headTags(pathname),
    landing: landingPage,
    playerPages,
  });

  app.decorate('services', services);
  return app;
}
