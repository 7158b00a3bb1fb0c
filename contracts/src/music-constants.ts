// The music domain's constants apart from its schemas: the web player uses these on pages that
// load no zod.

/** Permissions of the music domain. */
export const MUSIC_PERMISSIONS = {
  view: 'music.view',
  update: 'music.update',
  /** Upload releases for the artists one manages; restrictions `tracks` and `minutes` cap how much. */
  create: 'music.create',
  playlistsCreate: 'playlists.create',
  channelsUpdate: 'channels.update',
  /** Download the audio files of tracks (a plan's permission). */
  download: 'music.download',
  /** Keep tracks on the device to play without a connection (a plan's permission). */
  offline: 'music.offline',
} as const;

export const SEARCH_TYPES = ['tracks', 'artists', 'albums', 'playlists', 'users'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

/** A playlist without its own image is drawn as a grid of this many album covers. */
export const PLAYLIST_MOSAIC_TILES = 4;

/** The tabs of a user's profile, the first shown unless the page's `?tab=` names another. */
export const PROFILE_TABS = ['playlists', 'followers', 'following'] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number];
