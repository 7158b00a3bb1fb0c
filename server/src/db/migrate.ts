import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Db } from './database.js';
import * as m0001 from './migrations/0001_core.js';
import * as m0002 from './migrations/0002_custom_pages.js';
import * as m0003 from './migrations/0003_accounts.js';
import * as m0004 from './migrations/0004_music.js';
import * as m0005 from './migrations/0005_library.js';
import * as m0006 from './migrations/0006_search.js';
import * as m0007 from './migrations/0007_ranking_indexes.js';
import * as m0008 from './migrations/0008_search_prefix.js';
import * as m0009 from './migrations/0009_billing.js';
import * as m0010 from './migrations/0010_notifications_workspaces.js';
import * as m0011 from './migrations/0011_file_entries.js';
import * as m0012 from './migrations/0012_browse_indexes.js';
import * as m0013 from './migrations/0013_app_passwords.js';
import * as m0014 from './migrations/0014_play_queues.js';
import * as m0015 from './migrations/0015_ratings.js';
import * as m0016 from './migrations/0016_user_bans.js';
import * as m0017 from './migrations/0017_mail_log.js';
import * as m0018 from './migrations/0018_localizations.js';
import * as m0019 from './migrations/0019_play_clients.js';
import * as m0020 from './migrations/0020_report_rollups.js';
import * as m0021 from './migrations/0021_channel_paging.js';
import * as m0022 from './migrations/0022_track_explicit.js';
import * as m0023 from './migrations/0023_channel_values_payments.js';
import * as m0024 from './migrations/0024_backstage_requests.js';
import * as m0025 from './migrations/0025_artist_profiles.js';
import * as m0026 from './migrations/0026_releases.js';
import * as m0027 from './migrations/0027_list_indexes.js';
import * as m0028 from './migrations/0028_search_words.js';
import * as m0029 from './migrations/0029_search_refresh_plan.js';
import * as m0030 from './migrations/0030_genre_rankings.js';
import * as m0031 from './migrations/0031_collection_counts.js';
import * as m0032 from './migrations/0032_catalogue_counts.js';
import * as m0033 from './migrations/0033_genre_tracks_count.js';
import * as m0034 from './migrations/0034_data_versions.js';
import * as m0035 from './migrations/0035_plan_access.js';
import * as m0036 from './migrations/0036_trending_plays.js';
import * as m0037 from './migrations/0037_people_version.js';
import * as m0038 from './migrations/0038_likes_page_index.js';
import * as m0039 from './migrations/0039_members_version.js';
import * as m0040 from './migrations/0040_open_tus_uploads.js';
import * as m0043 from './migrations/0043_artist_likes_are_follows.js';
import * as m0044 from './migrations/0044_site_version.js';
import * as m0046 from './migrations/0046_scrobblers.js';
import * as m0047 from './migrations/0047_track_musicbrainz_index.js';
import * as m0048 from './migrations/0048_watched_folders_radio_stations.js';
import * as m0049 from './migrations/0049_replay_gain.js';
import * as m0050 from './migrations/0050_radio_mixes.js';
import * as m0051 from './migrations/0051_player_devices.js';
import * as m0052 from './migrations/0052_plays_user_latest.js';
import * as m0053 from './migrations/0053_script_previews.js';

/**
 * Migrations are listed here rather than read from a folder, so the same list works from
 * TypeScript sources (tests) and from the compiled build. Numbered, applied in order, never edited.
 */
const migrations: Record<string, Migration> = {
  '0001_core': m0001,
  '0002_custom_pages': m0002,
  '0003_accounts': m0003,
  '0004_music': m0004,
  '0005_library': m0005,
  '0006_search': m0006,
  '0007_ranking_indexes': m0007,
  '0008_search_prefix': m0008,
  '0009_billing': m0009,
  '0010_notifications_workspaces': m0010,
  '0011_file_entries': m0011,
  '0012_browse_indexes': m0012,
  '0013_app_passwords': m0013,
  '0014_play_queues': m0014,
  '0015_ratings': m0015,
  '0016_user_bans': m0016,
  '0017_mail_log': m0017,
  '0018_localizations': m0018,
  '0019_play_clients': m0019,
  '0020_report_rollups': m0020,
  '0021_channel_paging': m0021,
  '0022_track_explicit': m0022,
  '0023_channel_values_payments': m0023,
  '0024_backstage_requests': m0024,
  '0025_artist_profiles': m0025,
  '0026_releases': m0026,
  '0027_list_indexes': m0027,
  '0028_search_words': m0028,
  '0029_search_refresh_plan': m0029,
  '0030_genre_rankings': m0030,
  '0031_collection_counts': m0031,
  '0032_catalogue_counts': m0032,
  '0033_genre_tracks_count': m0033,
  '0034_data_versions': m0034,
  '0035_plan_access': m0035,
  '0036_trending_plays': m0036,
  '0037_people_version': m0037,
  '0038_likes_page_index': m0038,
  '0039_members_version': m0039,
  '0040_open_tus_uploads': m0040,
  '0043_artist_likes_are_follows': m0043,
  '0044_site_version': m0044,
  '0046_scrobblers': m0046,
  '0047_track_musicbrainz_index': m0047,
  '0048_watched_folders_radio_stations': m0048,
  '0049_replay_gain': m0049,
  '0050_radio_mixes': m0050,
  '0051_player_devices': m0051,
  '0052_plays_user_latest': m0052,
  '0053_script_previews': m0053,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: Db): Promise<string[]> {
  // On PostgreSQL the migrator's bookkeeping tables are looked for, and made, in the connection's
  // own schema only (see OwnSchemaIntrospector): parallel test runs each have a schema.
  const migrator = new Migrator({ db: db.kysely, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
