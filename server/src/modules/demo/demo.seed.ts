import type {
  ChannelContentType,
  ChannelLayout,
  ImportTrackResult,
} from '@cadenza/contracts/music';
import path from 'node:path';
import type { ImportTrackInput } from '../library/catalogue-port.js';
import { SYSTEM_ACTOR } from '../music/actor.js';
import type { Viewer } from '../music/actor.js';
import { coverSvg, portraitSvg, renderCover, renderPortrait } from './artwork.js';
import { DEMO_ARTISTS, trackTitles, type DemoAlbum, type DemoArtist } from './demo-data.js';
import { defaultRenderCacheDir } from './render-cache.js';
import { renderAll } from './render-pool.js';
import type { RenderJob } from './render-worker.js';
import { createRandom } from './synth/random.js';

/** What the demo seed writes through: the catalogue service and its playlists and channels. */
export interface DemoCatalogue {
  topTracks(page: { page: number; perPage: number }, viewer: Viewer): Promise<{ total: number }>;
  importTrack(input: ImportTrackInput): Promise<ImportTrackResult>;
  setArtistDetails(
    artistId: number,
    details: {
      bio?: string | null;
      image?: { data: Buffer; mime: string } | null;
      verified?: boolean;
      links?: { url: string; title: string }[];
    },
  ): Promise<unknown>;
  createPlaylist(input: {
    ownerId: number;
    name: string;
    description?: string | null;
    public?: boolean;
    trackIds?: number[];
  }): Promise<{ id: number }>;
  createChannel(input: {
    name: string;
    slug: string;
    description?: string | null;
    contentType: ChannelContentType;
    layout?: ChannelLayout;
    items?: { type: ChannelContentType; id: number }[];
  }): Promise<{ id: number }>;
}

export interface DemoSeedOptions {
  catalogue: DemoCatalogue;
  dataDir: string;
  /** Owner of the demo playlists. */
  ownerId: number;
  log: (message: string) => void;
  /** Worker threads; defaults to one per core. */
  workers?: number;
  /** Where renders are kept for the next fresh start; null renders everything anew. */
  cacheDir?: string | null;
}

export interface DemoSeedSummary {
  artists: number;
  albums: number;
  tracks: number;
  playlists: number;
  audioBytes: number;
  /** Songs synthesised by this run; the others came from the render cache. */
  rendered: number;
  seconds: number;
}

/** Audio format of the demo songs: small files that still sound like music. */
export const DEMO_AUDIO = { sampleRate: 16_000, kbps: 64, minSeconds: 20, maxSeconds: 28 };
/** Relative to DATA_DIR; outside the public storage, so the songs go out only as streams. */
export const DEMO_AUDIO_DIR = 'audio/demo';

const slug = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

interface PlannedTrack {
  artist: DemoArtist;
  album: DemoAlbum;
  number: number;
  title: string;
  /** Relative to DATA_DIR. */
  audioPath: string;
  job: RenderJob;
}

function plan(dataDir: string): PlannedTrack[] {
  const random = createRandom('cadenza demo catalogue');
  const total = DEMO_ARTISTS.flatMap((a) => a.albums).reduce((sum, a) => sum + a.tracks, 0);
  const titles = trackTitles(total, (max) => random.int(0, max - 1));
  const tracks: PlannedTrack[] = [];
  for (const artist of DEMO_ARTISTS) {
    for (const album of artist.albums) {
      const key = random.int(0, 11);
      for (let number = 1; number <= album.tracks; number++) {
        const title = album.type === 'single' && number === 1 ? album.name : titles.pop()!;
        const audioPath = path.posix.join(
          DEMO_AUDIO_DIR,
          slug(artist.name),
          slug(album.name),
          `${String(number).padStart(2, '0')}-${slug(title)}.mp3`,
        );
        tracks.push({
          artist,
          album,
          number,
          title,
          audioPath,
          job: {
            id: tracks.length,
            file: path.join(dataDir, audioPath),
            kbps: DEMO_AUDIO.kbps,
            spec: {
              seed: `${artist.name}/${album.name}/${number}`,
              style: artist.style,
              key,
              seconds: random.int(DEMO_AUDIO.minSeconds, DEMO_AUDIO.maxSeconds - 4),
              sampleRate: DEMO_AUDIO.sampleRate,
            },
          },
        });
      }
    }
  }
  return tracks;
}

const PLAYLISTS: { name: string; description: string; styles: DemoArtist['style'][] }[] = [
  {
    name: 'Focus Flow',
    description: 'Calm beats, soft pianos and long pads to keep you in the zone.',
    styles: ['lofi', 'ambient', 'piano', 'jazz'],
  },
  {
    name: 'Weekend Energy',
    description: 'Bright synths, four-on-the-floor and a little bit of pixel dust.',
    styles: ['house', 'synthpop', 'chiptune', 'indie'],
  },
  {
    name: 'Sunday Morning',
    description: 'Coffee, sunshine and acoustic strings.',
    styles: ['folk', 'bossa', 'reggae', 'jazz'],
  },
  {
    name: 'Late Night Drive',
    description: 'Dark chords and slow grooves for empty roads.',
    styles: ['triphop', 'synthpop', 'lofi', 'ambient'],
  },
];

/**
 * Creates the demo catalogue: a dozen invented artists with their albums, real playable songs
 * synthesised on the spot, generated covers and portraits, public playlists and two channels.
 */
export async function seedDemoCatalogue(options: DemoSeedOptions): Promise<DemoSeedSummary> {
  const started = performance.now();
  const { catalogue, dataDir, log } = options;
  const tracks = plan(dataDir);
  log(`Demo catalogue: composing ${tracks.length} songs…`);

  const albums = [...new Set(tracks.map((t) => t.album))];
  // Artwork renders on sharp's own threads while the songs render on workers.
  const artwork = Promise.all([
    Promise.all(
      albums.map((album) => {
        const artist = DEMO_ARTISTS.find((a) => a.albums.includes(album))!;
        return renderCover(coverSvg(album.name, artist.name, artist.palette, album.name));
      }),
    ),
    Promise.all(DEMO_ARTISTS.map((a) => renderPortrait(portraitSvg(a.name, a.palette, a.name)))),
  ]);
  let reported = 0;
  const { results: rendered, cached } = await renderAll(
    tracks.map((t) => t.job),
    {
      ...(options.workers ? { size: options.workers } : {}),
      ...(options.cacheDir !== null
        ? { cacheDir: options.cacheDir ?? defaultRenderCacheDir() }
        : {}),
      onDone: (_result, done) => {
        const percent = Math.floor((done / tracks.length) * 100);
        if (percent >= reported + 25 || done === tracks.length) {
          reported = percent - (percent % 25);
          log(`Demo catalogue: ${done}/${tracks.length} songs rendered`);
        }
      },
    },
  );
  const [covers, portraits] = await artwork;

  const artistIds = new Map<DemoArtist, number>();
  const trackIds = new Map<PlannedTrack, number>();
  const albumIds = new Map<DemoAlbum, number>();
  let audioBytes = 0;
  for (const track of tracks) {
    const result = rendered[track.job.id]!;
    audioBytes += result.bytes;
    const { artist, album } = track;
    const month = String((track.job.id % 12) + 1).padStart(2, '0');
    const imported = await catalogue.importTrack({
      title: track.title,
      artists: [artist.name],
      albumArtists: [artist.name],
      album: album.name,
      albumType: album.type,
      trackNumber: track.number,
      discNumber: 1,
      year: album.year,
      releaseDate: `${album.year}-${month}-01`,
      genres: artist.genres,
      durationMs: result.durationMs,
      codec: 'MPEG 2 Layer 3',
      bitrate: DEMO_AUDIO.kbps * 1000,
      mime: 'audio/mpeg',
      fileSize: result.bytes,
      audioPath: track.audioPath,
      coverImage: covers[albums.indexOf(album)]!,
    });
    trackIds.set(track, imported.trackId);
    artistIds.set(artist, imported.artistIds[0]!);
    if (imported.albumId) albumIds.set(album, imported.albumId);
  }

  for (const [index, artist] of DEMO_ARTISTS.entries()) {
    const id = artistIds.get(artist);
    if (!id) continue;
    await catalogue.setArtistDetails(id, {
      bio: artist.bio,
      image: portraits[index]!,
      verified: index % 3 !== 2,
      links: [{ url: `https://example.com/${slug(artist.name)}`, title: 'Official website' }],
    });
  }

  const random = createRandom('cadenza demo playlists');
  const playlistIds: number[] = [];
  for (const playlist of PLAYLISTS) {
    const pool = tracks.filter((t) => playlist.styles.includes(t.artist.style));
    const chosen = pool.filter(() => random.chance(0.45)).slice(0, 14);
    const { id } = await catalogue.createPlaylist({
      ownerId: options.ownerId,
      name: playlist.name,
      description: playlist.description,
      public: true,
      trackIds: chosen.map((t) => trackIds.get(t)!),
    });
    playlistIds.push(id);
  }

  await catalogue.createChannel({
    name: 'Featured playlists',
    slug: 'featured-playlists',
    description: 'Hand-picked playlists for every mood.',
    contentType: 'playlist',
    layout: 'carousel',
    items: playlistIds.map((id) => ({ type: 'playlist', id })),
  });
  await catalogue.createChannel({
    name: "Editors' picks",
    slug: 'editors-picks',
    description: 'One record from every artist in the house.',
    contentType: 'album',
    layout: 'grid',
    items: DEMO_ARTISTS.map((artist) => albumIds.get(artist.albums[0]!))
      .filter((id): id is number => id !== undefined)
      .map((id) => ({ type: 'album', id })),
  });

  const summary: DemoSeedSummary = {
    artists: artistIds.size,
    albums: albums.length,
    tracks: trackIds.size,
    playlists: playlistIds.length,
    audioBytes,
    rendered: rendered.length - cached,
    seconds: (performance.now() - started) / 1000,
  };
  log(
    `Demo catalogue: ${summary.artists} artists, ${summary.albums} albums, ${summary.tracks} tracks, ` +
      `${summary.playlists} playlists; ${(audioBytes / 1e6).toFixed(1)} MB of audio ` +
      `(${summary.rendered} songs synthesised, ${cached} from the cache) in ${summary.seconds.toFixed(1)} s`,
  );
  return summary;
}

/** Seeds the demo catalogue on a first start: only while the catalogue has no track at all. */
export async function seedDemoIfEmpty(options: DemoSeedOptions): Promise<DemoSeedSummary | null> {
  const { total } = await options.catalogue.topTracks(
    { page: 1, perPage: 1 },
    // The start itself asks, before anyone can.
    { userId: null, actor: SYSTEM_ACTOR },
  );
  return total === 0 ? seedDemoCatalogue(options) : null;
}
