import type { BootstrapData } from '@cadenza/contracts/bootstrap';
import type { Permission } from '@cadenza/contracts/permissions';
import type { SettingKey, SettingValue } from '@cadenza/contracts/settings';
import type { FastifyRequest } from 'fastify';
import type { RequestUser, SessionRecord } from './request-context.js';

// What core needs of the modules, each as the little it uses. The modules' services fit these
// as they are; the app passes them in when it registers core's plugins.

/** Where signed-in sessions are kept (the sessions module). */
export interface SessionStore {
  /** A fresh id for a new visitor's cookie (`newGuestId`). */
  newId(): string;
  /** The session with its user (none for a guest's), or undefined once it has ended. */
  findWithUser(
    rawId: string,
  ): Promise<{ session: SessionRecord; user: RequestUser | undefined } | undefined>;
  /** Keeps an active session alive. */
  touch(row: SessionRecord, client: { ip: string | null; userAgent: string | null }): Promise<void>;
}

/** Whose a bearer token is (the access-tokens module). */
export interface TokenResolver {
  resolve(bearer: string): Promise<{ user: RequestUser } | undefined>;
}

/** The permissions of a user, and of the guest role for visitors (the roles module). */
export interface UserPermissions {
  forUser(userId: number): Promise<Permission[]>;
  guestRole(): Promise<{ permissions: Permission[] } | null>;
}

/** Whether a user is barred from the app right now (the users module's ban rule). */
export type BanCheck = (user: RequestUser) => boolean;

/** Whether a user belongs to a workspace (the workspaces module): throws when not. */
export interface WorkspaceMembership {
  assertMember(workspaceId: number, userId: number | null): Promise<void>;
}

/** The bootstrap data a page carries for the visitor asking (the bootstrap module). */
export interface PageBootstrap {
  forRequest(request: FastifyRequest): Promise<BootstrapData>;
}

/** The site's settings, read (the settings module). */
export interface SettingsReader {
  get<K extends SettingKey>(key: K): Promise<SettingValue<K>>;
}
