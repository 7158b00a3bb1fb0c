import type { Album, Artist, Channel, ChannelItem, Genre, Track } from '@cadenza/contracts/music';

let nextId = 1000;
const created = '2026-01-01T00:00:00.000Z';

export function makeArtist(overrides: Partial<Artist> = {}): Artist {
  const id = overrides.id ?? nextId++;
  return {
    id,
    name: `Artist ${id}`,
    model_type: 'artist',
    image_small: null,
    image_large: null,
    bio: null,
    header_image: null,
    location: null,
    verified: false,
    links: [],
    plays: 0,
    followers_count: 0,
    is_followed: false,
    created_at: created,
    ...overrides,
  };
}

export function makeTrack(overrides: Partial<Track> = {}): Track {
  const id = overrides.id ?? nextId++;
  return {
    id,
    name: `Track ${id}`,
    model_type: 'track',
    number: 1,
    disc: 1,
    duration_ms: 187_000,
    plays: 0,
    image: null,
    album: { id: 1, name: 'Blue Hour', image: null },
    artists: [{ id: 7, name: 'Nova Lane', image_small: null }],
    codec: 'mp3',
    bitrate: 192000,
    mime: 'audio/mpeg',
    file_size: 1000,
    stream_url: `/api/v1/tracks/${id}/stream`,
    explicit: false,
    replay_gain: null,
    created_at: created,
    ...overrides,
  };
}

export function makeAlbum(overrides: Partial<Album> = {}): Album {
  const id = overrides.id ?? nextId++;
  return {
    id,
    name: `Album ${id}`,
    model_type: 'album',
    type: 'album',
    release_date: '2025-05-01',
    year: 2025,
    image: null,
    plays: 0,
    artists: [{ id: 7, name: 'Nova Lane', image_small: null }],
    tracks_count: 0,
    created_at: created,
    ...overrides,
  };
}

export function makeGenre(name: string): Genre {
  return {
    id: nextId++,
    name,
    display_name: name[0]!.toUpperCase() + name.slice(1),
    model_type: 'genre',
  };
}

export function makeChannel(
  overrides: Partial<Channel> & { items?: ChannelItem[]; lastPage?: number; page?: number } = {},
): Channel {
  const { items = [], lastPage = 1, page = 1, ...fields } = overrides;
  const id = fields.id ?? nextId++;
  return {
    id,
    name: `Channel ${id}`,
    slug: `channel-${id}`,
    model_type: 'channel',
    description: null,
    content_type: 'album',
    layout: 'grid',
    paging: 'infinite',
    sort: 'curated',
    query: null,
    query_value: null,
    content: {
      data: items,
      current_page: page,
      per_page: 20,
      total: items.length * lastPage,
      last_page: lastPage,
    },
    ...fields,
  };
}

export function page<T>(data: T[], currentPage = 1, lastPage = 1) {
  return {
    pagination: {
      data,
      current_page: currentPage,
      per_page: 20,
      total: data.length * lastPage,
      last_page: lastPage,
    },
  };
}
