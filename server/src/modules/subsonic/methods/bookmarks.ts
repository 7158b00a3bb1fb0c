import type { SubsonicContext } from './context.js';
import type { Methods } from './method.js';
import { idParam, idsParam, subsonicUsername } from './params.js';

/** Bookmarks: the play queue saved between devices. */
export function bookmarkMethods({ music, users, nodes }: SubsonicContext): Methods {
  const { songNodes } = nodes;
  return {
    /** The queue the web player and other apps save, so listening moves between devices. */
    async getPlayQueue(_params, caller) {
      const queue = await music.playQueue.get(caller);
      if (!queue) return {};
      const user = await users.findById(caller.userId);
      return {
        playQueue: {
          current: queue.current !== null ? String(queue.current) : undefined,
          position: queue.position_ms,
          username: user ? subsonicUsername(user) : undefined,
          changed: queue.updated_at && new Date(queue.updated_at).toISOString(),
          changedBy: queue.changed_by,
          entry: await songNodes(caller, queue.tracks),
        },
      };
    },
    async savePlayQueue(params, caller) {
      const current = params.get('current');
      const position = Number(params.get('position') ?? 0);
      await music.playQueue.save(caller, {
        trackIds: idsParam(params, 'id'),
        current: current ? idParam(params, 'current') : null,
        positionMs: Number.isFinite(position) ? position : 0,
        changedBy: params.get('c') ?? 'Music app',
      });
      return {};
    },
  };
}
