import type { Executor } from '../catalogue/catalogue.repo.js';
import type { PageWindow } from '../../../db/pagination.js';
import { pageWithTotal } from '../../../db/pagination.js';

/** Ids of the users following `userId`, most recent first. */
export async function followerIdsPage(db: Executor, userId: number, window: PageWindow) {
  const followers = db
    .selectFrom('follows')
    .where('followable_type', '=', 'user')
    .where('followable_id', '=', userId);
  const { rows, total } = await pageWithTotal(followers, window, (query) =>
    query.select('user_id').orderBy('created_at', 'desc').orderBy('user_id', 'desc'),
  );
  return { ids: rows.map((r) => r.user_id), total };
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
  window: PageWindow,
  onlyPublic: boolean,
) {
  let owned = db.selectFrom('playlists').where('owner_id', '=', ownerId);
  if (onlyPublic) owned = owned.where('public', '=', 1);
  const { rows, total } = await pageWithTotal(owned, window, (query) =>
    query.select('id').orderBy('updated_at', 'desc').orderBy('id', 'desc'),
  );
  return { ids: rows.map((r) => r.id), total };
}
