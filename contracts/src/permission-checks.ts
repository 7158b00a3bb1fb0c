// Permission names and checks, without schemas: the web app's first page needs these, not zod.

/**
 * A permission as held, with its restrictions: the shape `permissionSchema` (permissions.ts)
 * reads, written here without zod so the checks need no schemas.
 */
export interface HeldPermission {
  name: string;
  restrictions: readonly { name: string; value: number | string | boolean | null }[];
}

/** The permission that grants every other permission. */
export const SUPER_PERMISSION = 'admin';

/** Permission names used by the core; modules add their own. */
export const PERMISSIONS = {
  admin: 'admin',
  adminAccess: 'admin.access',
  musicView: 'music.view',
  apiAccess: 'api.access',
  settingsView: 'settings.view',
  settingsUpdate: 'settings.update',
  usersView: 'users.view',
  usersUpdate: 'users.update',
  /** Upload files; its `space` restriction is the storage in bytes. */
  filesCreate: 'files.create',
} as const;

export interface QuotaCheck {
  /** The count is at or above the restriction's limit. */
  overQuota: boolean;
  /** The permission is missing altogether. */
  noPermission: boolean;
  /** Either of the two: the action must be refused. */
  failed: boolean;
}

export function findPermission<P extends HeldPermission>(
  permissions: readonly P[],
  name: string,
): P | undefined {
  return permissions.find((permission) => permission.name === name);
}

export function hasPermission(permissions: readonly HeldPermission[], name: string): boolean {
  return permissions.some((p) => p.name === SUPER_PERMISSION || p.name === name);
}

/**
 * Checks a numeric quota held in a permission restriction, e.g. `playlists.create` with
 * restriction `count: 10`. A permission without that restriction has no limit.
 */
export function checkQuota(
  permissions: readonly HeldPermission[],
  name: string,
  restriction: string,
  currentCount: number,
): QuotaCheck {
  if (permissions.some((p) => p.name === SUPER_PERMISSION)) {
    return { overQuota: false, noPermission: false, failed: false };
  }
  const permission = findPermission(permissions, name);
  if (!permission) return { overQuota: false, noPermission: true, failed: true };
  const limit = permission.restrictions.find((r) => r.name === restriction)?.value;
  const overQuota = typeof limit === 'number' && currentCount >= limit;
  return { overQuota, noPermission: false, failed: overQuota };
}
