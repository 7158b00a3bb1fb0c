import { RADIO_DEFAULT_TRACKS, RADIO_MAX_TRACKS, RADIO_MIN_TRACKS } from '@cadenza/contracts/radio';
import type { Track } from '@cadenza/contracts/music';
import type { Kysely } from 'kysely';
import { AppError } from '../../../core/errors.js';
import type { Database } from '../../../db/schema.js';
import type { CatalogueService } from '../catalogue/catalogue.service.js';
import { assertMayListen, type Viewer } from '../actor.js';
import * as repo from './radio.repo.js';

export type RadioService = ReturnType<typeof createRadioService>;

/**
 * The listeners of the seed whose other listening is read: the most recent ones. Enough for a
 * steady ranking, few enough that a hit played by everyone costs what a niche track costs.
 */
const SEED_LISTENERS = 150;
/**
 * The latest plays of each seed read to find its latest listeners: a few plays each, as listeners
 * play a track again; a hit's 13,000 plays are not all read for 150 of its listeners.
 */
const SEED_PLAYS_READ = 4 * SEED_LISTENERS;
/**
 * The latest plays of each of those listeners read for what they listen to: their taste lately,
 * and a bound, so that a listener of years costs what a new one costs.
 */
const LISTENER_PLAYS_READ = 50;
/** The co-listened tracks scored in full, the most shared first. */
const CANDIDATES = 300;
/** A like says more than a play: it counts as this many listeners. */
const LIKE_WEIGHT = 2;
/** How many of an artist's most played tracks seed the artist's radio. */
const ARTIST_SEEDS = 20;

/** Seeds whose co-listened tracks are wanted, and tracks to leave out of them. */
export interface CoListening {
  seedIds: number[];
  excluded: ReadonlySet<number>;
}

/** Each listener's tracks, from pairs of a listener and a track. */
function tracksByListener(pairs: { user_id: number; track_id: number }[]) {
  const tracks = new Map<number, number[]>();
  for (const { user_id, track_id } of pairs) {
    const list = tracks.get(user_id);
    if (list) list.push(track_id);
    else tracks.set(user_id, [track_id]);
  }
  return tracks;
}

/**
 * The `limit` tracks of the most listeners, ties by id. Counts are small numbers shared by
 * thousands of tracks (most by one listener each): grouped by count, only the groups the limit
 * reaches are sorted, rather than every track the listeners played.
 */
function mostShared(shared: Map<number, number>, limit: number): number[] {
  const byCount = new Map<number, number[]>();
  for (const [id, count] of shared) {
    const ids = byCount.get(count);
    if (ids) ids.push(id);
    else byCount.set(count, [id]);
  }
  const picked: number[] = [];
  for (const count of [...byCount.keys()].sort((a, b) => b - a)) {
    const ids = Float64Array.from(byCount.get(count)!).sort();
    for (const id of ids) {
      if (picked.length >= limit) return picked;
      picked.push(id);
    }
  }
  return picked;
}

/** The tracks a radio starts from and what it never repeats. */
interface Seed {
  trackIds: number[];
  /** Tracks never to be played on it (the seed track itself). */
  excluded: number[];
  /** Artists and genres whose tracks follow the co-listened ones. */
  artistIds: number[];
  genreIds: number[];
}

/**
 * Radio: tracks similar to a seed by who listens to them together (item-to-item co-listening over
 * plays and likes), then by artist and genre, then the most played, so it never runs dry.
 */
export function createRadioService({
  db,
  catalogue,
}: {
  db: Kysely<Database>;
  catalogue: CatalogueService;
}) {
  /**
   * Tracks listened to by each group's seed listeners, most similar first. The score is the cosine
   * of the two listener sets, |A ∩ B| / √(|A|·|B|), with the candidate's plays standing for |B|
   * (the seed's own size is the same for every candidate): a track everyone plays does not win by
   * being everywhere. The groups share their reads (a listener's mixes ask for several at once):
   * one statement each for the seeds' plays, the listeners' plays and likes, and the candidates.
   */
  async function coListenedMany(groups: CoListening[]): Promise<number[][]> {
    const seedIds = [...new Set(groups.flatMap((group) => group.seedIds))];
    const [plays, likers] = await Promise.all([
      repo.latestPlaysOf(db, seedIds, SEED_PLAYS_READ),
      Promise.all(groups.map((group) => repo.likersOf(db, group.seedIds, SEED_LISTENERS))),
    ]);
    const listenersOf = groups.map((group, i) => {
      const seeds = new Set(group.seedIds);
      // The seeds' latest listeners, as grouping their plays by listener ordered by the latest.
      const players = new Set<number>();
      for (const play of plays
        .filter((row) => seeds.has(row.track_id))
        .sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0))) {
        if (players.size >= SEED_LISTENERS) break;
        players.add(play.user_id);
      }
      return [...new Set([...players, ...likers[i]!])];
    });
    const everyone = [...new Set(listenersOf.flat())];
    if (everyone.length === 0) return groups.map(() => []);
    const [played, liked] = await Promise.all([
      repo.playedBy(db, everyone, LISTENER_PLAYS_READ),
      repo.likedBy(db, everyone),
    ]);
    const playedOf = tracksByListener(played);
    const likedOf = tracksByListener(liked);

    const shares = groups.map((group, i) => {
      const shared = new Map<number, number>();
      for (const listener of listenersOf[i]!) {
        for (const id of playedOf.get(listener) ?? []) shared.set(id, (shared.get(id) ?? 0) + 1);
        for (const id of likedOf.get(listener) ?? [])
          shared.set(id, (shared.get(id) ?? 0) + LIKE_WEIGHT);
      }
      for (const id of group.excluded) shared.delete(id);
      const candidates = mostShared(shared, CANDIDATES);
      return { shared, candidates };
    });
    const playable = await repo.playableWithPlays(db, [
      ...new Set(shares.flatMap(({ candidates }) => candidates)),
    ]);
    const playsOf = new Map(playable.map(({ id, plays }) => [id, plays]));
    return shares.map(({ shared, candidates }) =>
      candidates
        .filter((id) => playsOf.has(id))
        .map((id) => {
          const together = shared.get(id)!;
          return { id, score: together / Math.sqrt(Math.max(playsOf.get(id)!, together, 1)) };
        })
        .sort((a, b) => b.score - a.score || a.id - b.id)
        .map(({ id }) => id),
    );
  }

  async function coListened(seedIds: number[], excluded: ReadonlySet<number>): Promise<number[]> {
    const [ids] = await coListenedMany([{ seedIds, excluded }]);
    return ids!;
  }

  /** The ids of a radio: co-listened first, then the seed's artists, genres, the most played. */
  async function radioIds(seed: Seed, limit: number): Promise<number[]> {
    const seen = new Set(seed.excluded);
    const picked: number[] = [];
    const add = (ids: number[]) => {
      for (const id of ids) {
        if (picked.length >= limit) return;
        if (seen.has(id)) continue;
        seen.add(id);
        picked.push(id);
      }
    };
    add(await coListened(seed.trackIds, seen));
    const wanted = () => limit + seen.size;
    if (picked.length < limit) add(await repo.topTracksOfArtists(db, seed.artistIds, wanted()));
    if (picked.length < limit) add(await repo.topTracksOfGenres(db, seed.genreIds, wanted()));
    if (picked.length < limit) add(await repo.topTracks(db, wanted()));
    return picked;
  }

  async function seedOfTracks(trackIds: number[], excluded: number[]): Promise<Seed> {
    const { artistIds, genreIds } = await repo.artistsAndGenresOf(db, trackIds);
    return { trackIds, excluded, artistIds, genreIds };
  }

  async function trackSeed(trackId: number): Promise<Seed> {
    if (!(await catalogue.exists('track', trackId))) throw AppError.notFound('Track not found.');
    return seedOfTracks([trackId], [trackId]);
  }

  async function artistSeed(artistId: number): Promise<Seed> {
    if (!(await catalogue.exists('artist', artistId))) throw AppError.notFound('Artist not found.');
    const trackIds = await repo.topTracksOfArtists(db, [artistId], ARTIST_SEEDS);
    const { genreIds } = await repo.artistsAndGenresOf(db, trackIds);
    // The artist's own songs belong on their radio: none is left out.
    return { trackIds, excluded: [], artistIds: [artistId], genreIds };
  }

  async function albumSeed(albumId: number): Promise<Seed> {
    if (!(await catalogue.exists('album', albumId))) throw AppError.notFound('Album not found.');
    const trackIds = await repo.albumTrackIds(db, albumId);
    return seedOfTracks(trackIds, trackIds);
  }

  const size = (limit: number | undefined) =>
    Math.min(RADIO_MAX_TRACKS, Math.max(RADIO_MIN_TRACKS, limit ?? RADIO_DEFAULT_TRACKS));

  async function present(seed: Seed, viewer: Viewer, limit?: number): Promise<Track[]> {
    const ids = await radioIds(seed, size(limit));
    // Presented as the catalogue presents any list: hidden tracks never show.
    return catalogue.tracksByIds(ids, viewer);
  }

  return {
    /** Tracks similar to a track, never the track itself; 404 for a track nobody may play. */
    async ofTrack(trackId: number, viewer: Viewer, limit?: number): Promise<Track[]> {
      assertMayListen(viewer.actor);
      return present(await trackSeed(trackId), viewer, limit);
    },
    /** Tracks of an artist and of those listened to with them. */
    async ofArtist(artistId: number, viewer: Viewer, limit?: number): Promise<Track[]> {
      assertMayListen(viewer.actor);
      return present(await artistSeed(artistId), viewer, limit);
    },
    /** Tracks similar to an album's, none of the album's own. */
    async ofAlbum(albumId: number, viewer: Viewer, limit?: number): Promise<Track[]> {
      assertMayListen(viewer.actor);
      return present(await albumSeed(albumId), viewer, limit);
    },
    /**
     * The co-listened tracks of some seeds, most similar first (no access check: the mixes'
     * job works for every listener and presents what it keeps through the catalogue).
     */
    coListened: (seedIds: number[], excluded: ReadonlySet<number> = new Set()) =>
      coListened(seedIds, excluded),
    /** The same for several groups of seeds at once, in their order. */
    coListenedMany,
  };
}
