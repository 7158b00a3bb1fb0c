import type { Channel } from '@cadenza/contracts/music';

// The English names of a channel's options; screens pass them through t().
export const CONTENT_LABELS: Record<Channel['content_type'], string> = {
  track: 'Tracks',
  album: 'Albums',
  artist: 'Artists',
  playlist: 'Playlists',
  genre: 'Genres',
  channel: 'Channels',
};
export const LAYOUT_LABELS: Record<Channel['layout'], string> = {
  grid: 'Grid',
  compactGrid: 'Compact grid',
  carousel: 'Carousel',
  list: 'List',
  trackTable: 'Track table',
};
export const PAGING_LABELS: Record<Channel['paging'], string> = {
  infinite: 'More on scroll',
  numbered: 'Numbered pages',
  simple: 'Previous and next',
};
export const SORT_LABELS: Record<Channel['sort'], string> = {
  curated: 'As placed',
  popular: 'Most played',
  recent: 'Newest',
  release: 'Latest released',
};
export const QUERY_LABELS: Record<NonNullable<Channel['query']>, string> = {
  topTracks: 'Top tracks',
  newReleases: 'New releases',
  popularAlbums: 'Popular albums',
  popularArtists: 'Popular artists',
  genres: 'Top genres',
  trendingArtists: 'Trending artists',
  genreTopTracks: "A genre's top tracks",
  genreAlbums: "A genre's albums",
  playlistTracks: "A playlist's tracks",
};
