import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import type { Music } from '../music/music.module.js';
import type { Platform, Site } from '../site.module.js';
import { listenForNotifications } from './notification-listeners.js';
import { createNotificationsService } from './notifications.service.js';

/**
 * Notifications in the app, by mail and live, and what they are sent for: the events of other
 * modules, a user's unread count, a workspace's invitations.
 */
export function createNotifications(
  config: Config,
  db: Db,
  { events, pubsub }: Pick<Platform, 'events' | 'pubsub'>,
  site: Site,
  { music }: Pick<Music, 'music'>,
) {
  const { appKey, users, sessions, settings, mailer, permissions, workspaces } = site;
  const notifications = createNotificationsService({
    db: db.kysely,
    users,
    sessions,
    settings,
    mailer,
    pubsub,
    permissions,
    appUrl: config.appUrl,
    appKey,
  });
  users.useUnreadCount((userId) => notifications.unreadCount(userId));
  workspaces.useDelivery({ notifications, mailer, settings, appUrl: config.appUrl });
  listenForNotifications({ events, notifications, users, music });
  return notifications;
}
