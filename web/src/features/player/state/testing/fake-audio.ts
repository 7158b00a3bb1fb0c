/** Just enough of HTMLAudioElement for the engine: the state it reads and the events it hears. */
export class FakeAudio extends EventTarget {
  paused = true;
  ended = false;
  error: MediaError | null = null;
  currentTime = 0;
  duration = NaN;
  volume = 1;
  muted = false;
  preload = '';
  playbackRate = 1;
  defaultPlaybackRate = 1;
  preservesPitch = false;
  buffered = { length: 0, end: (_i: number) => 0 };
  private attrs = new Map<string, string>();
  playCalls = 0;
  /** How many sources were given: each one is a new read. */
  sourcesGiven = 0;
  /** Refuses play() as a browser does before the listener's first gesture. */
  rejectPlay = false;

  get src() {
    return this.attrs.get('src') ?? '';
  }
  set src(value: string) {
    this.attrs.set('src', value);
    this.sourcesGiven++;
    this.currentTime = 0;
    this.paused = true;
  }
  getAttribute(name: string) {
    return this.attrs.get(name) ?? null;
  }
  removeAttribute(name: string) {
    this.attrs.delete(name);
  }
  load() {}
  play() {
    this.playCalls++;
    if (this.rejectPlay) {
      return Promise.reject(new DOMException('No gesture yet', 'NotAllowedError'));
    }
    this.paused = false;
    this.dispatchEvent(new Event('play'));
    return Promise.resolve();
  }
  pause() {
    if (this.paused) return;
    this.paused = true;
    this.dispatchEvent(new Event('pause'));
  }
  /** The browser played up to `seconds`. */
  advanceTo(seconds: number) {
    this.currentTime = seconds;
    this.dispatchEvent(new Event('timeupdate'));
  }
  finish() {
    this.paused = true;
    this.ended = true;
    this.dispatchEvent(new Event('pause'));
    this.dispatchEvent(new Event('ended'));
    this.ended = false;
  }
}
