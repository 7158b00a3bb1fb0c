import { sql, type Kysely } from 'kysely';
import { isPostgres } from './helpers.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * PostgreSQL indexes a track again for search with its artists' names. Joined, the planner
 * chose how to read `artists` from the statistics; before the first analysis of a bulk import
 * they said the table was small, and every track read all of it (a million-track seed slowed
 * to a crawl after 300,000). Each name is now read by its key, whatever the statistics say.
 */
const ARTIST_NAMES = {
  joined: `(select string_agg(a.name, ' ')
             from track_artists ta join artists a on a.id = ta.artist_id
             where ta.track_id = t.id)`,
  byKey: `(select string_agg((select a.name from artists a where a.id = ta.artist_id), ' ')
             from track_artists ta where ta.track_id = t.id)`,
};

async function refreshWith(db: AnyDb, artistNames: string): Promise<void> {
  await sql`create or replace function tracks_search_refresh(track_ids integer[]) returns void
    language sql as $$
      insert into tracks_search (id, name, plays, document)
      select t.id, t.name, t.plays,
        setweight(to_tsvector('simple', t.name), 'A')
        || setweight(to_tsvector('simple', coalesce(${sql.raw(artistNames)}, '')), 'B')
        || setweight(to_tsvector('simple', coalesce(al.name, '')), 'C')
      from tracks t left join albums al on al.id = t.album_id
      where t.id = any (track_ids)
      on conflict (id) do update
        set name = excluded.name, plays = excluded.plays, document = excluded.document
    $$`.execute(db);
}

export async function up(db: AnyDb): Promise<void> {
  if (isPostgres(db)) await refreshWith(db, ARTIST_NAMES.byKey);
}

export async function down(db: AnyDb): Promise<void> {
  if (isPostgres(db)) await refreshWith(db, ARTIST_NAMES.joined);
}
