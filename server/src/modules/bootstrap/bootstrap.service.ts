import type { BootstrapData } from '@cadenza/contracts/bootstrap';
import type { Menu } from '@cadenza/contracts/menus';
import { nestSettings } from '@cadenza/contracts/settings';
import type { FastifyRequest } from 'fastify';
import { LOCALE_COOKIE, type LocalizationService } from '../localization/localization.service.js';
import type { PermissionsService } from '../roles/permissions.service.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { ThemesService } from '../themes/themes.service.js';
import type { SessionsService } from '../sessions/sessions.service.js';
import { displayName, type UsersService } from '../users/users.service.js';

export type BootstrapService = ReturnType<typeof createBootstrapService>;

const MOBILE_AGENT = /Mobi|Android|iPhone|iPod|IEMobile|Opera Mini|BlackBerry/i;

export interface BootstrapDeps {
  appUrl: string;
  settings: SettingsService;
  users: UsersService;
  permissions: PermissionsService;
  themes: ThemesService;
  localization: LocalizationService;
  sessions: SessionsService;
}

/** Everything the web app needs for its first paint (spec section 3, "Bootstrap data"). */
export function createBootstrapService(deps: BootstrapDeps) {
  return {
    async forRequest(request: FastifyRequest): Promise<BootstrapData> {
      const [publicSettings, themes, guestRole] = await Promise.all([
        deps.settings.publicValues(),
        deps.themes.all(),
        deps.permissions.guestRole(),
      ]);
      const { menus, ...rest } = publicSettings;
      const user = request.user
        ? {
            ...(await deps.users.present(request.user, { with: ['roles', 'subscriptions'] })),
            roles: await deps.permissions.rolesOfUser(request.user.id),
            permissions: await request.permissions(),
          }
        : null;
      // An admin signed in as this user: the site shows a banner to return.
      const impersonatorId = request.user
        ? deps.sessions.impersonatorOf(request.session.row)
        : null;
      const impersonator = impersonatorId ? await deps.users.findById(impersonatorId) : undefined;
      const localization = await deps.localization.negotiate({
        userLanguage: request.user?.language,
        cookieLanguage: request.cookies[LOCALE_COOKIE],
        acceptLanguage: request.headers['accept-language'],
      });
      return {
        user,
        impersonator: impersonator
          ? { id: impersonator.id, display_name: displayName(impersonator) }
          : null,
        guest_role: guestRole,
        is_mobile_device: MOBILE_AGENT.test(request.headers['user-agent'] ?? ''),
        i18n: deps.localization.bundle(localization),
        settings: { ...nestSettings(rest), base_url: deps.appUrl },
        themes,
        menus: (menus as Menu[] | undefined) ?? [],
      };
    },
  };
}
