// Apart from the device schemas, so the player listens without loading zod.

/** The live stream's events about the listener's players. */
export const DEVICE_EVENTS = {
  /** A command for this player: `{action, value?, playback?}`. */
  command: 'player-command',
  /** The listener's players changed: `{devices}`, as `GET /api/v1/me/devices` answers. */
  devices: 'player-devices',
} as const;

/** The query parameter naming the player that opens the live stream. */
export const DEVICE_STREAM_PARAM = 'device';
