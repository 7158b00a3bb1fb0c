/** Parses LRC text (`[01:02.50]words`, several stamps per line allowed) into timed lines. */
export function parseLrc(text: string): { timeMs: number; text: string }[] {
  const lines: { timeMs: number; text: string }[] = [];
  const stamp = /\[(\d{1,3}):(\d{1,2})(?:[.:](\d{1,3}))?\]/g;
  for (const raw of text.split(/\r?\n/)) {
    const stamps = [...raw.matchAll(stamp)];
    if (stamps.length === 0) continue;
    const words = raw.replace(stamp, '').trim();
    for (const match of stamps) {
      const fraction = match[3] ?? '0';
      const ms = Number(fraction.padEnd(3, '0').slice(0, 3));
      lines.push({ timeMs: (Number(match[1]) * 60 + Number(match[2])) * 1000 + ms, text: words });
    }
  }
  return lines.sort((a, b) => a.timeMs - b.timeMs);
}

/** Timed lines as LRC text, as an editor shows them: `[01:02.50]words`. */
export function toLrc(lines: { time_ms: number; text: string }[]): string {
  return lines
    .map(({ time_ms, text }) => {
      const minutes = Math.floor(time_ms / 60_000);
      const seconds = ((time_ms % 60_000) / 1000).toFixed(2).padStart(5, '0');
      return `[${String(minutes).padStart(2, '0')}:${seconds}]${text}`;
    })
    .join('\n');
}

/** The index of the synced line sung at this position (-1 before the first). */
export function activeLineIndex(times: readonly number[], positionMs: number): number {
  let active = -1;
  for (let i = 0; i < times.length; i++) {
    if (times[i]! <= positionMs) active = i;
    else break;
  }
  return active;
}
