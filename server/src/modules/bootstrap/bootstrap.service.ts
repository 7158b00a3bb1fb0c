import type { BootstrapData } from '@cadenza/contracts/bootstrap';
import type { Menu } from '@cadenza/contracts/menus';
import { nestSettings } from '@cadenza/contracts/settings';
import type { FastifyRequest } from 'fastify';
import { LOCALE_COOKIE } from '../../core/cookies.js';
import type { LocalizationService } from '../localization/localization.service.js';
import type { PermissionsService } from '../roles/permissions.service.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { ThemesService } from '../themes/themes.service.js';
import type { SessionsService } from '../sessions/sessions.service.js';
import { displayName } from '@cadenza/contracts/display-name';
import type { UsersService } from '../users/users.service.js';

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
  /** The button label of the OpenID Connect provider set up in the environment, if any. */
  oidcName?: string | undefined;
}

/** The environment's OpenID Connect provider shown beside the social services' settings. */
function withOpenIdConnect(settings: Record<string, unknown>, name: string | undefined) {
  const social = (settings.social ?? {}) as Record<string, unknown>;
  const oidc = (social.oidc ?? {}) as Record<string, unknown>;
  return {
    ...settings,
    social: { ...social, oidc: { ...oidc, enable: name !== undefined, name: name ?? null } },
  };
}

/** Everything the web app needs for its first paint (spec section 3, "Bootstrap data"). */
export function createBootstrapService(deps: BootstrapDeps) {
  // Beside the user, the data depends only on the site's settings, themes, guest role and
  // language lines, and on the language and kind of device: that part is built once for each,
  // and built again as soon as one of its parts is read anew (their own caches say when). A
  // guest's data is then the same object each time, which the page renderer keeps pages by.
  const kept = new Map<string, { parts: unknown[]; guest: BootstrapData }>();

  async function siteData(request: FastifyRequest): Promise<BootstrapData> {
    const [publicSettings, themes, guestRole] = await Promise.all([
      deps.settings.publicValues(),
      deps.themes.all(),
      deps.permissions.guestRole(),
    ]);
    const localization = await deps.localization.negotiate({
      userLanguage: request.user?.language,
      cookieLanguage: request.cookies[LOCALE_COOKIE],
      acceptLanguage: request.headers['accept-language'],
    });
    const isMobile = MOBILE_AGENT.test(request.headers['user-agent'] ?? '');
    const key = `${localization.language}|${isMobile}`;
    const lines = deps.localization.lines(localization.language);
    const parts = [publicSettings, themes, guestRole, localization, lines];
    const found = kept.get(key);
    if (found?.parts.every((part, i) => part === parts[i])) return found.guest;

    const { menus, ...rest } = publicSettings;
    const guest: BootstrapData = {
      user: null,
      impersonator: null,
      guest_role: guestRole,
      is_mobile_device: isMobile,
      i18n: deps.localization.bundle(localization),
      settings: { ...withOpenIdConnect(nestSettings(rest), deps.oidcName), base_url: deps.appUrl },
      themes,
      menus: (menus as Menu[] | undefined) ?? [],
    };
    kept.set(key, { parts, guest });
    return guest;
  }

  return {
    async forRequest(request: FastifyRequest): Promise<BootstrapData> {
      const site = await siteData(request);
      if (!request.user) return site;
      const [user, permissions] = await Promise.all([
        deps.users.present(request.user, { with: ['roles', 'subscriptions'] }),
        request.permissions(),
      ]);
      // An admin signed in as this user: the site shows a banner to return.
      const impersonatorId = deps.sessions.impersonatorOf(request.session.row);
      const impersonator = impersonatorId ? await deps.users.findById(impersonatorId) : undefined;
      return {
        ...site,
        user: { ...user, roles: user.roles ?? [], permissions },
        impersonator: impersonator
          ? { id: impersonator.id, display_name: displayName(impersonator) }
          : null,
      };
    },
  };
}
