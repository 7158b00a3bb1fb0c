import type { BootstrapData } from '@cadenza/contracts/bootstrap';
import { nestSettings, SETTING_DEFINITIONS } from '@cadenza/contracts/settings';
import type { AuthUser } from '../../api/bootstrap';

/** Public settings at their seeded defaults, overridden by dotted keys. */
export function makeSettings(overrides: Record<string, unknown> = {}): BootstrapData['settings'] {
  const flat: Record<string, unknown> = {};
  for (const [key, definition] of Object.entries(SETTING_DEFINITIONS)) {
    if (definition.public) flat[key] = definition.value;
  }
  return { ...nestSettings({ ...flat, ...overrides }), base_url: 'http://localhost:3000' };
}

export function makeUser(
  overrides: Partial<AuthUser> & { permissionNames?: string[] } = {},
): AuthUser {
  const { permissionNames = [], ...fields } = overrides;
  return {
    id: 1,
    email: 'ada@example.com',
    username: 'ada',
    display_name: 'Ada Lovelace',
    first_name: 'Ada',
    last_name: 'Lovelace',
    avatar: null,
    phone: null,
    cpf: null,
    address_json: null,
    language: 'en',
    country: null,
    timezone: null,
    email_verified_at: '2026-01-01T00:00:00.000Z',
    two_factor_confirmed_at: null,
    unread_notifications_count: 0,
    created_at: '2026-01-01T00:00:00.000Z',
    roles: [{ id: 2, name: 'users' }],
    subscriptions: [],
    permissions: permissionNames.map((name) => ({ name, restrictions: [] })),
    ...fields,
  };
}

export interface BootstrapOverrides {
  user?: AuthUser | null;
  guestPermissions?: string[];
  settings?: Record<string, unknown>;
  i18n?: BootstrapData['i18n'];
}

export function makeBootstrap({
  user = null,
  guestPermissions = ['music.view'],
  settings,
  i18n = { language: 'en', name: 'English', lines: {} },
}: BootstrapOverrides = {}): BootstrapData {
  return {
    user,
    guest_role: {
      id: 1,
      name: 'guests',
      permissions: guestPermissions.map((name) => ({ name, restrictions: [] })),
    },
    is_mobile_device: false,
    i18n,
    settings: makeSettings(settings),
    themes: [],
    menus: [],
  };
}
