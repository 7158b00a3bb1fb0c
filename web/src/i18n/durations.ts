/** Whole seconds as a clock shows them: 3:07, or 1:02:03 past an hour. */
function clock(totalSeconds: number): string {
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = String(totalSeconds % 60).padStart(2, '0');
  return hours > 0
    ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}`
    : `${minutes}:${seconds}`;
}

/** Elapsed and total time in the player; a position is never shown ahead of the music. */
export function formatTime(ms: number): string {
  return clock(Math.max(0, Math.floor((Number.isFinite(ms) ? ms : 0) / 1000)));
}

/** A track's length, to the nearest second. */
export function formatDuration(ms: number): string {
  return clock(Math.max(0, Math.round(ms / 1000)));
}

/** Total length in whole minutes, for album headers. */
export function totalMinutes(ms: number): number {
  return Math.max(1, Math.round(ms / 60000));
}
