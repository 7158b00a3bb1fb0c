/* The operating system's media controls, as the playback engine sets them. */

/** Sets or clears the handler of a media session action (null clears). */
export function setSessionHandler(
  mediaSession: MediaSession | null,
  action: MediaSessionAction,
  handler: MediaSessionActionHandler | null,
) {
  try {
    mediaSession?.setActionHandler(action, handler);
  } catch {
    // The browser does not know this action.
  }
}
