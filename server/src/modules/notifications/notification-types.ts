import type { NotificationChannel } from '@cadenza/contracts/notifications';

export interface NotificationType {
  /** The stable id: settings, unsubscribe links and the list use it. */
  id: string;
  group: string;
  /** What the settings screen calls it. */
  name: string;
  /** The channels on until the user changes them. */
  defaults: Record<NotificationChannel, boolean>;
  /** Sent only to holders of one of these, so only they see it in their settings. */
  permissions?: readonly string[];
}

const on = (database: boolean, email: boolean, browser: boolean) => ({ database, email, browser });

/**
 * Every kind of notification the app sends. A module that notifies adds its kinds here, so the
 * settings screen lists them and each user's choices apply to them.
 */
export const NOTIFICATION_TYPES = {
  workspaceInvitation: {
    id: 'workspace.invitation',
    group: 'Workspaces',
    name: 'Invitations to join a workspace',
    defaults: on(true, true, true),
  },
  newSignIn: {
    id: 'account.new_sign_in',
    group: 'Security',
    name: 'A sign-in from a new device',
    defaults: on(true, true, false),
  },
  passwordChanged: {
    id: 'account.password_changed',
    group: 'Security',
    name: 'Your password was changed',
    defaults: on(true, true, false),
  },
  twoFactorChanged: {
    id: 'account.two_factor_changed',
    group: 'Security',
    name: 'Two-factor authentication was turned on or off',
    defaults: on(true, true, false),
  },
  newFollower: {
    id: 'music.new_follower',
    group: 'Music',
    name: 'Someone follows you',
    defaults: on(true, false, true),
  },
  newRelease: {
    id: 'music.new_release',
    group: 'Music',
    name: 'New releases of artists you follow',
    defaults: on(true, false, true),
  },
  scrobblerDisconnected: {
    id: 'music.scrobbler_disconnected',
    group: 'Music',
    name: 'A listening service stopped taking your listens',
    defaults: on(true, true, true),
  },
  backstageRequest: {
    id: 'backstage.request',
    group: 'Backstage',
    name: 'Artist requests waiting for review',
    defaults: on(true, true, false),
    permissions: ['music.update'],
  },
  backstageAnswer: {
    id: 'backstage.answer',
    group: 'Backstage',
    name: 'Answers to your artist requests',
    defaults: on(true, true, true),
  },
} satisfies Record<string, NotificationType>;

export type NotificationTypeKey = keyof typeof NOTIFICATION_TYPES;

export function notificationType(id: string): NotificationType | undefined {
  return Object.values(NOTIFICATION_TYPES).find((type) => type.id === id);
}
