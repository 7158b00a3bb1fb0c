import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * An artist has one mark: following it. Liking an artist (a star from a music app, or the web
 * app's former heart) was kept apart from following it, so Library › Artists and the artist
 * page's button disagreed. Every like of an artist becomes a follow, dated as liked; the
 * triggers on `likes` take the likes out of each listener's counts.
 */
export async function up(db: AnyDb): Promise<void> {
  await sql`insert into follows (user_id, followable_type, followable_id, created_at)
    select user_id, 'artist', likeable_id, created_at from likes where likeable_type = 'artist'
    on conflict (user_id, followable_type, followable_id) do nothing`.execute(db);
  await db.deleteFrom('likes').where('likeable_type', '=', 'artist').execute();
}

/** The follows stay: which of them were likes before is not kept. */
export async function down(): Promise<void> {}
