import { z } from 'zod';
import { AD_SLOTS } from './ads.js';
import { landingContentSchema } from './landing-content.js';
import { DEFAULT_LANDING_CONTENT } from './landing-defaults.js';
import { menuSchema } from './menus.js';
import { displayText } from './text.js';
import { isTimezone } from './users.js';

export const HOMEPAGE_TYPES = ['landing', 'login', 'register', 'customPage', 'channel'] as const;
export type HomepageType = (typeof HOMEPAGE_TYPES)[number];

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

export interface SettingDefinition<S extends z.ZodType = z.ZodType> {
  /** What a value must be; an admin's change is parsed by it (trimmed, cleaned) before it is kept. */
  schema: S;
  value: z.output<S>;
  /** Public keys reach the browser in bootstrap data; the rest stay on the server. */
  public: boolean;
}

function pub<S extends z.ZodType>(schema: S, value: z.output<S>): SettingDefinition<S> {
  return { schema, value, public: true };
}
function secret<S extends z.ZodType>(schema: S, value: z.output<S>): SettingDefinition<S> {
  return { schema, value, public: false };
}

// The shapes settings take. A key is added with one line: `'area.name': pub(schema, default)`.
const flag = z.boolean();
const line = (max = 255) => displayText(max);
/** A path inside the app (`/pages/terms`) or an absolute URL. */
const link = z.string().trim().max(2000);
const optionalEmail = z.union([z.literal(''), z.string().trim().max(255).email()]);
const adCode = z.string().max(20_000);
const customCode = z.string().max(100_000, 'Custom code may be at most 100,000 characters.');
const credential = z.string().trim().max(4000);
const socialEndpoints = z
  .object({
    authorize: z.string().url().optional(),
    token: z.string().url().optional(),
    userinfo: z.string().url().optional(),
  })
  .strict();
const policies = z
  .array(z.object({ id: z.string().trim().min(1).max(100), name: line(200), action: link }))
  .max(20);
const fileTypes = z.array(z.string().trim().min(1).max(100)).max(200);
const bytes = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/**
 * Every setting with its schema and seeded default. Keys are dotted; bootstrap data nests them
 * (`themes.user_change` → `settings.themes.user_change`).
 */
export const SETTING_DEFINITIONS = {
  'branding.site_name': pub(
    displayText(100).pipe(z.string().min(1, 'The site needs a name.')),
    'Cadenza',
  ),
  'branding.site_description': pub(line(500), 'Listen to and discover music you love.'),
  'branding.logo_light': pub(link, '/brand/logo-light.svg'),
  'branding.logo_dark': pub(link, '/brand/logo-dark.svg'),
  'branding.logo_light_mobile': pub(link, '/brand/logo-mark.svg'),
  'branding.logo_dark_mobile': pub(link, '/brand/logo-mark.svg'),
  'branding.favicon': pub(link, '/brand/favicon.svg'),
  'site.demo': pub(flag, false),
  'registration.disable': pub(flag, false),
  'registration.policies': pub(policies, []),
  require_email_confirmation: pub(flag, false),
  'billing.enable': pub(flag, false),
  // Days a plan stays after a failed payment, while the payment service retries.
  'billing.grace_days': secret(z.number().int().min(0).max(60), 7),
  'homepage.type': pub(z.enum(HOMEPAGE_TYPES), 'landing'),
  'homepage.value': pub(z.string().trim().max(255), ''),
  'homepage.pricing': pub(flag, false),
  'landing.content': pub(landingContentSchema, DEFAULT_LANDING_CONTENT),
  'landing.show_trending': pub(flag, true),
  'auth.login_redirect': pub(z.string().trim().startsWith('/').max(2000), '/'),
  'themes.user_change': pub(flag, true),
  'themes.default_id': pub(z.number().int().positive().nullable(), null),
  'cookie_notice.enable': pub(flag, true),
  'cookie_notice.position': pub(z.enum(['top', 'bottom']), 'bottom'),
  'cookie_notice.button': pub(z.object({ label: line(100), action: link }).nullable(), {
    label: 'Learn more',
    action: '/pages/privacy-policy',
  }),
  'social.google.enable': pub(flag, false),
  'social.facebook.enable': pub(flag, false),
  'social.twitter.enable': pub(flag, false),
  'social.apple.enable': pub(flag, false),
  'social.compact_buttons': pub(flag, false),
  // With OpenID Connect set up: the login page offers its button alone (`?password=1` still
  // shows the password form, for admins and for when the provider is down).
  'social.oidc.only': pub(flag, false),
  // Credentials of each social login service, and endpoint overrides (authorize, token,
  // userinfo) for a self-hosted or test provider; empty means the service's own endpoints.
  'social.google.client_id': secret(credential, ''),
  'social.google.client_secret': secret(credential, ''),
  'social.google.endpoints': secret(socialEndpoints, {}),
  'social.facebook.client_id': secret(credential, ''),
  'social.facebook.client_secret': secret(credential, ''),
  'social.facebook.endpoints': secret(socialEndpoints, {}),
  'social.twitter.client_id': secret(credential, ''),
  'social.twitter.client_secret': secret(credential, ''),
  'social.twitter.endpoints': secret(socialEndpoints, {}),
  'social.apple.client_id': secret(credential, ''),
  'social.apple.team_id': secret(credential, ''),
  'social.apple.key_id': secret(credential, ''),
  'social.apple.private_key': secret(credential, ''),
  'social.apple.endpoints': secret(socialEndpoints, {}),
  'recaptcha.site_key': pub(credential, ''),
  'recaptcha.secret_key': secret(credential, ''),
  'recaptcha.enable.register': pub(flag, false),
  'recaptcha.enable.contact': pub(flag, true),
  'dates.default_timezone': pub(
    z.string().trim().refine(isTimezone, 'Choose a timezone from the list.'),
    'auto',
  ),
  'i18n.enable': pub(flag, true),
  'i18n.default_locale': pub(z.string().regex(/^[a-z]{2,3}(-[A-Za-z]{2,4})?$/), 'en'),
  'api.integrated': pub(flag, true),
  'notifications.integrated': pub(flag, true),
  'notif.subs.integrated': pub(flag, false),
  'ads.general_top': pub(adCode, ''),
  'ads.general_bottom': pub(adCode, ''),
  'ads.artist_top': pub(adCode, ''),
  'ads.artist_bottom': pub(adCode, ''),
  'ads.album_above': pub(adCode, ''),
  // Slots switched off keep their code, to switch back on later.
  'ads.disabled': pub(z.array(z.enum(AD_SLOTS)).max(AD_SLOTS.length), []),
  'uploads.max_size': pub(bytes, 50 * 1024 * 1024),
  'uploads.allowed_types': pub(fileTypes, []),
  'uploads.blocked_types': pub(fileTypes, []),
  'uploads.chunk_size': pub(bytes.min(256 * 1024), 5 * 1024 * 1024),
  'uploads.disable_tus': pub(flag, false),
  // Browsers send files straight to S3-compatible storage (only when the disk is S3).
  'uploads.direct_upload': pub(flag, false),
  'maps.google_key': pub(credential, ''),
  'mail.contact_address': secret(optionalEmail, 'contact@example.com'),
  'mail.from_address': secret(optionalEmail, 'no-reply@example.com'),
  'mail.from_name': secret(line(100), 'Cadenza'),
  menus: pub(z.array(menuSchema).max(50), []),
  // The share of browser errors (uncaught errors, unhandled rejections) the web app reports to
  // the error log, in per cent.
  'client_errors.sample_percent': pub(z.number().int().min(0).max(100), 20),
  // Hours between scheduled re-scans of each imported library folder; 0 turns them off.
  'library.rescan_hours': secret(z.number().int().min(0).max(720), 0),
  // The site's own CSS and JavaScript, served as files on the public site only (never in the
  // admin area, so a broken script cannot lock the admins out).
  'custom_code.css': secret(customCode, ''),
  'custom_code.js': secret(customCode, ''),
} satisfies Record<string, SettingDefinition>;

export type SettingKey = keyof typeof SETTING_DEFINITIONS;

/**
 * Credentials the API never returns once saved: the admin area shows only whether one is set.
 * An empty value in a change keeps the saved one; null clears it.
 */
export const WRITE_ONLY_SETTINGS: readonly SettingKey[] = [
  'social.google.client_secret',
  'social.facebook.client_secret',
  'social.twitter.client_secret',
  'social.apple.private_key',
  'recaptcha.secret_key',
];

/** The admin section's permission that changes a setting. */
export function settingPermission(key: SettingKey): string {
  if (key.startsWith('ads.')) return 'ads.update';
  if (key.startsWith('library.')) return 'music.import';
  if (
    key === 'menus' ||
    key.startsWith('landing.') ||
    key.startsWith('themes.') ||
    key.startsWith('custom_code.')
  ) {
    return 'appearance.update';
  }
  return 'settings.update';
}
export type SettingValue<K extends SettingKey> = z.output<
  (typeof SETTING_DEFINITIONS)[K]['schema']
>;
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
