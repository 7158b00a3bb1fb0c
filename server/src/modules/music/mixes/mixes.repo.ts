import type { Executor } from '../catalogue/catalogue.repo.js';

/** A listener's mixes of the day and what they are made from: their plays and likes. */

export interface NewMix {
  position: number;
  name: string;
  description: string;
  image: string | null;
  track_ids: number[];
}

/**
 * What a listener played most of their latest `plays` plays, and liked: each track with its
 * weight (plays, a like counts 2). The latest plays are a range of plays_user_latest_idx, so a
 * listener of years costs what a new one costs.
 */
export async function listeningOf(
  db: Executor,
  userId: number,
  limit: number,
  plays: number,
): Promise<Map<number, number>> {
  const [played, liked] = await Promise.all([
    db
      .selectFrom(
        db
          .selectFrom('plays')
          .select('track_id')
          .where('user_id', '=', userId)
          .orderBy('created_at', 'desc')
          .limit(plays)
          .as('latest'),
      )
      .select(['track_id', (eb) => eb.fn.countAll<number>().as('times')])
      .groupBy('track_id')
      .orderBy('times', 'desc')
      .orderBy('track_id')
      .limit(limit)
      .execute(),
    db
      .selectFrom('likes')
      .select('likeable_id')
      .where('user_id', '=', userId)
      .where('likeable_type', '=', 'track')
      .orderBy('created_at', 'desc')
      .limit(limit)
      .execute(),
  ]);
  const weights = new Map<number, number>();
  for (const row of played) weights.set(row.track_id, Number(row.times));
  for (const row of liked) weights.set(row.likeable_id, (weights.get(row.likeable_id) ?? 0) + 2);
  return weights;
}

/** Whether the user ever played or liked a track. */
export async function hasListened(db: Executor, userId: number): Promise<boolean> {
  const [play, like] = await Promise.all([
    db.selectFrom('plays').select('id').where('user_id', '=', userId).limit(1).executeTakeFirst(),
    db
      .selectFrom('likes')
      .select('user_id')
      .where('user_id', '=', userId)
      .where('likeable_type', '=', 'track')
      .limit(1)
      .executeTakeFirst(),
  ]);
  return play !== undefined || like !== undefined;
}

/** The next listeners (by id, after `afterId`) who played anything: from the index by listener. */
export async function listenersAfter(
  db: Executor,
  afterId: number,
  limit: number,
): Promise<number[]> {
  const rows = await db
    .selectFrom('plays')
    .select('user_id')
    .where('user_id', '>', afterId)
    .groupBy('user_id')
    .orderBy('user_id')
    .limit(limit)
    .execute();
  return rows.map((row) => Number(row.user_id));
}

/** Of `userIds`, those whose mixes were made on `day`. */
export async function madeOn(db: Executor, userIds: number[], day: string): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('mixes')
    .select('user_id')
    .where('user_id', 'in', userIds)
    .where('position', '=', 1)
    .where('made_on', '=', day)
    .execute();
  return new Set(rows.map((row) => row.user_id));
}

/** Replaces a listener's mixes with the day's. */
export async function replaceMixes(
  db: Executor,
  userId: number,
  day: string,
  mixes: NewMix[],
): Promise<void> {
  await db.deleteFrom('mixes').where('user_id', '=', userId).execute();
  if (mixes.length === 0) return;
  const createdAt = new Date().toISOString();
  await db
    .insertInto('mixes')
    .values(
      mixes.map((mix) => ({
        user_id: userId,
        position: mix.position,
        name: mix.name,
        description: mix.description,
        image: mix.image,
        track_ids: JSON.stringify(mix.track_ids),
        made_on: day,
        created_at: createdAt,
      })),
    )
    .execute();
}

export function mixesOf(db: Executor, userId: number) {
  return db
    .selectFrom('mixes')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('position')
    .execute();
}

export function findMix(db: Executor, id: number) {
  return db.selectFrom('mixes').selectAll().where('id', '=', id).executeTakeFirst();
}
