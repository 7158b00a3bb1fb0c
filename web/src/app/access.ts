import type { BootstrapData } from '@cadenza/contracts/bootstrap';
import { hasPermission, PERMISSIONS } from '@cadenza/contracts/permission-checks';
import { useBootstrap, type AuthUser } from '../api/bootstrap';

/** A user holds their own permissions; a guest holds the guest role's (spec section 6). */
export function canAccess(data: BootstrapData, permission: string): boolean {
  const permissions = data.user ? data.user.permissions : (data.guest_role?.permissions ?? []);
  return hasPermission(permissions, permission);
}

/** Subscribed: any subscription is valid or active (spec section 4). */
export function isSubscribed(user: AuthUser | null): boolean {
  return user?.subscriptions?.some((s) => s.valid || s.active) ?? false;
}

export function isAdmin(data: BootstrapData): boolean {
  // `admin` grants every permission, so this also holds for the super permission.
  return data.user !== null && canAccess(data, PERMISSIONS.adminAccess);
}

export function usePermission(permission: string): boolean {
  return canAccess(useBootstrap(), permission);
}
