/** Where a track's audio streams from: the player, the preloader and saved-offline tracks. */
export function streamUrl(trackId: number): string {
  return `/api/v1/tracks/${trackId}/stream`;
}
