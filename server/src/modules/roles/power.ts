import { ADMIN_PERMISSIONS } from '@cadenza/contracts/admin';
import { hasPermission, SUPER_PERMISSION, type Permission } from '@cadenza/contracts/permissions';
import { AppError } from '../../core/errors.js';

/**
 * Who may hand out power, and to whom. A user's power is everything they hold: through their
 * roles, granted directly, and through their plan (`PermissionsService.forUser`). The rules:
 * nobody grants what they do not hold; only admins and holders of `roles.update` change who holds
 * what; nobody acts on an account holding something they do not hold themselves.
 */

/** Whether these grants make their holder an admin: `admin` grants every permission. */
export function isAdmin(held: readonly Permission[]): boolean {
  return held.some((permission) => permission.name === SUPER_PERMISSION);
}

/** The names among `wanted` that `held` does not grant, each once. */
export function notHeld(held: readonly Permission[], wanted: readonly string[]): string[] {
  return [...new Set(wanted)].filter((name) => !hasPermission(held, name));
}

/** Whether the actor holds every permission the target holds: the target has no more power. */
export function holdsAll(actor: readonly Permission[], target: readonly Permission[]): boolean {
  return (
    notHeld(
      actor,
      target.map((permission) => permission.name),
    ).length === 0
  );
}

/** Whether the actor may change roles, and which permissions roles and users are granted. */
export function mayChangeAccess(actor: readonly Permission[]): boolean {
  return hasPermission(actor, ADMIN_PERMISSIONS.roles);
}

/** Refuses to grant permissions the actor does not hold (403, naming them). */
export function assertMayGrant(actor: readonly Permission[], names: readonly string[]): void {
  const missing = notHeld(actor, names);
  if (missing.length === 0) return;
  throw AppError.forbidden(
    `You cannot grant permissions you do not hold yourself: ${missing.join(', ')}. Ask an admin to grant them.`,
  );
}

/** Refuses to change roles or grants without `admin` or `roles.update` (403). */
export function assertMayChangeAccess(actor: readonly Permission[]): void {
  if (mayChangeAccess(actor)) return;
  throw AppError.forbidden(
    `Changing roles and permissions needs the ${ADMIN_PERMISSIONS.roles} permission. Ask an admin to make this change.`,
  );
}

/**
 * Refuses to act on an account or role holding permissions the actor does not hold (403).
 * `action` names it: "edit an account", "delete a role".
 */
export function assertHoldsAll(
  actor: readonly Permission[],
  target: readonly Permission[],
  action: string,
): void {
  if (holdsAll(actor, target)) return;
  throw AppError.forbidden(
    `You cannot ${action} with permissions you do not hold yourself. Ask an admin to do it.`,
  );
}
