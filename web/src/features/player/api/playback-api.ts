import { apiClient } from '../../../api/client';
import type { PlayLog } from '../state/play-logger';

/* What the playback engine tells the server: plays, for counts and history, and now playing. */

export function sendPlayLog({ trackId, playedMs, ended }: PlayLog) {
  apiClient.post(`tracks/${trackId}/plays`, { played_ms: playedMs, ended }).catch(() => {
    // A lost play count is not worth interrupting the music for.
  });
}

export function sendNowPlaying(trackId: number) {
  apiClient.post(`tracks/${trackId}/now-playing`).catch(() => {
    // Only scrobblers hear of it; the music plays on.
  });
}
