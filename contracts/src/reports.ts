import { z } from 'zod';
import { DAY_MS } from './time.js';

/** A calendar day as YYYY-MM-DD (2026-02-30 is not one). */
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-01-31.')
  .refine((value) => {
    const time = Date.parse(`${value}T00:00:00Z`);
    return !Number.isNaN(time) && new Date(time).toISOString().startsWith(value);
  }, 'Use a date like 2026-01-31.');

/** The range of a report: the last N days, or two dates (both included). */
export const reportQuerySchema = z
  .object({
    days: z.coerce.number().int().min(1).max(366).optional(),
    from: day.optional(),
    to: day.optional(),
  })
  .refine((query) => !query.from === !query.to, {
    message: 'Give both dates of the range.',
    path: ['to'],
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: 'The range must end after it starts.',
    path: ['to'],
  })
  .refine(
    (query) =>
      !query.from ||
      !query.to ||
      Date.parse(`${query.to}T00:00:00Z`) - Date.parse(`${query.from}T00:00:00Z`) < 366 * DAY_MS,
    { message: 'A report covers a year at most.', path: ['to'] },
  );

const count = z.object({ name: z.string(), count: z.number() });
const ranked = z.object({ id: z.number(), name: z.string(), count: z.number() });

export const reportSchema = z.object({
  /** The first and last day of the report (UTC). */
  from: z.string(),
  to: z.string(),
  totals: z.object({
    plays: z.number(),
    listeners: z.number(),
    new_users: z.number(),
    active_subscriptions: z.number(),
    /** Monthly recurring revenue now, in minor units, by currency. */
    monthly_revenue: z.array(z.object({ currency: z.string(), amount: z.number() })),
    /** Charged in the range less refunds, in minor units, by currency; with the payments' count. */
    revenue: z.array(z.object({ currency: z.string(), amount: z.number(), payments: z.number() })),
  }),
  /** Every day of the range, days without activity included. */
  days: z.array(
    z.object({ day: z.string(), plays: z.number(), listeners: z.number(), new_users: z.number() }),
  ),
  top_tracks: z.array(ranked),
  top_artists: z.array(ranked),
  top_albums: z.array(ranked),
  devices: z.array(count),
  browsers: z.array(count),
  platforms: z.array(count),
  countries: z.array(count),
});
export type Report = z.infer<typeof reportSchema>;
