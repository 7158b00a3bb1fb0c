/*
 * A recorder on the way to the speakers, for the journeys and the benchmark: every sample a page
 * sends to its AudioContext's destination is kept with its time on the audio clock, and every
 * AudioBufferSourceNode started is noted with its start time and offset.
 */

export interface SourceStart {
  when: number;
  offset: number;
  seconds: number;
}

export interface AudioTap {
  starts: SourceStart[];
  chunks: { time: number; samples: Float32Array }[];
  recording: boolean;
  rate: number;
  context: AudioContext | null;
  /** What was recorded between two times on the audio clock, as one run of samples. */
  between(from: number, to: number): number[];
  /** The longest run of silence (in ms) recorded between two times. */
  longestQuietMs(from: number, to: number, threshold?: number): number;
  /** The largest step between two consecutive samples (a click), across recorded pieces that join. */
  largestStep(from: number, to: number): number;
  /** The audio-clock time of the first sample louder than `threshold`, or null. */
  firstSound(threshold?: number): number | null;
}

declare global {
  interface Window {
    audioTap: AudioTap;
  }
}

/** Runs in the page before its scripts (`addInitScript`); self-contained for that reason. */
export function installAudioTap() {
  const tap: AudioTap = {
    starts: [],
    chunks: [],
    recording: false,
    rate: 0,
    context: null,
    between(from, to) {
      const picked: number[] = [];
      for (const chunk of tap.chunks) {
        chunk.samples.forEach((sample, i) => {
          const time = chunk.time + i / tap.rate;
          if (time >= from && time < to) picked.push(sample);
        });
      }
      return picked;
    },
    longestQuietMs(from, to, threshold = 0.005) {
      let longest = 0;
      let quiet = 0;
      for (const sample of tap.between(from, to)) {
        quiet = Math.abs(sample) < threshold ? quiet + 1 : 0;
        longest = Math.max(longest, quiet);
      }
      return (longest / tap.rate) * 1000;
    },
    largestStep(from, to) {
      let largest = 0;
      let previous: number | null = null;
      let expected = Number.NaN;
      for (const chunk of tap.chunks) {
        // A piece the page was too busy to record breaks the run: no step across it.
        if (Math.abs(chunk.time - expected) > 0.5 / tap.rate) previous = null;
        chunk.samples.forEach((sample, i) => {
          const time = chunk.time + i / tap.rate;
          if (time < from || time >= to) {
            previous = null;
            return;
          }
          if (previous !== null) largest = Math.max(largest, Math.abs(sample - previous));
          previous = sample;
        });
        expected = chunk.time + chunk.samples.length / tap.rate;
      }
      return largest;
    },
    firstSound(threshold = 0.01) {
      for (const chunk of tap.chunks) {
        const at = chunk.samples.findIndex((sample) => Math.abs(sample) >= threshold);
        if (at !== -1) return chunk.time + at / tap.rate;
      }
      return null;
    },
  };
  window.audioTap = tap;
  const start = AudioBufferSourceNode.prototype.start;
  AudioBufferSourceNode.prototype.start = function (when = 0, offset = 0, duration?: number) {
    tap.starts.push({ when, offset, seconds: this.buffer?.duration ?? 0 });
    return duration === undefined
      ? start.call(this, when, offset)
      : start.call(this, when, offset, duration);
  };
  // Recorded on the audio thread itself, so a busy page loses nothing and every block of 128
  // samples carries its own time (the page needs bypassCSP to load this module from a blob).
  const processor = `registerProcessor('audio-tap', class extends AudioWorkletProcessor {
    process(inputs) {
      const channel = inputs[0] && inputs[0][0];
      if (channel) this.port.postMessage({ time: currentTime, samples: channel.slice() });
      return true;
    }
  });`;
  const moduleUrl = URL.createObjectURL(new Blob([processor], { type: 'text/javascript' }));
  const connect = AudioNode.prototype.connect as (
    this: AudioNode,
    destination: AudioNode,
  ) => AudioNode;
  AudioNode.prototype.connect = function (this: AudioNode, destination: AudioNode) {
    const result = connect.call(this, destination);
    if (destination instanceof AudioDestinationNode && tap.rate === 0) {
      const context = this.context as AudioContext;
      tap.context = context;
      tap.rate = context.sampleRate;
      void context.audioWorklet.addModule(moduleUrl).then(() => {
        const recorder = new AudioWorkletNode(context, 'audio-tap', {
          channelCount: 1,
          channelCountMode: 'explicit',
        });
        const silent = context.createGain();
        silent.gain.value = 0;
        connect.call(this, recorder);
        connect.call(recorder, silent);
        connect.call(silent, context.destination);
        recorder.port.onmessage = (
          event: MessageEvent<{ time: number; samples: Float32Array }>,
        ) => {
          if (tap.recording) tap.chunks.push(event.data);
        };
      });
    }
    return result;
  } as typeof AudioNode.prototype.connect;
}
