/** The service refused the user's token or session: it will not take it again. */
export class ScrobblerRejectedError extends Error {
  override name = 'ScrobblerRejectedError';
}

/** The service failed or could not be reached: worth another try later. */
export class ScrobblerUnavailableError extends Error {
  override name = 'ScrobblerUnavailableError';
}

/** What one listen says about its track, as both services take it. */
export interface ScrobbledTrack {
  artist: string;
  title: string;
  album: string | null;
  durationMs: number;
  /** The MusicBrainz recording, when the file's tags named it: the services match by it first. */
  recordingMbid: string | null;
}

export const REQUEST_TIMEOUT_MS = 10_000;

/** A fetch that fails (refused, timed out) as a service out of reach, so it is retried. */
export async function reach(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  } catch (error) {
    throw new ScrobblerUnavailableError(
      `${new URL(url).host} could not be reached: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}
