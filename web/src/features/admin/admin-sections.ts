import { ADMIN_PERMISSIONS } from '@cadenza/contracts/admin';
import { BILLING_PERMISSIONS } from '@cadenza/contracts/billing';
import { LIBRARY_PERMISSIONS } from '@cadenza/contracts/library';
import { MUSIC_PERMISSIONS } from '@cadenza/contracts/music';
import { RADIO_PERMISSIONS } from '@cadenza/contracts/radio-stations';
import {
  BadgeCheck,
  Bug,
  ChartColumn,
  Cookie,
  Disc3,
  Radio,
  CreditCard,
  FileText,
  FolderInput,
  Globe,
  Inbox,
  Languages,
  LayoutList,
  ListMusic,
  Mail,
  Megaphone,
  Mic2,
  Music,
  Paintbrush,
  ScrollText,
  Settings,
  ShieldCheck,
  Tags,
  TicketPercent,
  Upload,
  UserCheck,
  Users,
  Webhook,
  Workflow,
  type LucideIcon,
} from 'lucide-react';
import { SETTINGS_SCREENS } from './settings/settings-screens';

export interface AdminSection {
  /** Below /admin. */
  path: string;
  label: string;
  icon: LucideIcon;
  /** Each section has its own permission, so an admin can hand parts of the work to others. */
  permission: string;
}

export interface AdminGroup {
  label: string;
  sections: AdminSection[];
}

const SETTINGS_ICONS: Record<string, LucideIcon> = {
  general: Settings,
  authentication: UserCheck,
  mail: Mail,
  localization: Globe,
  'cookie-notice': Cookie,
  uploads: Upload,
  billing: CreditCard,
  api: Webhook,
};

/** The admin area's navigation, grouped by area. */
export const ADMIN_GROUPS: AdminGroup[] = [
  {
    label: 'Overview',
    sections: [
      {
        path: 'reports',
        label: 'Reports',
        icon: ChartColumn,
        permission: ADMIN_PERMISSIONS.reports,
      },
    ],
  },
  {
    label: 'People',
    sections: [
      { path: 'users', label: 'Users', icon: Users, permission: ADMIN_PERMISSIONS.users },
      { path: 'roles', label: 'Roles', icon: ShieldCheck, permission: ADMIN_PERMISSIONS.roles },
    ],
  },
  {
    label: 'Catalogue',
    sections: [
      { path: 'artists', label: 'Artists', icon: Mic2, permission: MUSIC_PERMISSIONS.update },
      { path: 'albums', label: 'Albums', icon: Disc3, permission: MUSIC_PERMISSIONS.update },
      { path: 'tracks', label: 'Tracks', icon: Music, permission: MUSIC_PERMISSIONS.update },
      { path: 'genres', label: 'Genres', icon: Tags, permission: MUSIC_PERMISSIONS.update },
      {
        path: 'playlists',
        label: 'Playlists',
        icon: ListMusic,
        permission: MUSIC_PERMISSIONS.update,
      },
      { path: 'lyrics', label: 'Lyrics', icon: FileText, permission: MUSIC_PERMISSIONS.update },
      {
        path: 'backstage-requests',
        label: 'Artist requests',
        icon: Inbox,
        permission: MUSIC_PERMISSIONS.update,
      },
      {
        path: 'channels',
        label: 'Channels',
        icon: LayoutList,
        permission: MUSIC_PERMISSIONS.channelsUpdate,
      },
      {
        path: 'library',
        label: 'Library import',
        icon: FolderInput,
        permission: LIBRARY_PERMISSIONS.import,
      },
      {
        path: 'radio-stations',
        label: 'Radio stations',
        icon: Radio,
        permission: RADIO_PERMISSIONS.manage,
      },
    ],
  },
  {
    label: 'Billing',
    sections: [
      { path: 'plans', label: 'Plans', icon: CreditCard, permission: BILLING_PERMISSIONS.products },
      {
        path: 'vouchers',
        label: 'Vouchers',
        icon: TicketPercent,
        permission: BILLING_PERMISSIONS.vouchers,
      },
      {
        path: 'subscriptions',
        label: 'Subscriptions',
        icon: BadgeCheck,
        permission: BILLING_PERMISSIONS.subscriptions,
      },
    ],
  },
  {
    label: 'Appearance',
    sections: [
      {
        path: 'appearance',
        label: 'Appearance editor',
        icon: Paintbrush,
        permission: ADMIN_PERMISSIONS.appearance,
      },
      {
        path: 'pages',
        label: 'Custom pages',
        icon: FileText,
        permission: ADMIN_PERMISSIONS.customPages,
      },
      { path: 'ads', label: 'Ads', icon: Megaphone, permission: ADMIN_PERMISSIONS.ads },
      {
        path: 'localizations',
        label: 'Localizations',
        icon: Languages,
        permission: ADMIN_PERMISSIONS.localizations,
      },
    ],
  },
  {
    label: 'Settings',
    sections: SETTINGS_SCREENS.map((screen) => ({
      path: `settings/${screen.path}`,
      label: screen.title,
      icon: SETTINGS_ICONS[screen.path] ?? Settings,
      permission: ADMIN_PERMISSIONS.settings,
    })),
  },
  {
    label: 'Logs',
    sections: [
      {
        path: 'logs/audit',
        label: 'Audit log',
        icon: ScrollText,
        permission: ADMIN_PERMISSIONS.logs,
      },
      { path: 'logs/mail', label: 'Mail log', icon: Mail, permission: ADMIN_PERMISSIONS.logs },
      { path: 'logs/errors', label: 'Error log', icon: Bug, permission: ADMIN_PERMISSIONS.logs },
      {
        path: 'jobs',
        label: 'Background jobs',
        icon: Workflow,
        permission: ADMIN_PERMISSIONS.jobs,
      },
    ],
  },
];

export const ADMIN_SECTIONS = ADMIN_GROUPS.flatMap((group) => group.sections);
