import type { Kysely } from 'kysely';
import { prepared } from '../../db/prepared.js';
import type { Database } from '../../db/schema.js';
import type { NotificationRow, NotificationsTable } from './notifications.table.js';

export async function insertNotification(db: Kysely<Database>, row: NotificationsTable) {
  await db.insertInto('notifications').values(row).execute();
}

/** Newest first; ties (the same millisecond) by id so pages never overlap. */
export async function listNotifications(
  db: Kysely<Database>,
  userId: number,
  { limit, offset }: { limit: number; offset: number },
): Promise<{ rows: NotificationRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('notifications')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    db
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

/** The user's notifications created after the one named, oldest first (a stream resuming). */
export async function notificationsAfter(
  db: Kysely<Database>,
  userId: number,
  afterId: string,
  limit: number,
): Promise<NotificationRow[]> {
  const after = await db
    .selectFrom('notifications')
    .select(['created_at', 'id'])
    .where('id', '=', afterId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!after) return [];
  return db
    .selectFrom('notifications')
    .selectAll()
    .where('user_id', '=', userId)
    .where((eb) =>
      eb.or([
        eb('created_at', '>', after.created_at),
        eb.and([eb('created_at', '=', after.created_at), eb('id', '>', after.id)]),
      ]),
    )
    .orderBy('created_at')
    .orderBy('id')
    .limit(limit)
    .execute();
}

// Every signed-in page shows the count.
const unreadCount = prepared((db, userId: number) =>
  db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .where('user_id', '=', userId)
    .where('read_at', 'is', null),
);

export async function countUnread(db: Kysely<Database>, userId: number): Promise<number> {
  const [row] = await unreadCount(db, userId);
  return Number(row?.total ?? 0);
}

export async function markRead(
  db: Kysely<Database>,
  userId: number,
  ids: string[] | 'all',
  readAt: string,
): Promise<void> {
  let query = db
    .updateTable('notifications')
    .set({ read_at: readAt })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null);
  if (ids !== 'all') {
    if (ids.length === 0) return;
    query = query.where('id', 'in', ids);
  }
  await query.execute();
}

/** Which of these ids are the user's. */
export async function ownedIds(db: Kysely<Database>, userId: number, ids: string[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('notifications')
    .select('id')
    .where('user_id', '=', userId)
    .where('id', 'in', ids)
    .execute();
  return rows.map((row) => row.id);
}

export async function deleteNotifications(db: Kysely<Database>, userId: number, ids: string[]) {
  await db
    .deleteFrom('notifications')
    .where('user_id', '=', userId)
    .where('id', 'in', ids)
    .execute();
}

/** Removes the notifications of one type whose data names this value (an answered invite). */
export async function deleteByData(
  db: Kysely<Database>,
  type: string,
  field: string,
  value: string,
): Promise<number[]> {
  const rows = await db
    .selectFrom('notifications')
    .select(['id', 'user_id', 'data'])
    .where('type', '=', type)
    .where('data', 'like', `%${JSON.stringify(value).slice(1, -1)}%`)
    .execute();
  const matching = rows.filter(
    (row) => (JSON.parse(row.data) as Record<string, unknown>)[field] === value,
  );
  if (matching.length === 0) return [];
  await db
    .deleteFrom('notifications')
    .where(
      'id',
      'in',
      matching.map((row) => row.id),
    )
    .execute();
  return [...new Set(matching.map((row) => row.user_id))];
}

export async function selectionsOf(db: Kysely<Database>, userId: number) {
  const rows = await db
    .selectFrom('notification_subscriptions')
    .select(['notif_id', 'channels'])
    .where('user_id', '=', userId)
    .execute();
  return new Map(
    rows.map((row) => [row.notif_id, JSON.parse(row.channels) as Record<string, boolean>]),
  );
}

export async function saveSelection(
  db: Kysely<Database>,
  userId: number,
  notifId: string,
  channels: Record<string, boolean>,
): Promise<void> {
  const value = JSON.stringify(channels);
  await db
    .insertInto('notification_subscriptions')
    .values({ user_id: userId, notif_id: notifId, channels: value })
    .onConflict((oc) => oc.columns(['user_id', 'notif_id']).doUpdateSet({ channels: value }))
    .execute();
}
