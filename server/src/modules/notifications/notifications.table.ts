import type { Selectable } from 'kysely';

export interface NotificationsTable {
  /** A UUID. */
  id: string;
  user_id: number;
  type: string;
  /** JSON: image, lines, mainAction, buttonActions and the type's own fields. */
  data: string;
  read_at: string | null;
  created_at: string;
}

export interface NotificationSubscriptionsTable {
  user_id: number;
  notif_id: string;
  /** JSON map of channel → boolean. */
  channels: string;
}

export type NotificationRow = Selectable<NotificationsTable>;
