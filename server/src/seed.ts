import type { Menu } from '@cadenza/contracts/menus';
import { LIBRARY_PERMISSIONS } from '@cadenza/contracts/library';
import { MUSIC_PERMISSIONS } from '@cadenza/contracts/music';
import { ADMIN_PERMISSIONS } from '@cadenza/contracts/admin';
import { PERMISSIONS } from '@cadenza/contracts/permissions';
import { BILLING_PERMISSIONS } from '@cadenza/contracts/billing';
import { RADIO_PERMISSIONS } from '@cadenza/contracts/radio-stations';
import crypto from 'node:crypto';
import { hashPassword } from './infra/hash.js';
import { seedDemoIfEmpty, type DemoCatalogue } from './modules/demo/demo.seed.js';
import type {
  KnownPermission,
  PermissionsService,
  SeededRole,
} from './modules/roles/permissions.service.js';
import type { SettingsService } from './modules/settings/settings.service.js';
import type { ThemesService } from './modules/themes/themes.service.js';
import type { UsersService } from './modules/users/users.service.js';

/** Permissions the core knows about; feature modules add theirs to this list. */
export const PERMISSION_CATALOGUE: KnownPermission[] = [
  {
    name: PERMISSIONS.admin,
    group: 'admin',
    description: 'Every permission, without restriction.',
  },
  { name: PERMISSIONS.adminAccess, group: 'admin', description: 'Open the admin area.' },
  { name: PERMISSIONS.settingsView, group: 'settings', description: 'Read all settings.' },
  { name: PERMISSIONS.settingsUpdate, group: 'settings', description: 'Change settings.' },
  { name: PERMISSIONS.usersView, group: 'users', description: 'See other users.' },
  {
    name: PERMISSIONS.usersUpdate,
    group: 'users',
    description: 'Create, change, ban, delete and sign in as other users.',
  },
  {
    name: ADMIN_PERMISSIONS.roles,
    group: 'users',
    description: 'Create and change roles and what they grant.',
  },
  {
    name: ADMIN_PERMISSIONS.appearance,
    group: 'settings',
    description: 'Change themes, menus, the landing page and custom code.',
  },
  { name: ADMIN_PERMISSIONS.ads, group: 'settings', description: 'Fill and switch the ad slots.' },
  {
    name: ADMIN_PERMISSIONS.localizations,
    group: 'settings',
    description: 'Add languages and translate their lines.',
  },
  { name: PERMISSIONS.musicView, group: 'music', description: 'Listen to and browse music.' },
  {
    name: MUSIC_PERMISSIONS.update,
    group: 'music',
    description: 'Change artists, albums and tracks of the catalogue.',
  },
  {
    name: MUSIC_PERMISSIONS.create,
    group: 'music',
    description:
      'Release music for the artists one manages (restrictions "tracks" and "minutes": how much in all).',
  },
  {
    name: MUSIC_PERMISSIONS.playlistsCreate,
    group: 'music',
    description: 'Create playlists (restriction "count": how many).',
  },
  {
    name: MUSIC_PERMISSIONS.channelsUpdate,
    group: 'music',
    description: 'Create and change channels, such as the home screen.',
  },
  {
    name: LIBRARY_PERMISSIONS.import,
    group: 'music',
    description: 'Import folders of audio files from the server into the catalogue.',
  },
  {
    name: RADIO_PERMISSIONS.manage,
    group: 'music',
    description: 'Add, change and delete internet radio stations.',
  },
  {
    name: PERMISSIONS.filesCreate,
    group: 'files',
    description: 'Upload files (restriction "space": the storage, in bytes).',
  },
  {
    name: PERMISSIONS.apiAccess,
    group: 'api',
    description: 'Create personal access tokens and use the API.',
  },
  {
    name: 'custom_pages.update',
    group: 'custom_pages',
    description: 'Create, edit and delete custom pages.',
  },
  {
    name: ADMIN_PERMISSIONS.logs,
    group: 'logs',
    description: 'Read the error, mail and audit logs.',
  },
  {
    name: ADMIN_PERMISSIONS.jobs,
    group: 'logs',
    description: 'See the background jobs and run failed ones again.',
  },
  {
    name: ADMIN_PERMISSIONS.reports,
    group: 'logs',
    description: 'Read the reports: plays, listeners, sign-ups and subscriptions.',
  },
  { name: BILLING_PERMISSIONS.hideAds, group: 'plans', description: 'See no ads.' },
  {
    name: BILLING_PERMISSIONS.offline,
    group: 'plans',
    description: 'Keep music on the device to listen without a connection.',
  },
  {
    name: BILLING_PERMISSIONS.download,
    group: 'plans',
    description: 'Download the audio files of tracks.',
  },
  {
    name: BILLING_PERMISSIONS.products,
    group: 'billing',
    description: 'Create and change plans and their prices.',
  },
  {
    name: BILLING_PERMISSIONS.vouchers,
    group: 'billing',
    description: 'Create and change vouchers.',
  },
  {
    name: BILLING_PERMISSIONS.subscriptions,
    group: 'billing',
    description: 'See subscriptions, give plans by hand and end them.',
  },
];

/** How many playlists an account on no plan may make; plans raise or lift the limit. */
export const FREE_PLAYLISTS = 20;
/** The storage an account on no plan has for its uploads, in bytes (1 GB). */
export const FREE_SPACE = 1024 * 1024 * 1024;
/** How much music an account on no plan may release from the backstage. */
export const FREE_RELEASED_TRACKS = 50;
export const FREE_RELEASED_MINUTES = 180;

const ROLES: SeededRole[] = [
  {
    name: 'admin',
    description: 'Runs the site.',
    guests: false,
    isDefault: false,
    permissions: [PERMISSIONS.admin, PERMISSIONS.adminAccess],
    restrictions: {},
  },
  {
    name: 'users',
    description: 'Every registered account.',
    guests: false,
    isDefault: true,
    permissions: [
      PERMISSIONS.musicView,
      PERMISSIONS.apiAccess,
      MUSIC_PERMISSIONS.playlistsCreate,
      MUSIC_PERMISSIONS.create,
      PERMISSIONS.filesCreate,
    ],
    restrictions: {
      [MUSIC_PERMISSIONS.playlistsCreate]: [{ name: 'count', value: FREE_PLAYLISTS }],
      [MUSIC_PERMISSIONS.create]: [
        { name: 'tracks', value: FREE_RELEASED_TRACKS },
        { name: 'minutes', value: FREE_RELEASED_MINUTES },
      ],
      [PERMISSIONS.filesCreate]: [{ name: 'space', value: FREE_SPACE }],
    },
  },
  {
    name: 'guests',
    description: 'Visitors who are not logged in.',
    guests: true,
    isDefault: false,
    permissions: [PERMISSIONS.musicView],
    restrictions: {},
  },
];

export const DEFAULT_MENUS: Menu[] = [
  {
    id: 'primary',
    name: 'Primary',
    positions: ['primary'],
    items: [
      {
        id: 'discover',
        label: 'Discover',
        action: '/discover',
        type: 'route',
        permissions: [PERMISSIONS.musicView],
      },
      {
        id: 'pricing',
        label: 'Pricing',
        action: '/pricing',
        type: 'route',
        settings: { 'billing.enable': true },
        subscriptionStatus: 'notSubscribed',
      },
      { id: 'contact', label: 'Contact', action: '/contact', type: 'route' },
    ],
  },
  {
    id: 'auth-dropdown',
    name: 'User dropdown',
    positions: ['auth-dropdown'],
    items: [
      {
        id: 'admin',
        label: 'Admin area',
        action: '/admin',
        type: 'route',
        permissions: [PERMISSIONS.adminAccess],
      },
      {
        id: 'billing',
        label: 'Billing',
        action: '/billing',
        type: 'route',
        settings: { 'billing.enable': true },
        subscriptionStatus: 'subscribed',
      },
      {
        id: 'files',
        label: 'Your files',
        action: '/files',
        type: 'route',
        permissions: [PERMISSIONS.filesCreate],
      },
      { id: 'account', label: 'Account settings', action: '/account-settings', type: 'route' },
    ],
  },
  {
    id: 'footer',
    name: 'Footer',
    positions: ['footer'],
    items: [
      { id: 'privacy', label: 'Privacy policy', action: '/pages/privacy-policy', type: 'route' },
      { id: 'terms', label: 'Terms of service', action: '/pages/terms-of-service', type: 'route' },
      { id: 'contact', label: 'Contact us', action: '/contact', type: 'route' },
    ],
  },
  {
    id: 'footer-secondary',
    name: 'Footer secondary',
    positions: ['footer-secondary'],
    items: [
      {
        id: 'api-docs',
        label: 'Developers',
        action: '/api-docs',
        type: 'route',
        permissions: [PERMISSIONS.apiAccess],
        settings: { 'api.integrated': true },
      },
    ],
  },
];

export interface SeedDeps {
  settings: SettingsService;
  themes: ThemesService;
  users: UsersService;
  permissions: PermissionsService;
  admin: { email: string; password: string | undefined };
  log: (message: string) => void;
  /** The demo catalogue to create while the catalogue is empty; absent with SEED_DEMO=false. */
  demo?: { catalogue: DemoCatalogue; dataDir: string };
}

/** Fills an empty database with what the product needs to run; safe to run on every start. */
export async function seedDatabase(deps: SeedDeps): Promise<void> {
  await deps.permissions.seedRoles(PERMISSION_CATALOGUE, ROLES);

  await deps.settings.seedDefaults({ menus: DEFAULT_MENUS });
  await deps.themes.seedDefaults();
  await seedAdmin(deps);
  if (deps.demo) {
    const owner = await deps.users.findByEmail(deps.admin.email);
    if (owner) await seedDemoIfEmpty({ ...deps.demo, ownerId: owner.id, log: deps.log });
  }
}

async function seedAdmin({ users, permissions, admin, log }: SeedDeps): Promise<void> {
  if (await users.findByEmail(admin.email)) return;
  const password = admin.password ?? crypto.randomBytes(12).toString('base64url');
  const user = await users.create({
    email: admin.email,
    password: await hashPassword(password),
    username: 'admin',
    emailVerified: true,
  });
  await permissions.assignRole(user.id, 'admin');
  await permissions.assignDefaultRole(user.id);
  if (!admin.password) {
    log(
      `Created the admin account ${admin.email} with the password: ${password}\nIt is shown only this once; change it after signing in.`,
    );
  }
}
