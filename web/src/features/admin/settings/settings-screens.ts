import type { SettingKey } from '@cadenza/contracts/settings';

/** One control of a settings screen, bound to a setting key. */
export type SettingField =
  | { kind: 'text' | 'email' | 'textarea'; key: SettingKey; label: string; description?: string }
  | { kind: 'switch'; key: SettingKey; label: string; description?: string }
  | { kind: 'number'; key: SettingKey; label: string; description?: string; unit?: 'MB' }
  | {
      kind: 'select';
      key: SettingKey;
      label: string;
      description?: string;
      options: [value: string, label: string][];
    }
  /** A credential: never shown once saved; typing a new one replaces it. */
  | { kind: 'secret'; key: SettingKey; label: string; description?: string }
  /** A list of file types, one per line or comma-separated. */
  | { kind: 'list'; key: SettingKey; label: string; description?: string }
  | { kind: 'image'; key: SettingKey; image: string; label: string; description?: string }
  | { kind: 'timezone'; key: SettingKey; label: string; description?: string }
  | { kind: 'homepage'; key: 'homepage.type'; label: string }
  | { kind: 'policies'; key: 'registration.policies'; label: string; description?: string };

export interface SettingsGroup {
  title?: string;
  description?: string;
  fields: SettingField[];
}

export interface SettingsScreen {
  path: string;
  title: string;
  description: string;
  groups: SettingsGroup[];
}

const social = (service: 'google' | 'facebook' | 'twitter', name: string): SettingsGroup => ({
  title: name,
  fields: [
    { kind: 'switch', key: `social.${service}.enable`, label: `Sign in with ${name}` },
    { kind: 'text', key: `social.${service}.client_id`, label: 'Client ID' },
    { kind: 'secret', key: `social.${service}.client_secret`, label: 'Client secret' },
  ],
});

/** Every key of the settings contract, on the screen where an operator looks for it. */
export const SETTINGS_SCREENS: SettingsScreen[] = [
  {
    path: 'general',
    title: 'General',
    description: 'The site’s name, its pictures and what visitors see first.',
    groups: [
      {
        fields: [
          { kind: 'text', key: 'branding.site_name', label: 'Site name' },
          {
            kind: 'textarea',
            key: 'branding.site_description',
            label: 'Site description',
            description: 'Shown to search engines and when links to the site are shared.',
          },
        ],
      },
      {
        title: 'Logos',
        description: 'PNG, JPEG, WebP, GIF or AVIF, up to 2 MB.',
        fields: [
          {
            kind: 'image',
            key: 'branding.logo_light',
            image: 'logo_light',
            label: 'Logo for light themes',
          },
          {
            kind: 'image',
            key: 'branding.logo_dark',
            image: 'logo_dark',
            label: 'Logo for dark themes',
          },
          {
            kind: 'image',
            key: 'branding.logo_light_mobile',
            image: 'logo_light_mobile',
            label: 'Small logo for light themes',
            description: 'Used on phones.',
          },
          {
            kind: 'image',
            key: 'branding.logo_dark_mobile',
            image: 'logo_dark_mobile',
            label: 'Small logo for dark themes',
            description: 'Used on phones.',
          },
          { kind: 'image', key: 'branding.favicon', image: 'favicon', label: 'Favicon' },
        ],
      },
      {
        title: 'Homepage',
        fields: [
          { kind: 'homepage', key: 'homepage.type', label: 'Homepage' },
          {
            kind: 'switch',
            key: 'homepage.pricing',
            label: 'Show the plans on the landing page',
          },
          {
            kind: 'text',
            key: 'auth.login_redirect',
            label: 'After signing in, go to',
            description: 'A path of the site, such as / or /discover. Admins go to the admin area.',
          },
        ],
      },
    ],
  },
  {
    path: 'authentication',
    title: 'Authentication',
    description: 'Who can register, how they sign in, and the check that keeps bots out.',
    groups: [
      {
        fields: [
          { kind: 'switch', key: 'registration.disable', label: 'Close registration' },
          {
            kind: 'switch',
            key: 'require_email_confirmation',
            label: 'Ask new accounts to confirm their e-mail address',
          },
          {
            kind: 'policies',
            key: 'registration.policies',
            label: 'Policies to accept when registering',
            description:
              'Each one is a tick box on the registration form, with a link to its text.',
          },
        ],
      },
      {
        title: 'Social login',
        fields: [
          {
            kind: 'switch',
            key: 'social.compact_buttons',
            label: 'Compact buttons',
            description: 'Show only the services’ icons on the sign-in forms.',
          },
        ],
      },
      {
        title: 'OpenID Connect',
        description: 'Set up by the OIDC_* environment variables.',
        fields: [
          {
            kind: 'switch',
            key: 'social.oidc.only',
            label: 'Sign in with OpenID Connect only',
            description:
              'The login page shows the provider’s button alone. Add ?password=1 to its address to sign in with a password.',
          },
        ],
      },
      social('google', 'Google'),
      social('facebook', 'Facebook'),
      social('twitter', 'X (Twitter)'),
      {
        title: 'Apple',
        fields: [
          { kind: 'switch', key: 'social.apple.enable', label: 'Sign in with Apple' },
          { kind: 'text', key: 'social.apple.client_id', label: 'Services ID' },
          { kind: 'text', key: 'social.apple.team_id', label: 'Team ID' },
          { kind: 'text', key: 'social.apple.key_id', label: 'Key ID' },
          { kind: 'secret', key: 'social.apple.private_key', label: 'Private key (.p8)' },
        ],
      },
      {
        title: 'Bot check (reCAPTCHA v3)',
        fields: [
          { kind: 'text', key: 'recaptcha.site_key', label: 'Site key' },
          { kind: 'secret', key: 'recaptcha.secret_key', label: 'Secret key' },
          { kind: 'switch', key: 'recaptcha.enable.register', label: 'Check registrations' },
          { kind: 'switch', key: 'recaptcha.enable.contact', label: 'Check the contact form' },
        ],
      },
    ],
  },
  {
    path: 'mail',
    title: 'Mail',
    description: 'Who the site’s e-mail comes from, and where the contact form sends messages.',
    groups: [
      {
        fields: [
          { kind: 'text', key: 'mail.from_name', label: 'From name' },
          { kind: 'email', key: 'mail.from_address', label: 'From address' },
          {
            kind: 'email',
            key: 'mail.contact_address',
            label: 'Contact address',
            description: 'Messages sent with the contact form arrive here.',
          },
        ],
      },
    ],
  },
  {
    path: 'localization',
    title: 'Localization',
    description: 'Dates and languages.',
    groups: [
      {
        fields: [
          {
            kind: 'timezone',
            key: 'dates.default_timezone',
            label: 'Default timezone',
            description: 'For visitors and users who chose none.',
          },
          {
            kind: 'switch',
            key: 'i18n.enable',
            label: 'Let people choose their language',
          },
          {
            kind: 'text',
            key: 'i18n.default_locale',
            label: 'Default language',
            description: 'A language code, such as en or pt-BR.',
          },
        ],
      },
    ],
  },
  {
    path: 'cookie-notice',
    title: 'Cookie notice',
    description: 'The notice visitors answer before the site keeps cookies.',
    groups: [
      {
        fields: [
          { kind: 'switch', key: 'cookie_notice.enable', label: 'Show the cookie notice' },
          {
            kind: 'select',
            key: 'cookie_notice.position',
            label: 'Position',
            options: [
              ['bottom', 'Bottom'],
              ['top', 'Top'],
            ],
          },
        ],
      },
    ],
  },
  {
    path: 'uploads',
    title: 'Uploads',
    description: 'What users may upload, and how files travel.',
    groups: [
      {
        fields: [
          { kind: 'number', key: 'uploads.max_size', label: 'Largest file', unit: 'MB' },
          {
            kind: 'list',
            key: 'uploads.allowed_types',
            label: 'Allowed types',
            description: 'MIME types or extensions, one per line. Empty allows every type.',
          },
          {
            kind: 'list',
            key: 'uploads.blocked_types',
            label: 'Blocked types',
            description: 'Refused even when allowed above.',
          },
          {
            kind: 'number',
            key: 'uploads.chunk_size',
            label: 'Chunk size',
            unit: 'MB',
            description:
              'Large files travel in pieces of this size, so a dropped connection resumes.',
          },
          {
            kind: 'switch',
            key: 'uploads.disable_tus',
            label: 'Upload in one request',
            description: 'Turn off resumable uploads.',
          },
          {
            kind: 'switch',
            key: 'uploads.direct_upload',
            label: 'Upload straight to the storage service',
            description: 'Only when files are kept on S3-compatible storage.',
          },
        ],
      },
    ],
  },
  {
    path: 'billing',
    title: 'Billing',
    description: 'Plans and payments.',
    groups: [
      {
        fields: [
          { kind: 'switch', key: 'billing.enable', label: 'Sell plans' },
          {
            kind: 'number',
            key: 'billing.grace_days',
            label: 'Days of grace after a failed payment',
            description: 'The plan stays while the payment service retries.',
          },
        ],
      },
    ],
  },
  {
    path: 'api',
    title: 'API',
    description: 'Access for programs and music apps.',
    groups: [
      {
        fields: [
          {
            kind: 'switch',
            key: 'api.integrated',
            label: 'Let users create API tokens',
            description: 'Also opens the API documentation at /api-docs.',
          },
          { kind: 'switch', key: 'notifications.integrated', label: 'Notifications' },
          {
            kind: 'switch',
            key: 'notif.subs.integrated',
            label: 'Let users choose which notifications they get',
          },
          {
            kind: 'text',
            key: 'maps.google_key',
            label: 'Google Maps key',
            description:
              'For address suggestions in account settings and the maps of listeners’ cities in insights. Without it, listeners type their address in separate fields.',
          },
        ],
      },
      {
        title: 'Error reports',
        fields: [
          {
            kind: 'number',
            key: 'client_errors.sample_percent',
            label: 'Browser errors reported (%)',
            description:
              'The share of errors in visitors’ browsers sent to the error log, from 0 to 100.',
          },
        ],
      },
    ],
  },
];
