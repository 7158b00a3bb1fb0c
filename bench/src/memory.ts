// The app's memory as Linux counts it: resident set now, and its peak since the process began.
import fs from 'node:fs';
import { burst } from './load.js';
import { note } from './http.js';

const MB = 1024 * 1024;

/** Resident and peak resident set of a process, in MB (from /proc; Linux only). */
export function memoryOf(pid: number): { rss: number; peak: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) =>
    Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]);
  return { rss: (kb('VmRSS') * 1024) / MB, peak: (kb('VmHWM') * 1024) / MB };
}

/** `--soak 600`: how many seconds the soak runs; 0 when it is not asked for. */
export function soakSeconds(): number {
  const at = process.argv.indexOf('--soak');
  return at === -1 ? 0 : Number(process.argv[at + 1] ?? 600);
}

/**
 * Loads the calls in turn with 200 connections for `seconds`, sampling the resident set after
 * each call; the samples of the first minute are the warm-up the rest is compared with.
 */
export async function soak(pid: number, urls: string[], seconds: number) {
  const samples: { at: number; rss: number }[] = [];
  const started = Date.now();
  const round = Math.min(30, seconds);
  while (Date.now() - started < seconds * 1000) {
    for (const url of urls) {
      if (Date.now() - started >= seconds * 1000) break;
      await burst(url, round, 200);
      const at = Math.round((Date.now() - started) / 1000);
      samples.push({ at, rss: memoryOf(pid).rss });
      note(`soak: ${at} s, resident ${memoryOf(pid).rss.toFixed(0)} MB`);
    }
  }
  const settled = samples.filter((sample) => sample.at > 60);
  const first = settled[0] ?? samples[0]!;
  const last = samples[samples.length - 1]!;
  return { samples, from: first.rss, to: last.rss, growth: last.rss - first.rss };
}
