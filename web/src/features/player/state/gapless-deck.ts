import type { PlayerTrack } from './player-state';
import { streamUrl } from './stream-url';
import {
  MAX_DECODED_TRACK_MS,
  endOnClock,
  equalPowerCurves,
  planTransition,
  positionOnClock,
} from './transition-plan';

/*
 * Why Web Audio scheduling rather than Media Source Extensions:
 * - MSE only takes what the browser can append (MP3, MP4/AAC, WebM/Opus); Cadenza streams the
 *   uploaded file itself when the browser can play it, WAV and FLAC included, which MSE refuses.
 *   decodeAudioData takes every format the <audio> element does, original or transcoded.
 * - MSE joins tracks at their container timestamps: the encoder delay and padding of each MP3 or
 *   AAC file must be parsed (LAME, iTunSMPB) and trimmed by hand, codec by codec. A decoded
 *   buffer is already trimmed, and AudioBufferSourceNode.start(when) puts its first sample on the
 *   audio clock exactly where the previous buffer's last one ends.
 * - Seeking in a decoded buffer costs no request; ranges of transcoded streams (no length known
 *   in advance) do not matter, the whole stream is read once.
 * The price is memory (a decoded minute of stereo at 48 kHz is 23 MB) and that a track must be
 * read whole before it plays from the buffer. So the <audio> element still starts every track
 * the listener picks (first sound as soon as the stream starts), the deck takes over once the
 * track is decoded, only the current and the next track are kept decoded, and tracks longer than
 * MAX_DECODED_TRACK_MS stay on the element (no gapless join for them).
 */

/** Scheduled this far ahead, so the first sample is never late on a busy main thread. */
const START_LEAD_SECONDS = 0.05;
/** A stop or a take-over fades this long, so no click is heard. */
const DECLICK_SECONDS = 0.02;
const FADE_CURVE_POINTS = 256;

/** Drops what was scheduled on a gain and holds `value` from `now` on. */
function holdAt(param: AudioParam, value: number, now: number) {
  param.cancelScheduledValues(0);
  param.setValueAtTime(value, now);
}

interface Voice {
  track: PlayerTrack;
  buffer: AudioBuffer;
  source: AudioBufferSourceNode;
  gain: GainNode;
  /** Audio-clock time of the buffer's first sample (start time minus offset). */
  origin: number;
  /** Audio-clock time it starts sounding. */
  startsAt: number;
  level: number;
}

interface Queued {
  voice: Voice;
  key: string;
  startsAt: number;
}

export interface DeckHooks {
  /** The current track reached its end, or the queued one took over. */
  onEnded(): void;
  /** A track finished decoding: plans may now be made with it. */
  onDecoded(trackId: number): void;
}

export interface NextPlan {
  track: PlayerTrack | null;
  crossfadeSeconds: number;
  gapless: boolean;
}

/** Plays decoded tracks on the audio clock: the current one, the next one queued behind it. */
export class GaplessDeck {
  readonly master: GainNode;
  private readonly buffers = new Map<number, AudioBuffer>();
  private readonly pending = new Map<number, Promise<void>>();
  private current: { track: PlayerTrack; buffer: AudioBuffer; pausedAt: number } | null = null;
  private voice: Voice | null = null;
  private voiceSerial = 0;
  private queued: Queued | null = null;
  private readonly tails = new Set<Voice>();
  private advanceTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    readonly context: AudioContext,
    private readonly hooks: DeckHooks,
    private readonly trackGain: (track: PlayerTrack) => number,
    private readonly fetchAudio: (url: string) => Promise<Response> = (url) =>
      fetch(url, { credentials: 'same-origin' }),
  ) {
    this.master = context.createGain();
    this.master.connect(context.destination);
  }

  /** Whether the current track plays from its decoded buffer. */
  get active(): boolean {
    return this.current !== null;
  }

  get playing(): boolean {
    return this.voice !== null;
  }

  /** Seconds into the current track. */
  position(): number {
    if (!this.current) return 0;
    if (!this.voice) return this.current.pausedAt;
    // Until a voice sounds (the short lead after a play or a seek) it stands where it starts:
    // the position never runs back, so a key pressed meanwhile moves on from the seek itself.
    const now = Math.max(this.context.currentTime, this.voice.startsAt);
    const at = positionOnClock(now, this.voice.origin, 0);
    return Math.min(at, this.current.buffer.duration);
  }

  duration(): number {
    return this.current?.buffer.duration ?? 0;
  }

  isDecoded(trackId: number): boolean {
    return this.buffers.has(trackId);
  }

  /** Reads and decodes a track ahead; failures leave it to the <audio> element. */
  decode(track: PlayerTrack): void {
    if (track.duration_ms > MAX_DECODED_TRACK_MS) return;
    if (this.buffers.has(track.id) || this.pending.has(track.id)) return;
    const work = this.fetchAudio(streamUrl(track.id))
      .then((response) => {
        if (!response.ok) throw new Error(`stream answered ${response.status}`);
        return response.arrayBuffer();
      })
      .then((bytes) => this.context.decodeAudioData(bytes))
      .then(
        (buffer) => {
          if (this.pending.get(track.id) !== work) return;
          this.buffers.set(track.id, buffer);
          this.pending.delete(track.id);
          this.hooks.onDecoded(track.id);
        },
        () => {
          // Not decodable here (or the network failed): this track stays on the element.
          this.pending.delete(track.id);
        },
      );
    this.pending.set(track.id, work);
  }

  /** Drops decoded tracks other than these, so memory holds two tracks at most. */
  keepOnly(trackIds: number[]): void {
    for (const id of [...this.buffers.keys()]) if (!trackIds.includes(id)) this.buffers.delete(id);
    for (const id of [...this.pending.keys()]) if (!trackIds.includes(id)) this.pending.delete(id);
  }

  /**
   * The queued track becomes the current one (the store moved on to it): it already plays, or
   * is about to, on its scheduled sample. False when something else was queued.
   */
  adopt(trackId: number): boolean {
    const queued = this.queued;
    if (!queued || queued.voice.track.id !== trackId) return false;
    this.queued = null;
    clearTimeout(this.advanceTimer);
    // The track leaving plays on to its end (or through its fade) by itself.
    if (this.voice) this.tails.add(this.voice);
    this.voice = queued.voice;
    this.voiceSerial++;
    this.current = { track: queued.voice.track, buffer: queued.voice.buffer, pausedAt: 0 };
    return true;
  }

  /**
   * Makes `track` current from its decoded buffer at `offset` seconds, paused. With
   * `fadeFrom` (the gain of the element playing it until now), it starts at once and takes
   * over from the element by a short crossfade. False when the track is not decoded.
   */
  load(track: PlayerTrack, offset: number, fadeFrom: GainNode | null = null): boolean {
    const buffer = this.buffers.get(track.id);
    if (!buffer) return false;
    this.stop();
    this.current = { track, buffer, pausedAt: Math.min(offset, buffer.duration) };
    if (fadeFrom) {
      const when = this.context.currentTime + START_LEAD_SECONDS;
      const voice = this.startVoice(
        track,
        buffer,
        when,
        this.current.pausedAt + START_LEAD_SECONDS,
      );
      voice.gain.gain.setValueAtTime(0, when);
      voice.gain.gain.linearRampToValueAtTime(voice.level, when + DECLICK_SECONDS);
      fadeFrom.gain.setValueAtTime(fadeFrom.gain.value, when);
      fadeFrom.gain.linearRampToValueAtTime(0, when + DECLICK_SECONDS);
      this.voice = voice;
      this.voiceSerial++;
    }
    return true;
  }

  play(): void {
    if (!this.current || this.voice) return;
    void this.context.resume();
    const when = this.context.currentTime + START_LEAD_SECONDS;
    this.voice = this.startVoice(
      this.current.track,
      this.current.buffer,
      when,
      this.current.pausedAt,
    );
    this.voiceSerial++;
  }

  pause(): void {
    if (!this.current || !this.voice) return;
    this.current.pausedAt = this.position();
    this.silence(this.voice);
    this.voice = null;
    this.cancelQueued();
    this.dropTails();
  }

  /** Moves within the current track; a fade in progress is abandoned (its tail cut short). */
  seek(offset: number): void {
    if (!this.current) return;
    const wasPlaying = this.voice !== null;
    this.pause();
    this.current.pausedAt = Math.min(Math.max(0, offset), this.current.buffer.duration);
    if (wasPlaying) this.play();
  }

  /** Stops everything; the next track played starts from the element or its buffer afresh. */
  stop(): void {
    if (this.voice) this.silence(this.voice);
    this.voice = null;
    this.current = null;
    this.cancelQueued();
    this.dropTails();
  }

  setVolume(volume: number): void {
    const now = this.context.currentTime;
    this.master.gain.cancelScheduledValues(now);
    this.master.gain.setTargetAtTime(volume, now, 0.01);
  }

  /**
   * Queues the next track behind the playing one, or keeps the plan already made when nothing
   * it depends on changed. Decodes the next track first when needed.
   */
  planNext(plan: NextPlan): void {
    const { track } = plan;
    const playing = this.current && this.voice ? this.voice : null;
    if (!track || !playing || track.duration_ms > MAX_DECODED_TRACK_MS) {
      this.cancelQueued();
      return;
    }
    const buffer = this.buffers.get(track.id);
    if (!buffer) {
      this.cancelQueued();
      this.decode(track);
      return;
    }
    const currentEndsAt = endOnClock(playing.origin, 0, playing.buffer.duration);
    const transition = planTransition({
      currentEndsAt,
      currentDuration: playing.buffer.duration,
      nextDuration: buffer.duration,
      crossfadeSeconds: plan.crossfadeSeconds,
      gapless: plan.gapless,
    });
    const key = `${this.voiceSerial}:${track.id}:${transition.fadeSeconds}`;
    if (this.queued?.key === key) return;
    this.cancelQueued();
    // Too late to fade as planned (a seek into the last seconds): join back to back instead.
    const now = this.context.currentTime;
    const fade = transition.nextStartsAt > now + START_LEAD_SECONDS ? transition.fadeSeconds : 0;
    const startsAt = fade > 0 ? transition.nextStartsAt : Math.max(currentEndsAt, now);
    const voice = this.startVoice(track, buffer, startsAt, 0);
    if (fade > 0) {
      const curves = equalPowerCurves(FADE_CURVE_POINTS, playing.level, voice.level);
      voice.gain.gain.setValueCurveAtTime(curves.fadeIn, startsAt, fade);
      playing.gain.gain.setValueCurveAtTime(curves.fadeOut, startsAt, fade);
    }
    this.queued = { voice, key, startsAt };
    clearTimeout(this.advanceTimer);
    const delayMs = Math.max(0, (startsAt - now) * 1000);
    this.advanceTimer = setTimeout(() => this.handOn(), delayMs);
  }

  dispose(): void {
    this.stop();
    this.master.disconnect();
  }

  /** The queued track has started: the store moves on (and adopts it). */
  private handOn() {
    if (!this.queued) return;
    if (this.queued.startsAt > this.context.currentTime + 0.005) {
      // Timers run early or late; wait for the audio clock itself.
      const delayMs = (this.queued.startsAt - this.context.currentTime) * 1000;
      this.advanceTimer = setTimeout(() => this.handOn(), delayMs);
      return;
    }
    this.hooks.onEnded();
  }

  private startVoice(track: PlayerTrack, buffer: AudioBuffer, when: number, offset: number) {
    const rate = this.context.sampleRate;
    // On whole samples, so the next track's first sample follows this one's last exactly.
    const at = Math.round(when * rate) / rate;
    const from = Math.round(Math.min(offset, buffer.duration) * rate) / rate;
    const source = this.context.createBufferSource();
    source.buffer = buffer;
    const gain = this.context.createGain();
    const level = this.trackGain(track);
    gain.gain.value = level;
    source.connect(gain).connect(this.master);
    const voice: Voice = { track, buffer, source, gain, origin: at - from, startsAt: at, level };
    source.onended = () => {
      gain.disconnect();
      this.tails.delete(voice);
      if (voice !== this.voice || !this.current) return;
      if (this.queued) {
        this.handOn();
        return;
      }
      this.voice = null;
      this.current.pausedAt = this.current.buffer.duration;
      this.hooks.onEnded();
    };
    source.start(at, from);
    return voice;
  }

  /** Fades a voice out quickly and stops it; its end no longer counts as the track's end. */
  private silence(voice: Voice) {
    const now = this.context.currentTime;
    voice.source.onended = () => voice.gain.disconnect();
    holdAt(voice.gain.gain, voice.gain.gain.value, now);
    voice.gain.gain.linearRampToValueAtTime(0, now + DECLICK_SECONDS);
    try {
      voice.source.stop(now + DECLICK_SECONDS);
    } catch {
      // Already stopped.
    }
  }

  private cancelQueued() {
    clearTimeout(this.advanceTimer);
    if (!this.queued) return;
    this.silence(this.queued.voice);
    this.queued = null;
    // The playing track no longer fades out towards it.
    if (this.voice) holdAt(this.voice.gain.gain, this.voice.level, this.context.currentTime);
  }

  private dropTails() {
    for (const tail of this.tails) this.silence(tail);
    this.tails.clear();
  }
}
