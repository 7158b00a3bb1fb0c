import type {
  EmailVerificationCodesTable,
  PasswordResetTokensTable,
  SocialProfilesTable,
} from '../modules/accounts/accounts.table.js';
import type { AuditLogTable } from '../modules/audit/audit.table.js';
import type {
  ArtistManagersTable,
  BackstageRequestsTable,
} from '../modules/backstage/backstage.table.js';
import type { MailLogTable } from '../modules/logs/mail-log.table.js';
import type {
  LocalizationLinesTable,
  LocalizationsTable,
} from '../modules/localization/localization.table.js';
import type {
  BillingCustomersTable,
  BillingEventsTable,
  FamilyMembersTable,
  PaymentsTable,
  PricesTable,
  ProductPermissionsTable,
  ProductsTable,
  SubscriptionsTable,
  VoucherRedemptionsTable,
  VouchersTable,
} from '../modules/billing/billing.table.js';
import type { RadioStationsTable } from '../modules/internet-radio/internet-radio.table.js';
import type {
  ImportJobsTable,
  LibraryFilesTable,
  LibraryWatchedFoldersTable,
} from '../modules/library/library.table.js';
import type {
  NotificationSubscriptionsTable,
  NotificationsTable,
} from '../modules/notifications/notifications.table.js';
import type { CustomPagesTable } from '../modules/custom-pages/custom-pages.table.js';
import type { PersonalAccessTokensTable } from '../modules/access-tokens/access-tokens.table.js';
import type {
  PermissionsTable,
  RolePermissionsTable,
  RolesTable,
  UserPermissionsTable,
  UserRolesTable,
} from '../modules/roles/roles.table.js';
import type {
  AlbumArtistsTable,
  AlbumGenresTable,
  AlbumsTable,
  ArtistGenresTable,
  ArtistsTable,
  CatalogueCountsTable,
  GenresTable,
  TrackArtistsTable,
  TrackGenresTable,
  TracksTable,
  TrendingWindowTable,
} from '../modules/music/catalogue/catalogue.table.js';
import type { ChannelItemsTable, ChannelsTable } from '../modules/music/channels/channels.table.js';
import type {
  FollowsTable,
  LikeCountsTable,
  LikesTable,
  RatingsTable,
} from '../modules/music/likes/likes.table.js';
import type { PlaysTable } from '../modules/music/plays/plays.table.js';
import type { MixesTable } from '../modules/music/mixes/mixes.table.js';
import type { PlayerDevicesTable } from '../modules/music/devices/devices.table.js';
import type { ScriptPreviewsTable } from '../modules/appearance/script-previews.table.js';
import type {
  ReportDayClientsTable,
  ReportDayListenersTable,
  ReportDaysTable,
  ReportDayTracksTable,
} from '../modules/reports/reports.table.js';
import type {
  PlaylistFollowersTable,
  PlaylistTracksTable,
  PlaylistsTable,
} from '../modules/music/playlists/playlists.table.js';
import type { KnownDevicesTable, SessionsTable } from '../modules/sessions/sessions.table.js';
import type { AppSecretsTable, SettingsTable } from '../modules/settings/settings.table.js';
import type { ThemesTable } from '../modules/themes/themes.table.js';
import type {
  DirectUploadsTable,
  FileEntriesTable,
  OpenTusUploadsTable,
} from '../modules/uploads/uploads.table.js';
import type { PlayQueuesTable } from '../modules/music/queue/play-queue.table.js';
import type { AppPasswordsTable } from '../modules/subsonic/app-passwords.table.js';
import type { ScrobblersTable } from '../modules/scrobbling/scrobblers.table.js';
import type { UsersTable } from '../modules/users/users.table.js';
import type {
  WorkspaceInvitesTable,
  WorkspaceMembersTable,
  WorkspacesTable,
} from '../modules/workspaces/workspaces.table.js';

/** Every table, as Kysely sees it. Each module declares its own tables in `<domain>.table.ts`. */
/** Changes counted per kind of data, for what is kept while it is unchanged (migration 0034). */
export interface DataVersionsTable {
  name: 'catalogue' | 'access' | 'people' | 'members' | 'site';
  version: number;
  /** PostgreSQL: the transaction that counted last, which counts once. */
  counted_in: number | null;
}

export interface Database {
  users: UsersTable;
  roles: RolesTable;
  permissions: PermissionsTable;
  role_permissions: RolePermissionsTable;
  user_roles: UserRolesTable;
  user_permissions: UserPermissionsTable;
  sessions: SessionsTable;
  personal_access_tokens: PersonalAccessTokensTable;
  settings: SettingsTable;
  app_secrets: AppSecretsTable;
  themes: ThemesTable;
  workspaces: WorkspacesTable;
  workspace_members: WorkspaceMembersTable;
  custom_pages: CustomPagesTable;
  email_verification_codes: EmailVerificationCodesTable;
  password_reset_tokens: PasswordResetTokensTable;
  social_profiles: SocialProfilesTable;
  library_files: LibraryFilesTable;
  import_jobs: ImportJobsTable;
  library_watched_folders: LibraryWatchedFoldersTable;
  radio_stations: RadioStationsTable;
  artists: ArtistsTable;
  albums: AlbumsTable;
  album_artists: AlbumArtistsTable;
  catalogue_counts: CatalogueCountsTable;
  trending_window: TrendingWindowTable;
  data_versions: DataVersionsTable;
  tracks: TracksTable;
  track_artists: TrackArtistsTable;
  genres: GenresTable;
  track_genres: TrackGenresTable;
  album_genres: AlbumGenresTable;
  artist_genres: ArtistGenresTable;
  playlists: PlaylistsTable;
  playlist_tracks: PlaylistTracksTable;
  playlist_followers: PlaylistFollowersTable;
  likes: LikesTable;
  like_counts: LikeCountsTable;
  ratings: RatingsTable;
  follows: FollowsTable;
  plays: PlaysTable;
  mixes: MixesTable;
  player_devices: PlayerDevicesTable;
  script_previews: ScriptPreviewsTable;
  channels: ChannelsTable;
  channel_items: ChannelItemsTable;
  products: ProductsTable;
  prices: PricesTable;
  product_permissions: ProductPermissionsTable;
  billing_customers: BillingCustomersTable;
  subscriptions: SubscriptionsTable;
  billing_events: BillingEventsTable;
  vouchers: VouchersTable;
  voucher_redemptions: VoucherRedemptionsTable;
  family_members: FamilyMembersTable;
  payments: PaymentsTable;
  backstage_requests: BackstageRequestsTable;
  artist_managers: ArtistManagersTable;
  audit_log: AuditLogTable;
  mail_log: MailLogTable;
  localizations: LocalizationsTable;
  localization_lines: LocalizationLinesTable;
  notifications: NotificationsTable;
  notification_subscriptions: NotificationSubscriptionsTable;
  workspace_invites: WorkspaceInvitesTable;
  known_devices: KnownDevicesTable;
  file_entries: FileEntriesTable;
  direct_uploads: DirectUploadsTable;
  open_tus_uploads: OpenTusUploadsTable;
  app_passwords: AppPasswordsTable;
  scrobblers: ScrobblersTable;
  play_queues: PlayQueuesTable;
  report_days: ReportDaysTable;
  report_day_tracks: ReportDayTracksTable;
  report_day_clients: ReportDayClientsTable;
  report_day_listeners: ReportDayListenersTable;
}
