import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import type { Accounts } from './accounts/accounts.module.js';
import { appearanceRoutes } from './appearance/appearance.routes.js';
import { createCustomCode } from './appearance/custom-code.js';
import { createScriptPreviews } from './appearance/script-previews.js';
import { auditRoutes } from './audit/audit.routes.js';
import { jobsAdminRoutes } from './jobs-admin/jobs-admin.routes.js';
import { createJobsAdminService } from './jobs-admin/jobs-admin.service.js';
import { localizationsAdminRoutes } from './localization/localizations-admin.routes.js';
import { createLocalizationsAdminService } from './localization/localizations-admin.service.js';
import { catalogueAdminRoutes } from './music/catalogue/catalogue-admin.routes.js';
import { createCatalogueAdminService } from './music/catalogue/catalogue-admin.service.js';
import { reportsRoutes } from './reports/reports.routes.js';
import { createReportsService } from './reports/reports.service.js';
import { createReportsThread } from './reports/reports.thread.js';
import { rolesAdminRoutes } from './roles/roles-admin.routes.js';
import { createRolesAdminService } from './roles/roles-admin.service.js';
import type { Platform, Site } from './site.module.js';
import { themesAdminRoutes } from './themes/themes-admin.routes.js';
import { createThemesAdminService } from './themes/themes-admin.service.js';
import type { UploadsModule } from './uploads/uploads.module.js';
import { usersAdminRoutes } from './users-admin/users-admin.routes.js';
import { createUsersAdminService } from './users-admin/users-admin.service.js';

/**
 * The admin area's services that belong to no one module's own wiring: users, roles, themes,
 * languages, the site's custom code, the dashboard's reports and the catalogue's tables.
 */
export function createAdmin(
  config: Config,
  db: Db,
  { storage, jobs }: Pick<Platform, 'storage' | 'jobs'>,
  site: Site,
  { accounts }: Pick<Accounts, 'accounts'>,
  uploads: UploadsModule,
) {
  const kysely = db.kysely;
  const { settings, permissions, users, sessions, tokens, themes, localization, audit } = site;
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
  const scriptPreviews = createScriptPreviews({ db: kysely });
  // On SQLite the dashboard's aggregations run on a thread of their own (see there).
  const reports = createReportsService(kysely, {
    ...(db.file ? { thread: createReportsThread(db.file, { queryLog: config.queryLog }) } : {}),
  });
  const catalogueAdmin = createCatalogueAdminService(kysely, config.dataDir, {
    audit,
    uploads: uploads.uploads,
  });
  const jobsAdmin = createJobsAdminService({ jobs, audit });
  return {
    localizationsAdmin,
    usersAdmin,
    rolesAdmin,
    themesAdmin,
    customCode,
    scriptPreviews,
    reports,
    catalogueAdmin,
    jobsAdmin,
  };
}

export type Admin = ReturnType<typeof createAdmin>;

/**
 * The admin area: users, roles, the audit log, themes, reports, catalogue, appearance, languages
 * and background jobs.
 */
export async function registerAdminRoutes(
  app: FastifyInstance,
  services: Admin & Pick<Site, 'audit'> & Pick<Platform, 'storage'>,
): Promise<void> {
  const { usersAdmin, rolesAdmin, audit, themesAdmin, reports, catalogueAdmin } = services;
  await app.register(usersAdminRoutes, { usersAdmin });
  await app.register(rolesAdminRoutes, { rolesAdmin });
  await app.register(auditRoutes, { audit });
  await app.register(themesAdminRoutes, { themesAdmin });
  await app.register(reportsRoutes, { reports });
  await app.register(catalogueAdminRoutes, { catalogueAdmin });
  await app.register(appearanceRoutes, {
    customCode: services.customCode,
    previews: services.scriptPreviews,
    storage: services.storage,
  });
  await app.register(localizationsAdminRoutes, { localizations: services.localizationsAdmin });
  await app.register(jobsAdminRoutes, { jobsAdmin: services.jobsAdmin });
}
