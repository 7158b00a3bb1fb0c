import type { Track } from '@cadenza/contracts/music';
import type { Mix, Mixes } from '@cadenza/contracts/radio';
import type { Kysely } from 'kysely';
import { AppError } from '../../../core/errors.js';
import type { Database } from '../../../db/schema.js';
import type { Storage } from '../../../infra/storage.js';
import type { CatalogueService } from '../catalogue/catalogue.service.js';
import { assertMayListen, SYSTEM_ACTOR, type Listener, type Viewer } from '../actor.js';
import * as radioRepo from '../radio/radio.repo.js';
import type { RadioService } from '../radio/radio.service.js';
import { mixCover } from './mix-cover.js';
import * as repo from './mixes.repo.js';

export type MixesService = ReturnType<typeof createMixesService>;

/** A listener's mixes at most: one per genre they listen to most, or of what they play together. */
const MAX_MIXES = 4;
/** A listener's tracks a mix needs to be made of them. */
const MIN_OWN_TRACKS = 3;
/** Of a listener's listening, the tracks read (most played and latest liked). */
const HISTORY_TRACKS = 300;
/** Of a listener's plays, the latest counted for what they play most: months of listening. */
const HISTORY_PLAYS = 3000;
/** A mix: their own favourites of the cluster, and about twice as many found by co-listening. */
const OWN_PER_MIX = 10;
const FOUND_PER_MIX = 20;
/** Own tracks a cluster's co-listening starts from. */
const SEEDS_PER_MIX = 5;
/** Listeners read at a time by the daily job. */
const LISTENERS_PER_BATCH = 200;
/** The trending tracks shown to a listener with no listening yet. */
const TRENDING_TRACKS = 20;

const EVERYONE: Viewer = { userId: null, actor: SYSTEM_ACTOR };
const today = (now = Date.now()) => new Date(now).toISOString().slice(0, 10);

/** A group of a listener's tracks a mix is made of: a genre they play, or the rest. */
interface Cluster {
  genreId: number | null;
  own: number[];
}

/** Own and found tracks taking turns, two found after each own one, none twice. */
function interleave(own: number[], found: number[]): number[] {
  const out: number[] = [];
  const seen = new Set<number>();
  const push = (id: number | undefined) => {
    if (id !== undefined && !seen.has(id)) {
      seen.add(id);
      out.push(id);
    }
  };
  for (let i = 0; i < Math.max(own.length, Math.ceil(found.length / 2)); i++) {
    push(own[i]);
    push(found[2 * i]);
    push(found[2 * i + 1]);
  }
  return out;
}

/**
 * Daily mixes: each listener's own listening grouped by the genres they play most (and the rest
 * by what is played with it), each group topped up with tracks its listeners' peers play. Made by
 * a daily job for everyone who listens, kept as rows, with a cover made from their albums.
 */
export function createMixesService({
  db,
  catalogue,
  radio,
  storage,
}: {
  db: Kysely<Database>;
  catalogue: CatalogueService;
  radio: RadioService;
  storage: Storage;
}) {
  async function clustersOf(weights: Map<number, number>): Promise<Cluster[]> {
    const byWeight = [...weights].sort(([a, x], [b, y]) => y - x || a - b).map(([id]) => id);
    const links = await radioRepo.genresOfTracks(db, byWeight);
    const genreWeight = new Map<number, number>();
    const tracksOfGenre = new Map<number, Set<number>>();
    for (const { track_id, genre_id } of links) {
      genreWeight.set(genre_id, (genreWeight.get(genre_id) ?? 0) + weights.get(track_id)!);
      if (!tracksOfGenre.has(genre_id)) tracksOfGenre.set(genre_id, new Set());
      tracksOfGenre.get(genre_id)!.add(track_id);
    }
    const clusters: Cluster[] = [];
    const placed = new Set<number>();
    const topGenres = [...genreWeight].sort(([a, x], [b, y]) => y - x || a - b);
    for (const [genreId] of topGenres) {
      if (clusters.length >= MAX_MIXES - 1) break;
      // A track is in the mix of the first of its genres the listener plays most.
      const own = byWeight.filter((id) => tracksOfGenre.get(genreId)!.has(id) && !placed.has(id));
      if (own.length < MIN_OWN_TRACKS) continue;
      own.forEach((id) => placed.add(id));
      clusters.push({ genreId, own });
    }
    // What is left is grouped by co-listening alone: a mix of the rest of what they play.
    const rest = byWeight.filter((id) => !placed.has(id));
    if (rest.length >= MIN_OWN_TRACKS || (clusters.length === 0 && rest.length > 0))
      clusters.push({ genreId: null, own: rest });
    return clusters;
  }

  /**
   * The tracks of each cluster's mix: its own favourites and what its peers play, of its genre.
   * The clusters' co-listening, genres and fill-ins are read together, not once per cluster.
   */
  async function tracksOfClusters(clusters: Cluster[], listened: Set<number>) {
    const founds = await radio.coListenedMany(
      clusters.map((cluster) => ({
        seedIds: cluster.own.slice(0, SEEDS_PER_MIX),
        excluded: listened,
      })),
    );
    const links = await radioRepo.genresOfTracks(db, [
      ...new Set(
        founds.flatMap((found, i) =>
          clusters[i]!.genreId === null ? [] : found.slice(0, 5 * FOUND_PER_MIX),
        ),
      ),
    ]);
    return Promise.all(
      clusters.map(async (cluster, i) => {
        let found = founds[i]!;
        if (cluster.genreId !== null) {
          const inGenre = new Set(
            links.filter((link) => link.genre_id === cluster.genreId).map((link) => link.track_id),
          );
          found = found.slice(0, 5 * FOUND_PER_MIX).filter((id) => inGenre.has(id));
          // Too few peers yet: the genre's most played fill in.
          if (found.length < FOUND_PER_MIX) {
            const top = await radioRepo.topTracksOfGenres(db, [cluster.genreId], 2 * FOUND_PER_MIX);
            found = [...found, ...top.filter((id) => !listened.has(id) && !found.includes(id))];
          }
        }
        return interleave(cluster.own.slice(0, OWN_PER_MIX), found.slice(0, FOUND_PER_MIX));
      }),
    );
  }

  /** Each mix's description (its genre, its first artists) and cover, from one read of tracks. */
  async function describe(mixes: { trackIds: number[]; cluster: Cluster }[]) {
    const shown = mixes.map(({ trackIds }) => trackIds.slice(0, 12));
    const genreIds = mixes.flatMap(({ cluster }) => cluster.genreId ?? []);
    const [tracks, genres] = await Promise.all([
      catalogue.tracksByIds([...new Set(shown.flat())], EVERYONE),
      genreIds.length > 0 ? catalogue.genresByIds([...new Set(genreIds)]) : [],
    ]);
    const trackOf = new Map(tracks.map((track) => [track.id, track]));
    const described: { description: string; image: string | null }[] = [];
    // One cover at a time: two mixes opening on the same albums share one file, made once.
    for (const [i, { cluster }] of mixes.entries()) {
      const ofMix = shown[i]!.flatMap((id) => trackOf.get(id) ?? []);
      const artists = [
        ...new Set(ofMix.flatMap((track) => track.artists.map((artist) => artist.name))),
      ].slice(0, 3);
      const genre = genres.find((one) => one.id === cluster.genreId);
      const description = [genre?.display_name, artists.join(', ')].filter(Boolean).join(' · ');
      const covers = ofMix.flatMap((track) => (track.album?.image ? [track.album.image] : []));
      described.push({
        description: description.slice(0, 500),
        image: await mixCover(storage, covers),
      });
    }
    return described;
  }

  /** Makes a listener's mixes of `day` from their listening, replacing the day before's. */
  async function makeFor(userId: number, day: string): Promise<void> {
    const weights = await repo.listeningOf(db, userId, HISTORY_TRACKS, HISTORY_PLAYS);
    const clusters = weights.size > 0 ? await clustersOf(weights) : [];
    const listened = new Set(weights.keys());
    const tracks = clusters.length > 0 ? await tracksOfClusters(clusters, listened) : [];
    const made = clusters
      .map((cluster, i) => ({ cluster, trackIds: tracks[i]! }))
      .filter(({ trackIds }) => trackIds.length > 0);
    const described = made.length > 0 ? await describe(made) : [];
    const mixes: repo.NewMix[] = made.map(({ trackIds }, i) => ({
      position: i + 1,
      name: `Daily Mix ${i + 1}`,
      ...described[i]!,
      track_ids: trackIds,
    }));
    await db.transaction().execute((trx) => repo.replaceMixes(trx, userId, day, mixes));
  }

  function mixRowToMix(row: Awaited<ReturnType<typeof repo.mixesOf>>[number]): Mix {
    return {
      id: row.id,
      model_type: 'mix',
      name: row.name,
      description: row.description,
      image: row.image,
      tracks_count: (JSON.parse(row.track_ids) as number[]).length,
      made_on: row.made_on,
    };
  }

  async function trending(viewer: Viewer): Promise<Track[]> {
    const artists = await catalogue.trendingArtists({ page: 1, perPage: 10 }, viewer);
    const ids = await radioRepo.topTracksOfArtists(
      db,
      artists.data.map((artist) => artist.id),
      TRENDING_TRACKS,
    );
    return catalogue.tracksByIds(ids, viewer);
  }

  return {
    makeFor,

    /**
     * The daily job: makes the day's mixes of every listener who has played anything and has
     * none of the day yet (a run that stopped half way goes on where it was).
     */
    async refreshDaily(now = Date.now()): Promise<{ made: number }> {
      const day = today(now);
      let made = 0;
      for (let after = 0; ;) {
        const listeners = await repo.listenersAfter(db, after, LISTENERS_PER_BATCH);
        if (listeners.length === 0) break;
        const done = await repo.madeOn(db, listeners, day);
        for (const userId of listeners) {
          if (done.has(userId)) continue;
          await makeFor(userId, day);
          made++;
        }
        after = listeners[listeners.length - 1]!;
      }
      return { made };
    },

    /** The listener's mixes; trending tracks instead for one who has not listened yet. */
    async mixesOf(listener: Listener): Promise<Mixes> {
      assertMayListen(listener.actor);
      let rows = await repo.mixesOf(db, listener.userId);
      // Listening since the last run (a first day): made now rather than tomorrow.
      if (rows.length === 0 && (await repo.hasListened(db, listener.userId))) {
        await makeFor(listener.userId, today());
        rows = await repo.mixesOf(db, listener.userId);
      }
      if (rows.length > 0) return { mixes: rows.map(mixRowToMix), trending: [] };
      return { mixes: [], trending: await trending(listener) };
    },

    /** One of the listener's own mixes with its tracks; another's is not found. */
    async mix(id: number, listener: Listener): Promise<Mix> {
      assertMayListen(listener.actor);
      const row = await repo.findMix(db, id);
      if (!row || row.user_id !== listener.userId) throw AppError.notFound('Mix not found.');
      const trackIds = JSON.parse(row.track_ids) as number[];
      // Tracks hidden since the mix was made drop out.
      return { ...mixRowToMix(row), tracks: await catalogue.tracksByIds(trackIds, listener) };
    },
  };
}
