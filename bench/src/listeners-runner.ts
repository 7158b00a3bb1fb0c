// Listeners playing one track at once, in a process of its own: each reads the stream as a
// player does, a few seconds ahead of where it plays and no further (the socket paused in
// between), starts playing once it holds PREBUFFER seconds, and stalls whenever what it has
// falls behind what it plays. Reads a job as JSON on standard input; prints the figures as JSON.
import http from 'node:http';
import { jobOf } from './child.js';

export interface ListenersJob {
  url: string;
  listeners: number;
  seconds: number;
  /** The audio's bytes per second of playing time. */
  bytesPerSecond: number;
}

export interface ListenersResult {
  listeners: number;
  /** Times a listener ran out of audio while playing. */
  stalls: number;
  stalledListeners: number;
  /** Milliseconds from asking to the first audio byte. */
  firstByte: { p50: number; p99: number; max: number };
  failed: number;
}

const PREBUFFER_SECONDS = 2;
const AHEAD_SECONDS = 10;
const TICK_MS = 100;

function listen(job: ListenersJob, until: number) {
  return new Promise<{ stalls: number; firstByte: number; failed: boolean }>((resolve) => {
    const asked = performance.now();
    let received = 0;
    let firstByte = NaN;
    let playingSince: number | null = null;
    let stalls = 0;
    let underrun = false;
    let ended = false;
    const request = http.get(job.url, { agent: false }, (response) => {
      if (response.statusCode !== 200 && response.statusCode !== 206) {
        finish(true);
        return;
      }
      response.on('data', (chunk: Buffer) => {
        if (Number.isNaN(firstByte)) firstByte = performance.now() - asked;
        received += chunk.length;
      });
      response.on('end', () => (ended = true));
      const tick = setInterval(() => {
        const now = performance.now();
        if (now >= until) {
          clearInterval(tick);
          finish(false);
          return;
        }
        if (playingSince === null) {
          if (received >= PREBUFFER_SECONDS * job.bytesPerSecond || ended) playingSince = now;
          return;
        }
        const played = ((now - playingSince) / 1000) * job.bytesPerSecond;
        if (received < played && !ended) {
          // Out of audio: the player waits, and its clock with it.
          if (!underrun) stalls++;
          underrun = true;
          playingSince += TICK_MS;
        } else {
          underrun = false;
        }
        if (received - played > AHEAD_SECONDS * job.bytesPerSecond) response.pause();
        else response.resume();
      }, TICK_MS);
    });
    request.on('error', () => finish(true));
    let done = false;
    function finish(failed: boolean) {
      if (done) return;
      done = true;
      request.destroy();
      resolve({ stalls, firstByte, failed });
    }
  });
}

const job = await jobOf<ListenersJob>();
const until = performance.now() + job.seconds * 1000;
const results = await Promise.all(Array.from({ length: job.listeners }, () => listen(job, until)));
const firstBytes = results
  .map((result) => result.firstByte)
  .filter((ms) => !Number.isNaN(ms))
  .sort((a, b) => a - b);
const at = (share: number) =>
  firstBytes[Math.min(firstBytes.length - 1, Math.floor(firstBytes.length * share))] ?? NaN;
const result: ListenersResult = {
  listeners: job.listeners,
  stalls: results.reduce((sum, r) => sum + r.stalls, 0),
  stalledListeners: results.filter((r) => r.stalls > 0).length,
  firstByte: { p50: at(0.5), p99: at(0.99), max: firstBytes.at(-1) ?? NaN },
  failed: results.filter((r) => r.failed).length,
};
process.stdout.write(JSON.stringify(result) + '\n');
