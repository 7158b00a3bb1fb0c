/** A play counts once this much of it has been heard, or when the track ends. */
export const PLAY_LOG_THRESHOLD_MS = 30_000;
/** Position jumps larger than this between two progress events are seeks, not listening. */
const MAX_LISTENING_STEP_MS = 2_000;

export interface PlayLog {
  trackId: number;
  playedMs: number;
  ended: boolean;
}

/**
 * Decides when one play of a track is reported: once 30 s have actually been heard (seeking
 * forward does not count) or the track ended, and only once per play.
 */
export class PlayLogger {
  private trackId: number | null = null;
  private lastPositionMs = 0;
  private heardMs = 0;
  private logged = false;
  private announced = false;

  constructor(
    private readonly send: (log: PlayLog) => void,
    /** Told once per play, when it is first heard ("now playing" for scrobblers). */
    private readonly started: (trackId: number) => void = () => {},
  ) {}

  /** A new play starts (a new track, or the same one again from the start). */
  start(trackId: number, positionMs = 0) {
    this.trackId = trackId;
    this.lastPositionMs = positionMs;
    this.heardMs = 0;
    this.logged = false;
    this.announced = false;
  }

  /** The playback position moved while playing. */
  progress(positionMs: number) {
    if (this.trackId === null) return;
    const step = positionMs - this.lastPositionMs;
    this.lastPositionMs = positionMs;
    if (step > 0 && step <= MAX_LISTENING_STEP_MS) {
      this.heardMs += step;
      if (!this.announced) {
        this.announced = true;
        this.started(this.trackId);
      }
    }
    if (!this.logged && this.heardMs >= PLAY_LOG_THRESHOLD_MS) this.report(false);
  }

  /** The user moved the position: the jump is not listening time. */
  seeked(positionMs: number) {
    this.lastPositionMs = positionMs;
  }

  ended() {
    if (this.trackId === null || this.logged) return;
    this.report(true);
  }

  private report(ended: boolean) {
    this.logged = true;
    this.send({ trackId: this.trackId!, playedMs: Math.round(this.heardMs), ended });
  }
}
