import { z } from 'zod';

export * from './http-constants.js';

/** A query parameter holding a list, sent comma-joined or repeated. */
export const commaList = z
  .preprocess((value) => {
    if (value === undefined || value === null || value === '') return [];
    const parts = Array.isArray(value) ? value : [value];
    return parts
      .flatMap((part) => String(part).split(','))
      .map((part) => part.trim())
      .filter(Boolean);
  }, z.array(z.string()))
  .optional();

export const errorBodySchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.union([z.string(), z.array(z.string())])).optional(),
  /** A way out the client offers with the message, such as the plans that allow the action. */
  action: z.object({ label: z.string(), action: z.string() }).optional(),
});

export type ErrorBody = z.infer<typeof errorBodySchema>;

/** One stack frame of the debug trace sent with a 5xx when debugging is on. */
export interface TraceFrame {
  path: string;
  lineNumber: number;
  method: string;
  codeSnippet: Record<number, string>;
  flatIndex: number;
  vendor: boolean;
}

/** Consecutive vendor frames are grouped so the error dialog can collapse them. */
export type TraceItem = TraceFrame | { vendorGroup: true; frames: TraceFrame[] };

export interface DebugErrorBody extends ErrorBody {
  ignitionTrace: true;
  exception: string;
  trace: TraceItem[];
  totalVendorGroups: number;
}

export interface Pagination<T> {
  data: T[];
  current_page: number;
  per_page: number;
  total: number;
  last_page: number;
}

const WHOLE_NUMBER = 'Expected a whole number.';

/** The largest value of a database `integer` column, which ids are. */
export const INTEGER_MAX = 2_147_483_647;

/** The id a path segment names, or undefined when it is not one (too large for a column, too). */
export function idFrom(text: string): number | undefined {
  if (!/^\d{1,10}$/.test(text)) return undefined;
  const id = Number(text);
  return id >= 1 && id <= INTEGER_MAX ? id : undefined;
}

/**
 * A whole number, from JSON (a number) or from a path or query string (digits only). Unlike a
 * plain coercion, '', ' ', null, false, [], '1e3' and '0x10' are refused rather than read as
 * some number. At most `INTEGER_MAX` unless `max` says otherwise, so an id never overflows a
 * database column.
 */
export function integer({ min, max = INTEGER_MAX }: { min?: number; max?: number } = {}) {
  let number = z.number().int(WHOLE_NUMBER).max(max);
  if (min !== undefined) number = number.min(min);
  return z
    .union(
      [
        z.number(),
        z
          .string()
          .regex(/^-?\d{1,16}$/, WHOLE_NUMBER)
          .transform(Number),
      ],
      {
        message: WHOLE_NUMBER,
      },
    )
    .pipe(number);
}

/** A page of a list in the shape of DESIGN.md §4. */
export function paginated<T>(
  data: T[],
  total: number,
  { page, perPage }: { page: number; perPage: number },
): Pagination<T> {
  return {
    data,
    current_page: page,
    per_page: perPage,
    total,
    last_page: Math.max(1, Math.ceil(total / perPage)),
  };
}

export const paginationQuerySchema = z.object({
  page: integer({ min: 1 }).default(1),
  perPage: integer({ min: 1, max: 100 }).default(15),
});

/** The list query of every admin table (DESIGN.md §8). */
export const adminListQuerySchema = paginationQuerySchema.extend({
  query: z.string().trim().max(200).optional(),
  orderBy: z.string().trim().max(50).optional(),
  orderDir: z.enum(['asc', 'desc']).optional(),
});
export type AdminListQuery = z.infer<typeof adminListQuerySchema>;

export function paginationSchema<T extends z.ZodType>(item: T) {
  return z.object({
    pagination: z.object({
      data: z.array(item),
      current_page: z.number(),
      per_page: z.number(),
      total: z.number(),
      last_page: z.number(),
    }),
  });
}
