import type { Menu } from './menus.js';
import type { Permission } from './permissions.js';
import type { Theme } from './themes.js';
import type { User } from './users.js';

export interface GuestRole {
  id: number;
  name: string;
  permissions: Permission[];
}

export interface I18nBootstrap {
  language: string;
  name: string;
  lines: Record<string, string>;
}

/**
 * Inlined into every HTML page as a JSON data block (`<script type="application/json"
 * id="bootstrap-data">`, which the Content-Security-Policy need not allow since it never runs),
 * read into `window.bootstrapData` before the first paint, and returned by login, register and
 * logout, so the first paint needs no API round trip.
 */
export interface BootstrapData {
  user: (User & { permissions: Permission[]; roles: { id: number; name: string }[] }) | null;
  /** The admin signed in as `user`, who can return to their own account. */
  impersonator?: { id: number; display_name: string } | null;
  guest_role: GuestRole | null;
  is_mobile_device: boolean;
  i18n: I18nBootstrap;
  /** Public settings, nested by their dotted keys, plus `base_url`. */
  settings: Record<string, unknown> & { base_url: string };
  themes: Theme[];
  menus: Menu[];
}

/** The global the page's first script reads the bootstrap data into. */
export const BOOTSTRAP_GLOBAL = 'bootstrapData';
/** The id of the JSON data block the server writes the bootstrap data into. */
export const BOOTSTRAP_ELEMENT_ID = 'bootstrap-data';
