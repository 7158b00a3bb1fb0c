import { i18n } from '../../../i18n/i18n';

/** Where a track's audio streams from: the player, the preloader and saved-offline tracks. */
export function streamUrl(trackId: number): string {
  return `/api/v1/tracks/${trackId}/stream`;
}

/** Learns why the stream failed, so the toast can say something useful. */
export async function streamFailureMessage(trackId: number): Promise<string> {
  const t = i18n.t.bind(i18n);
  try {
    const response = await fetch(streamUrl(trackId), {
      headers: { Range: 'bytes=0-0' },
      credentials: 'same-origin',
    });
    if (response.status === 401 || response.status === 403) {
      return t('Log in to listen to this track.');
    }
    if (response.status === 404) return t('This track is no longer available.');
  } catch {
    return t('Could not reach the server to play this track.');
  }
  return t('This track could not be played.');
}
