import { z } from 'zod';

/** Record ids are strings named `_id` (DESIGN §4); ours are decimal bigints. */
export const idSchema = z.string().regex(/^[1-9][0-9]{0,18}$/, 'must be a record id');
export const idParamsSchema = z.object({ id: idSchema });
/** An id filter: empty or absent means no filter. */
export const idFilter = z
  .union([idSchema, z.literal('')])
  .optional()
  .transform((v) => (v ? v : undefined));

export const usernameSchema = z
  .string()
  .min(3, 'must be 3 to 32 characters')
  .max(32, 'must be 3 to 32 characters')
  .regex(/^[a-zA-Z0-9_]+$/, 'may contain only letters, digits and _');
export const passwordSchema = z
  .string()
  .min(8, 'must be 8 to 128 characters')
  .max(128, 'must be 8 to 128 characters');

/** Text filter: case-insensitive "contains"; empty or absent means no filter. */
export const textFilter = z
  .string()
  .max(100)
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

/** Boolean filter accepting 0/1 as the spec sends them, true/false, or '' for no filter. */
export const boolFilter = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.enum(['0', '1', 'true', 'false', ''])])
  .optional()
  .transform((v) => {
    if (v === undefined || v === '') return undefined;
    return v === true || v === 1 || v === '1' || v === 'true';
  });

/** Date filter: ISO date or date-time; empty or absent means no filter. */
export const dateFilter = z
  .union([z.iso.datetime({ offset: true }), z.iso.date(), z.literal('')])
  .optional()
  .transform((v) => (v === undefined || v === '' ? undefined : new Date(v)));

export const MAX_LIMIT = 100;
export const MAX_EXPORT_LIMIT = 500;

export const pageFields = (defaultLimit: number) => ({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(MAX_LIMIT).default(defaultLimit),
});

export const listDataSchema = <T extends z.ZodType>(record: T) =>
  z.object({
    records: z.array(record),
    page: z.number(),
    limit: z.number(),
    total: z.number(),
  });
export interface ListData<T> {
  records: T[];
  page: number;
  limit: number;
  total: number;
}

export const isoTimestamp = z.string();
export const emptyBodySchema = z.object({}).optional();

/** Largest amount in major units we accept: far beyond any bet, well inside exact doubles. */
export const MAX_MONEY = 1_000_000_000_000;

/** Money in major units with at most 2 decimals (stored as bigint minor units, DESIGN §4). */
export const moneySchema = z
  .number()
  .finite()
  .min(0, 'must not be negative')
  .max(MAX_MONEY, 'is too large')
  .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, 'may have at most 2 decimals');

/** Percentage 0..100 with at most 2 decimals. */
export const percentSchema = z
  .number()
  .finite()
  .min(0, 'must be between 0 and 100')
  .max(100, 'must be between 0 and 100')
  .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, 'may have at most 2 decimals');

export const httpUrlSchema = z
  .string()
  .max(2048, 'must be at most 2048 characters')
  .pipe(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }));
