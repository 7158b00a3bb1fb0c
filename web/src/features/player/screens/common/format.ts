/** 3:07 or 1:02:03, for track lengths. */
export function formatDuration(ms: number): string {
  const total = Math.max(0, Math.round(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours > 0
    ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}`
    : `${minutes}:${seconds}`;
}

/** Total length in whole minutes, for album headers. */
export function totalMinutes(ms: number): number {
  return Math.max(1, Math.round(ms / 60000));
}
