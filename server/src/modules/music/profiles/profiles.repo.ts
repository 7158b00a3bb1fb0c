import type { Executor } from '../catalogue/catalogue.repo.js';

type Window = { limit: number; offset: number };

/** Ids of the users following `userId`, most recent first. */
export async function followerIdsPage(db: Executor, userId: number, page: Window) {
  const base = db
    .selectFrom('follows')
    .where('followable_type', '=', 'user')
    .where('followable_id', '=', userId);
  const [rows, count] = await Promise.all([
    base
      .select('user_id')
      .orderBy('created_at', 'desc')
      .orderBy('user_id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return { ids: rows.map((r) => r.user_id), total: Number(count.count) };
}

/** Ids of the users `userId` follows, most recent first. */
export async function followingIdsPage(db: Executor, userId: number, page: Window) {
  const base = db
    .selectFrom('follows')
    .where('user_id', '=', userId)
    .where('followable_type', '=', 'user');
  const [rows, count] = await Promise.all([
    base
      .select('followable_id')
      .orderBy('created_at', 'desc')
      .orderBy('followable_id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return { ids: rows.map((r) => r.followable_id), total: Number(count.count) };
}

export async function followCounts(db: Executor, userId: number) {
  const [followers, following] = await Promise.all([
    db
      .selectFrom('follows')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('followable_type', '=', 'user')
      .where('followable_id', '=', userId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('follows')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('user_id', '=', userId)
      .where('followable_type', '=', 'user')
      .executeTakeFirstOrThrow(),
  ]);
  return { followers: Number(followers.count), following: Number(following.count) };
}

/** Ids of the playlists a user created (not those they follow), most recently changed first. */
export async function ownedPlaylistIdsPage(
  db: Executor,
  ownerId: number,
  page: Window,
  onlyPublic: boolean,
) {
  let base = db.selectFrom('playlists').where('owner_id', '=', ownerId);
  if (onlyPublic) base = base.where('public', '=', 1);
  const [rows, count] = await Promise.all([
    base
      .select('id')
      .orderBy('updated_at', 'desc')
      .orderBy('id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return { ids: rows.map((r) => r.id), total: Number(count.count) };
}
