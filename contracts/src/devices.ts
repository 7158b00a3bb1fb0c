import { z } from 'zod';

/** A player's id: made by the player itself when it opens (letters, digits, `-` and `_`). */
export const deviceIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, 'A device id is 8 to 64 letters, digits, dashes or underscores.');

/** The longest queue a player reports (the play queue's own limit). */
export const DEVICE_QUEUE_MAX = 1000;
/** How often an open player reports its state while nothing changes. */
export const DEVICE_REPORT_INTERVAL_MS = 10_000;
/** A player silent for this long is taken as closed and leaves the list. */
export const DEVICE_SILENT_AFTER_MS = 30_000;

/** What a player reports: `PUT /api/v1/me/devices/{id}`, on each change and every few seconds. */
export const deviceReportSchema = z.object({
  /** The queue's tracks in play order; `index` is the current one's place in it. */
  track_ids: z.array(z.number().int().min(1)).max(DEVICE_QUEUE_MAX),
  index: z.number().int().min(0),
  is_playing: z.boolean(),
  position_ms: z
    .number()
    .min(0)
    .max(2 ** 31 - 1),
  volume: z.number().min(0).max(1),
});
export type DeviceReport = z.infer<typeof deviceReportSchema>;

export const deviceTrackSchema = z.object({
  id: z.number(),
  name: z.string(),
  duration_ms: z.number(),
  artists: z.array(z.object({ id: z.number(), name: z.string() })),
  image: z.string().nullable(),
});

/** One of the listener's open players, as `GET /api/v1/me/devices` lists it. */
export const deviceSchema = z.object({
  id: z.string(),
  /** From its browser and system, e.g. "Chrome on Linux". */
  name: z.string(),
  type: z.enum(['desktop', 'mobile', 'tablet']),
  track: deviceTrackSchema.nullable(),
  is_playing: z.boolean(),
  /** Where it is now (moved on from its last report while it plays). */
  position_ms: z.number(),
  volume: z.number(),
  last_seen_at: z.string(),
});
export type Device = z.infer<typeof deviceSchema>;

export const devicesSchema = z.object({ devices: z.array(deviceSchema) });

export const DEVICE_ACTIONS = [
  'play',
  'pause',
  'next',
  'previous',
  'seek',
  'volume',
  'transfer',
] as const;
export type DeviceAction = (typeof DEVICE_ACTIONS)[number];

/** `POST /api/v1/me/devices/{id}/commands`: seek takes seconds (≥ 0), volume 0 to 1. */
export const deviceCommandSchema = z
  .object({ action: z.enum(DEVICE_ACTIONS), value: z.number().optional() })
  .superRefine((command, context) => {
    const { action, value } = command;
    if (action === 'seek' && (value === undefined || !Number.isFinite(value) || value < 0)) {
      context.addIssue({
        code: 'custom',
        path: ['value'],
        message: 'Seeking needs a value: the position in seconds, 0 or more.',
      });
    }
    if (action === 'volume' && (value === undefined || !(value >= 0 && value <= 1))) {
      context.addIssue({
        code: 'custom',
        path: ['value'],
        message: 'Setting the volume needs a value from 0 to 1.',
      });
    }
  });
export type DeviceCommand = z.infer<typeof deviceCommandSchema>;
