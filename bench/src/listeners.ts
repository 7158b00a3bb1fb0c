// Many listeners on one track at once (listeners-runner.ts, in a process of its own), and how
// soon a transcoded stream starts.
import { runScript } from './child.js';
import type { ListenersJob, ListenersResult } from './listeners-runner.js';

export const runListeners = (job: ListenersJob) =>
  runScript<ListenersResult>('listeners-runner.ts', job);

/**
 * Milliseconds from asking for a transcoded stream to its first audio byte, `count` times one
 * after another: the p50, p99 and slowest.
 */
export async function transcodedStarts(url: string, count: number) {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const asked = performance.now();
    const response = await fetch(url);
    const reader = response.body!.getReader();
    const { value } = await reader.read();
    times.push(performance.now() - asked);
    await reader.cancel();
    if (!response.ok || !value?.length) throw new Error(`${url}: ${response.status}, no audio`);
  }
  times.sort((a, b) => a - b);
  return {
    p50: times[Math.floor(count / 2)]!,
    p99: times[Math.min(count - 1, Math.floor(count * 0.99))]!,
    max: times.at(-1)!,
  };
}
