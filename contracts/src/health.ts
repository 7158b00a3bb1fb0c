import { z } from 'zod';

/** One dependency's state: `absent` when the app runs without it (no Redis: in-process). */
export const checkStateSchema = z.enum(['ok', 'error', 'absent']);

/**
 * `GET /api/v1/health/ready` (DESIGN.md §9): whether this instance can serve, each dependency
 * checked within a short time. 200 with `ok`, or 503 with `unavailable` and the failing check
 * set to `error`.
 */
export const readinessSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  checks: z.object({
    database: checkStateSchema,
    redis: checkStateSchema,
    storage: checkStateSchema,
  }),
});

export type CheckState = z.infer<typeof checkStateSchema>;
export type Readiness = z.infer<typeof readinessSchema>;
