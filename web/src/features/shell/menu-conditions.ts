import type { BootstrapData } from '@cadenza/contracts/bootstrap';
import type { MenuItem } from '@cadenza/contracts/menus';
import { hasPermission } from '@cadenza/contracts/permission-checks';

/** The conditions a menu item or a call-to-action button may carry (spec section 6). */
export type VisibilityConditions = Pick<
  MenuItem,
  'roles' | 'permissions' | 'settings' | 'subscriptionStatus'
>;

/** Who is looking: the bootstrap data's user, guest role and public settings. */
export type Viewer = Pick<BootstrapData, 'user' | 'guest_role' | 'settings'>;

/** A public setting by its dotted key, read from the nested settings object. */
function settingAt(settings: Viewer['settings'], key: string): unknown {
  let node: unknown = settings;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

function sameValue(actual: unknown, expected: unknown): boolean {
  if (Object.is(actual, expected)) return true;
  // A switch left at its default may be missing: it reads as off.
  if (typeof expected === 'boolean' && actual === undefined) return expected === false;
  if (typeof actual === 'object' && actual !== null) {
    return JSON.stringify(actual) === JSON.stringify(expected);
  }
  // Settings edited as text ("1", "true") still match the value they stand for.
  return String(actual) === String(expected);
}

/**
 * Whether a menu item or call-to-action shows for this viewer: they hold every listed role id
 * and permission (a guest holds the guest role and its permissions), every settings condition
 * matches the public setting, and the subscription condition matches (subscribed: any
 * subscription valid or active; notSubscribed: none).
 */
export function isVisibleTo(conditions: VisibilityConditions, viewer: Viewer): boolean {
  const { user, guest_role: guestRole, settings } = viewer;

  const roleIds = user ? (user.roles ?? []).map((r) => r.id) : guestRole ? [guestRole.id] : [];
  if (!(conditions.roles ?? []).every((id) => roleIds.includes(id))) return false;

  const permissions = user ? user.permissions : (guestRole?.permissions ?? []);
  if (!(conditions.permissions ?? []).every((name) => hasPermission(permissions, name))) {
    return false;
  }

  const settingConditions = Object.entries(conditions.settings ?? {});
  if (!settingConditions.every(([key, value]) => sameValue(settingAt(settings, key), value))) {
    return false;
  }

  if (conditions.subscriptionStatus) {
    const subscribed = user?.subscriptions?.some((s) => s.valid || s.active) ?? false;
    if (conditions.subscriptionStatus === 'subscribed' && !subscribed) return false;
    if (conditions.subscriptionStatus === 'notSubscribed' && subscribed) return false;
  }
  return true;
}

/** The visible items of every menu placed at a position, in menu order. */
export function menuItemsAt(
  menus: BootstrapData['menus'],
  position: string,
  viewer: Viewer,
): MenuItem[] {
  return menus
    .filter((menu) => menu.positions.includes(position))
    .flatMap((menu) => menu.items)
    .filter((item) => isVisibleTo(item, viewer));
}
