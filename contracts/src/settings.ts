import { DEFAULT_LANDING_CONTENT, type LandingContent } from './landing-content.js';
import type { Menu } from './menus.js';

export type HomepageType = 'landing' | 'login' | 'register' | 'customPage' | 'channel';

export interface RegistrationPolicy {
  id: string;
  name: string;
  /** Where the policy text lives: a custom page route or an external URL. */
  action: string;
}

/** Endpoint overrides of a social login service (absolute URLs). */
export interface SocialEndpoints {
  authorize?: string;
  token?: string;
  userinfo?: string;
}

export interface SettingDefinition<T = unknown> {
  value: T;
  /** Public keys reach the browser in bootstrap data; the rest stay on the server. */
  public: boolean;
}

function pub<T>(value: T): SettingDefinition<T> {
  return { value, public: true };
}
function secret<T>(value: T): SettingDefinition<T> {
  return { value, public: false };
}

/**
 * Every setting with its seeded default. Keys are dotted; bootstrap data nests them
 * (`themes.user_change` → `settings.themes.user_change`).
 */
export const SETTING_DEFINITIONS = {
  'branding.site_name': pub('Cadenza'),
  'branding.site_description': pub('Listen to and discover music you love.'),
  'branding.logo_light': pub('/brand/logo-light.svg'),
  'branding.logo_dark': pub('/brand/logo-dark.svg'),
  'branding.logo_light_mobile': pub('/brand/logo-mark.svg'),
  'branding.logo_dark_mobile': pub('/brand/logo-mark.svg'),
  'branding.favicon': pub('/brand/favicon.svg'),
  'site.demo': pub(false),
  'registration.disable': pub(false),
  'registration.policies': pub<RegistrationPolicy[]>([]),
  require_email_confirmation: pub(false),
  'billing.enable': pub(false),
  'homepage.type': pub<HomepageType>('landing'),
  'homepage.value': pub(''),
  'homepage.pricing': pub(false),
  'landing.content': pub<LandingContent>(DEFAULT_LANDING_CONTENT),
  'landing.show_trending': pub(true),
  'auth.login_redirect': pub('/'),
  'themes.user_change': pub(true),
  'themes.default_id': pub<number | null>(null),
  'cookie_notice.enable': pub(true),
  'cookie_notice.position': pub<'top' | 'bottom'>('bottom'),
  'cookie_notice.button': pub<{ label: string; action: string } | null>({
    label: 'Learn more',
    action: '/pages/privacy-policy',
  }),
  'social.google.enable': pub(false),
  'social.facebook.enable': pub(false),
  'social.twitter.enable': pub(false),
  'social.apple.enable': pub(false),
  'social.compact_buttons': pub(false),
  // Credentials of each social login service, and endpoint overrides (authorize, token,
  // userinfo) for a self-hosted or test provider; empty means the service's own endpoints.
  'social.google.client_id': secret(''),
  'social.google.client_secret': secret(''),
  'social.google.endpoints': secret<SocialEndpoints>({}),
  'social.facebook.client_id': secret(''),
  'social.facebook.client_secret': secret(''),
  'social.facebook.endpoints': secret<SocialEndpoints>({}),
  'social.twitter.client_id': secret(''),
  'social.twitter.client_secret': secret(''),
  'social.twitter.endpoints': secret<SocialEndpoints>({}),
  'social.apple.client_id': secret(''),
  'social.apple.team_id': secret(''),
  'social.apple.key_id': secret(''),
  'social.apple.private_key': secret(''),
  'social.apple.endpoints': secret<SocialEndpoints>({}),
  'recaptcha.site_key': pub(''),
  'recaptcha.secret_key': secret(''),
  'recaptcha.enable.register': pub(false),
  'recaptcha.enable.contact': pub(true),
  'dates.default_timezone': pub('auto'),
  'i18n.enable': pub(true),
  'i18n.default_locale': pub('en'),
  'api.integrated': pub(true),
  'notifications.integrated': pub(true),
  'notif.subs.integrated': pub(false),
  'ads.general_top': pub(''),
  'ads.general_bottom': pub(''),
  'ads.artist_top': pub(''),
  'ads.artist_bottom': pub(''),
  'ads.album_above': pub(''),
  'uploads.max_size': pub(50 * 1024 * 1024),
  'uploads.allowed_types': pub<string[]>([]),
  'uploads.blocked_types': pub<string[]>([]),
  'uploads.chunk_size': pub(5 * 1024 * 1024),
  'uploads.disable_tus': pub(false),
  'maps.google_key': pub(''),
  'mail.contact_address': secret('contact@example.com'),
  'mail.from_address': secret('no-reply@example.com'),
  'mail.from_name': secret('Cadenza'),
  menus: pub<Menu[]>([]),
} satisfies Record<string, SettingDefinition>;

export type SettingKey = keyof typeof SETTING_DEFINITIONS;
export type SettingValue<K extends SettingKey> = (typeof SETTING_DEFINITIONS)[K]['value'];
export type SettingsMap = { [K in SettingKey]: SettingValue<K> };

export function isSettingKey(key: string): key is SettingKey {
  return Object.prototype.hasOwnProperty.call(SETTING_DEFINITIONS, key);
}

/** Turns dotted keys into nested objects: `{'a.b': 1}` → `{a: {b: 1}}`. */
export function nestSettings(flat: Record<string, unknown>): Record<string, unknown> {
  const nested: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(flat)) {
    const parts = key.split('.');
    let node = nested;
    parts.slice(0, -1).forEach((part) => {
      const child = node[part];
      if (typeof child !== 'object' || child === null || Array.isArray(child)) node[part] = {};
      node = node[part] as Record<string, unknown>;
    });
    node[parts[parts.length - 1]!] = value;
  }
  return nested;
}
