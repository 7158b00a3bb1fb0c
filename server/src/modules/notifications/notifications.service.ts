import { paginated } from '@cadenza/contracts/http';
import { hasPermission } from '@cadenza/contracts/permissions';
import {
  NOTIFICATION_CHANNELS,
  type Notification,
  type NotificationChannel,
  type NotificationData,
  type NotificationSubscriptions,
} from '@cadenza/contracts/notifications';
import type { Kysely } from 'kysely';
import { AppError } from '../../core/errors.js';
import type { Database } from '../../db/schema.js';
import { hmac, safeEqual } from '../../infra/hash.js';
import type { Mailer } from '../../infra/mail.js';
import type { PubSub, Unsubscribe } from '../../infra/pubsub.js';
import { uuidv7 } from '../../infra/uuid.js';
import type { PermissionsService } from '../roles/permissions.service.js';
import type { SessionsService } from '../sessions/sessions.service.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { UsersService } from '../users/users.service.js';
import type { UserRow } from '../users/users.table.js';
import {
  NOTIFICATION_TYPES,
  notificationType,
  type NotificationType,
  type NotificationTypeKey,
} from './notification-types.js';
import { notificationMail } from './notifications.mail.js';
import * as repo from './notifications.repo.js';
import type { NotificationRow } from './notifications.table.js';

export type NotificationsService = ReturnType<typeof createNotificationsService>;

/** What travels to a user's open streams, on every instance. */
export type LiveMessage =
  | { kind: 'notification'; notification: Notification; unreadCount: number; browser: boolean }
  | { kind: 'unread'; unreadCount: number }
  | { kind: 'sessions-ended'; sessionIds?: string[]; except?: string };

export const userChannel = (userId: number) => `notifications:user:${userId}`;

export function notificationRowToNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    type: row.type,
    data: JSON.parse(row.data) as NotificationData,
    read_at: row.read_at,
    created_at: row.created_at,
  };
}

/**
 * The one way the app notifies people. `notify(user, type, data)` honours the user's choice of
 * channels for that type: stored for the in-app list (and sent live to their open tabs), mailed
 * in their language with an unsubscribe link, and shown by the browser while a tab is open.
 */
export function createNotificationsService(deps: {
  db: Kysely<Database>;
  users: UsersService;
  sessions: SessionsService;
  settings: SettingsService;
  mailer: Mailer;
  pubsub: PubSub;
  permissions: Pick<PermissionsService, 'forUser'>;
  appUrl: string;
  appKey: string;
}) {
  const { db, users, settings, mailer, pubsub, appUrl, appKey } = deps;

  /** The kinds a user can receive: every kind, less those meant for holders of a permission. */
  async function typesFor(userId: number): Promise<NotificationType[]> {
    const held = await deps.permissions.forUser(userId);
    return Object.values(NOTIFICATION_TYPES).filter(
      (type: NotificationType) =>
        !type.permissions || type.permissions.some((name) => hasPermission(held, name)),
    );
  }

  // The notification is stored before it is published: a message Redis could not take is not
  // lost, as streams open when Redis comes back again and fetch what they missed.
  let unsent = 0;
  const publish = (userId: number, message: LiveMessage) =>
    pubsub.publish(userChannel(userId), message).then(
      () => {
        if (unsent > 0) console.warn(`${unsent} live events could not be sent; sending again`);
        unsent = 0;
      },
      (error: unknown) => {
        // One warning per outage, then a count when events go out again.
        if (unsent++ === 0) console.warn('live events are not sent:', (error as Error).message);
      },
    );

  // A live stream ends with its session, on whichever instance it is open.
  deps.sessions.onEnd(({ userId, sessionIds, except }) => {
    void publish(userId, {
      kind: 'sessions-ended',
      ...(sessionIds ? { sessionIds } : {}),
      ...(except ? { except } : {}),
    });
  });

  async function channelsOf(userId: number, type: NotificationType) {
    const saved = (await repo.selectionsOf(db, userId)).get(type.id) ?? {};
    return { ...type.defaults, ...saved } as Record<NotificationChannel, boolean>;
  }

  /** A token that turns off one type's e-mails for one user, without signing in. */
  function unsubscribeToken(userId: number, typeId: string): string {
    const payload = Buffer.from(`${userId}:${typeId}`).toString('base64url');
    return `${payload}.${hmac(appKey, `unsubscribe:${userId}:${typeId}`).slice(0, 32)}`;
  }

  async function unreadCount(userId: number) {
    return repo.countUnread(db, userId);
  }

  return {
    types: NOTIFICATION_TYPES,
    unreadCount,

    /**
     * Notifies one user. `build` writes the notification in the user's language (it is called
     * with the recipient, so lines and e-mail read in their words).
     */
    async notify(
      recipient: UserRow | number,
      key: NotificationTypeKey,
      build: (user: UserRow) => NotificationData | Promise<NotificationData>,
    ): Promise<Notification | undefined> {
      const user = typeof recipient === 'number' ? await users.findById(recipient) : recipient;
      if (!user) return undefined;
      const type = NOTIFICATION_TYPES[key];
      const channels = await channelsOf(user.id, type);
      const data = await build(user);
      const row: NotificationRow = {
        id: uuidv7(),
        user_id: user.id,
        type: type.id,
        data: JSON.stringify(data),
        read_at: null,
        created_at: new Date().toISOString(),
      };
      // The in-app list keeps it unless the user turned that off; a live tab still shows it.
      if (channels.database) await repo.insertNotification(db, row);
      const notification = notificationRowToNotification(row);
      await publish(user.id, {
        kind: 'notification',
        notification,
        unreadCount: await unreadCount(user.id),
        browser: channels.browser,
      });
      if (channels.email) {
        const message = notificationMail({
          to: user.email,
          language: user.language,
          siteName: await settings.get('branding.site_name'),
          data,
          appUrl,
          unsubscribeUrl: `${appUrl}/notifications/unsubscribe/${unsubscribeToken(user.id, type.id)}`,
          unsubscribePostUrl: `${appUrl}/api/v1/notifications/unsubscribe/${unsubscribeToken(user.id, type.id)}`,
        });
        // A mail that cannot be sent must not undo what the notification is about.
        await mailer
          .send(message)
          .catch((error: unknown) => console.error('notification mail failed', error));
      }
      return notification;
    },

    async list(userId: number, page: { page: number; perPage: number }) {
      const { rows, total } = await repo.listNotifications(db, userId, {
        limit: page.perPage,
        offset: (page.page - 1) * page.perPage,
      });
      return paginated(rows.map(notificationRowToNotification), total, page);
    },

    /** Marks some (or all) of the user's notifications read; another user's ids change nothing. */
    async markAsRead(userId: number, target: string[] | 'all'): Promise<{ unreadCount: number }> {
      await repo.markRead(db, userId, target, new Date().toISOString());
      const count = await unreadCount(userId);
      await publish(userId, { kind: 'unread', unreadCount: count });
      return { unreadCount: count };
    },

    /** Deletes the user's notifications; an id that is not theirs is not found. */
    async remove(userId: number, ids: string[]): Promise<{ unreadCount: number }> {
      const owned = await repo.ownedIds(db, userId, ids);
      if (owned.length !== new Set(ids).size) throw AppError.notFound('Notification not found.');
      await repo.deleteNotifications(db, userId, ids);
      const count = await unreadCount(userId);
      await publish(userId, { kind: 'unread', unreadCount: count });
      return { unreadCount: count };
    },

    /** Removes the notifications about something that no longer needs an answer (an invite). */
    async withdraw(key: NotificationTypeKey, field: string, value: string): Promise<void> {
      const userIds = await repo.deleteByData(db, NOTIFICATION_TYPES[key].id, field, value);
      for (const userId of userIds) {
        await publish(userId, { kind: 'unread', unreadCount: await unreadCount(userId) });
      }
    },

    /** The settings screen's data (spec section 3, "Notification subscription"). */
    async subscriptions(userId: number): Promise<NotificationSubscriptions> {
      const saved = await repo.selectionsOf(db, userId);
      const types = await typesFor(userId);
      const groups = [...new Set(types.map((type) => type.group))];
      return {
        available_channels: [...NOTIFICATION_CHANNELS],
        subscriptions: groups.map((group) => ({
          group_name: group,
          subscriptions: types
            .filter((type) => type.group === group)
            .map((type) => ({ notif_id: type.id, name: type.name })),
        })),
        user_selections: types.map((type) => ({
          notif_id: type.id,
          channels: { ...type.defaults, ...saved.get(type.id) },
        })),
      };
    },

    async updateSubscriptions(
      userId: number,
      selections: { notif_id: string; channels: Partial<Record<NotificationChannel, boolean>> }[],
    ): Promise<NotificationSubscriptions> {
      const unknown = selections.filter((selection) => !notificationType(selection.notif_id));
      if (unknown.length > 0) {
        throw AppError.validation({
          selections: `Unknown notification: ${unknown.map((s) => s.notif_id).join(', ')}.`,
        });
      }
      const saved = await repo.selectionsOf(db, userId);
      for (const selection of selections) {
        const type = notificationType(selection.notif_id)!;
        await repo.saveSelection(db, userId, type.id, {
          ...type.defaults,
          ...saved.get(type.id),
          ...selection.channels,
        });
      }
      return this.subscriptions(userId);
    },

    /**
     * Turns off one type's e-mails from the link in such an e-mail: the token names the user and
     * the type, and only this app can have signed it.
     */
    async unsubscribe(token: string): Promise<{ message: string }> {
      const [payload = '', signature = ''] = token.split('.');
      const [userText, typeId] = Buffer.from(payload, 'base64url').toString('utf8').split(':');
      const userId = Number(userText);
      const type = typeId ? notificationType(typeId) : undefined;
      const valid =
        Number.isSafeInteger(userId) &&
        type !== undefined &&
        safeEqual(signature, unsubscribeToken(userId, type.id).split('.')[1]!);
      if (!valid || !(await users.findById(userId))) {
        throw AppError.notFound('This unsubscribe link is not valid.');
      }
      const saved = (await repo.selectionsOf(db, userId)).get(type.id);
      await repo.saveSelection(db, userId, type.id, { ...type.defaults, ...saved, email: false });
      return { message: `You will no longer receive e-mails about: ${type.name}.` };
    },

    /** Listens to what a user's open streams must hear; answers the way to stop listening. */
    listen(userId: number, handler: (message: LiveMessage) => void): Unsubscribe {
      return pubsub.subscribe(userChannel(userId), (message) => handler(message as LiveMessage));
    },

    /** Calls `handler` when live events are delivered again after a loss: some were missed. */
    onLiveEventsResumed(handler: () => void): Unsubscribe {
      return pubsub.onReconnect?.(handler) ?? (() => {});
    },

    /** Notifications created after the one a reconnecting stream saw last. */
    async missedSince(userId: number, lastEventId: string) {
      const rows = await repo.notificationsAfter(db, userId, lastEventId, 100);
      return rows.map(notificationRowToNotification);
    },
  };
}
