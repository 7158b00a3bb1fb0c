import { assertMayListen } from '../../music/actor.js';
import { missing, SUBSONIC_ERRORS, SubsonicError } from '../subsonic-response.js';
import type { SubsonicContext } from './context.js';
import type { Methods, Params } from './method.js';
import { idsParam } from './params.js';

/** Media annotation: stars (the web player's likes), ratings and plays. */
export function annotationMethods({ music, nowPlaying }: SubsonicContext): Methods {
  const { library, plays } = music;
  const methods: Methods = {
    /** Stars are the web player's likes. */
    async star(params, caller) {
      await eachStarred(params, (type, id) => library.like(caller, type, id));
      return {};
    },
    async unstar(params, caller) {
      await eachStarred(params, (type, id) => library.unlike(caller, type, id));
      return {};
    },
    /** A rating of 1 to 5 stars (0 takes it back) of a song, or an album or artist folder. */
    async setRating(params, caller) {
      const raw = params.get('id');
      if (!raw) throw missing('id');
      if (!params.get('rating')) throw missing('rating');
      const [, kind, number] = /^(?:(ar|al)-)?(\d+)$/.exec(raw) ?? [];
      if (!number)
        throw new SubsonicError(SUBSONIC_ERRORS.notFound, 'The requested data was not found.');
      const type = kind === 'ar' ? 'artist' : kind === 'al' ? 'album' : 'track';
      await library.rate(caller, type, Number(number), Number(params.get('rating')));
      return {};
    },
    /**
     * A play, counted as the web player counts one (deduplicated per signed-in client);
     * `submission=false` only says what is playing now.
     */
    async scrobble(params, caller, request) {
      const ids = idsParam(params, 'id');
      if (ids.length === 0) throw missing('id');
      if (params.get('submission') === 'false') {
        // Counted nowhere, but shown by getNowPlaying: only for one who may listen.
        assertMayListen(caller.actor);
        nowPlaying.set(caller.userId, {
          trackId: ids[0]!,
          at: Date.now(),
          player: params.get('c') ?? 'Subsonic',
        });
        await plays.nowPlaying({ trackId: ids[0]!, userId: caller.userId, actor: caller.actor });
        return {};
      }
      // `time`, one per id when given: when each was listened to (a client that was offline).
      const times = params.getAll('time').map(Number);
      for (const [index, trackId] of ids.entries()) {
        const time = times[index];
        await plays.log({
          trackId,
          ...(time !== undefined && Number.isFinite(time) ? { listenedAt: new Date(time) } : {}),
          userId: caller.userId,
          sessionId: caller.playSession,
          playedMs: 0,
          ended: true,
          userAgent: request.headers['user-agent'] ?? null,
          ip: request.ip,
          actor: caller.actor,
        });
      }
      return {};
    },
  };

  /** The songs, albums and artists a star or unstar call names. */
  async function eachStarred(
    params: Params,
    act: (type: 'track' | 'album' | 'artist', id: number) => Promise<void>,
  ) {
    const targets = [
      ...idsParam(params, 'id').map((id) => ['track', id] as const),
      ...idsParam(params, 'albumId').map((id) => ['album', id] as const),
      ...idsParam(params, 'artistId').map((id) => ['artist', id] as const),
    ];
    if (targets.length === 0) throw missing('id');
    for (const [type, id] of targets) await act(type, id);
  }

  return methods;
}
