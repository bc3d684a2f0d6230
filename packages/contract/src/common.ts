import { z } from 'zod';
import { coded } from './issues.ts';
import type { ContractIssueCode } from './messages.ts';

/** The largest value a PostgreSQL `bigint` (our ids) holds: 2^63 − 1. */
export const MAX_ID = '9223372036854775807';
/** Decimal digits without a leading zero, at most 2^63 − 1 (same length: decimal strings compare as numbers). */
const isRecordId = (v: string) => /^[1-9][0-9]{0,18}$/.test(v) && (v.length < MAX_ID.length || v <= MAX_ID);
/**
 * Record ids are strings named `_id` (docs/design.md §4); ours are decimal bigints, so at most 2^63 − 1. One
 * rule with one code: a malformed id and a too large one are the same mistake to the user.
 */
export const idText = z
  .string()
  .refine(isRecordId, coded('record_id', 'must be a record id', { maximum: MAX_ID }));
/**
 * A record id as clients send it (the decimal string), read as the bigint the database keys on.
 * Unions take `idText` and convert after: a failed branch that transforms counts as aborted, and
 * the union would then hide the id's own issue behind `invalid_union`.
 */
export const idSchema = idText.transform((v) => BigInt(v));
export const idParamsSchema = z.object({ id: idSchema });
/** An id filter: empty or absent means no filter. */
export const idFilter = z
  .union([idText, z.literal('')])
  .optional()
  .transform((v) => (v ? BigInt(v) : undefined));

/**
 * Invisible format characters (Unicode category Cf: zero-width space and joiners, the word joiner, the
 * BOM, the soft hyphen, bidi controls such as U+202E): in a name or code they make values that read
 * alike yet differ (`g1`, `g1\u200b` and `g\u200d1` would be three report rows reading "g1"), a name
 * that reads as nothing, or one that reads backwards.
 */
const invisibleChar = /\p{Cf}/u;
/** Does the text hold no invisible format character? */
export const isVisibleText = (v: string) => !invisibleChar.test(v);
const invisibleIssue = () =>
  coded(
    'invisible_characters',
    'must not contain invisible characters (zero-width or text-direction controls)',
  );
/**
 * The one rule for every name, code and identifier people read (usernames, prefixes, agent codes,
 * provider names and codenames, the ingest's bet ids, game brands and game codes): no invisible format
 * character. Not for passwords and secrets (any character is theirs) nor free labels kept verbatim.
 * A refinement: chain it after the field's own checks, as `nameChars` does.
 */
export const refuseInvisible = (v: string, ctx: z.RefinementCtx): void => {
  if (!isVisibleText(v)) ctx.addIssue({ code: 'custom', input: v, ...invisibleIssue() });
};

/**
 * A name of `pattern`'s characters. Spaces around an otherwise good name (a paste's) are said as such,
 * and so are invisible characters: "wrong characters" would name a mistake the user cannot see.
 */
export const nameChars =
  (pattern: RegExp, code: ContractIssueCode, message: string) => (v: string, ctx: z.RefinementCtx) => {
    if (!isVisibleText(v)) return refuseInvisible(v, ctx);
    if (pattern.test(v)) return;
    const spaced = v !== v.trim() && pattern.test(v.trim());
    ctx.addIssue({
      code: 'custom',
      input: v,
      ...(spaced ? coded('surrounding_spaces', 'must not start or end with a space') : coded(code, message)),
    });
  };

export const usernameSchema = z
  .string()
  .min(3, 'must be 3 to 32 characters')
  .max(32, 'must be 3 to 32 characters')
  .superRefine(nameChars(/^[a-zA-Z0-9_]*$/, 'username_chars', 'may contain only letters, digits and _'));
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

/**
 * Years every date input must fall in: PostgreSQL has no year 0 and JavaScript dates end in 275760, so
 * the edges of either give errors or nonsense; no business date of this product is outside these.
 */
export const MIN_YEAR = 1900;
export const MAX_YEAR = 2200;
const inYears = (v: string) => {
  const year = new Date(v).getUTCFullYear();
  return year >= MIN_YEAR && year <= MAX_YEAR;
};
const yearsIssue = () =>
  coded('date_range', `must be a date in the years ${MIN_YEAR}..${MAX_YEAR}`, {
    minimum: MIN_YEAR,
    maximum: MAX_YEAR,
  });
/**
 * Fractions of a second beyond milliseconds: a JavaScript date keeps milliseconds and PostgreSQL
 * rounds beyond microseconds, so two instants sent apart could be stored or compared as one.
 */
const atMostMilliseconds = (v: string) => !/\.\d{4,}/.test(v);
const precisionIssue = () =>
  coded('date_precision', 'may have at most 3 digits of a second (milliseconds)', { maximum: 3 });
/** An ISO date-time with offset, in the years MIN_YEAR..MAX_YEAR: every date-time input goes through it. */
export const isoDateTimeInput = z.iso
  .datetime({ offset: true })
  .refine(atMostMilliseconds, precisionIssue())
  .refine(inYears, yearsIssue());
/** An ISO date or date-time (pickers send either), in the years MIN_YEAR..MAX_YEAR. */
export const isoDateInput = z
  .union([z.iso.datetime({ offset: true }), z.iso.date()])
  .refine(atMostMilliseconds, precisionIssue())
  .refine(inYears, yearsIssue());

/** Date filter: ISO date or date-time; empty or absent means no filter. */
export const dateFilter = z
  .union([isoDateInput, z.literal('')])
  .optional()
  .transform((v) => (v === undefined || v === '' ? undefined : new Date(v)));

/** Unpaired UTF-16 surrogates: they have no UTF-8 form, so PostgreSQL would store something else. */
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** Can PostgreSQL `text` hold this string as sent? Not with a NUL, and UTF-8 has no lone surrogates. */
export const isStorableText = (v: string) => !v.includes('\u0000') && !loneSurrogate.test(v);
const unstorable = () => coded('text_unstorable', 'must not contain NUL characters or unpaired surrogates');
/** A string PostgreSQL can store, for forms that want the rule on one field. */
export const storableText = z.string().refine(isStorableText, unstorable());

/** Path of every string anywhere in a value that PostgreSQL cannot store. */
const unstorablePaths = (value: unknown, path: PropertyKey[], out: PropertyKey[][]): PropertyKey[][] => {
  if (typeof value === 'string') {
    if (!isStorableText(value)) out.push(path);
  } else if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) unstorablePaths(v, [...path, i], out);
  } else if (
    value !== null &&
    typeof value === 'object' &&
    Object.getPrototypeOf(value) === Object.prototype
  ) {
    for (const [k, v] of Object.entries(value)) unstorablePaths(v, [...path, k], out);
  }
  return out;
};
/**
 * The rule every route input goes through (the `route()` helper of routes.ts applies it to each body
 * and params schema, so a new route cannot forget it): no string, in any field at any depth, that
 * PostgreSQL cannot store. It runs on the parsed value, so only fields the route keeps are looked at.
 */
export const refuseUnstorableText = (value: unknown, ctx: z.RefinementCtx) => {
  for (const path of unstorablePaths(value, [], [])) ctx.addIssue({ code: 'custom', path, ...unstorable() });
};

/**
 * Deepest row a numbered page may start at: OFFSET reads and discards every row before it, so a deep
 * page costs as much as all the pages before it. Page 1000 of 100 (row 99,900) is still served.
 */
export const MAX_PAGE_OFFSET = 100_000;
/** The last numbered page served at a page size: the one starting at most MAX_PAGE_OFFSET rows deep. */
export const lastServedPage = (limit: number) => Math.floor(MAX_PAGE_OFFSET / limit) + 1;
/** List bodies refuse pages that start beyond MAX_PAGE_OFFSET, before any query runs. */
export const refuseDeepPage = (v: { page: number; limit: number }, ctx: z.RefinementCtx) => {
  if (v.page <= lastServedPage(v.limit)) return;
  const maximum = lastServedPage(v.limit);
  ctx.addIssue({
    code: 'custom',
    path: ['page'],
    ...coded(
      'page_too_deep',
      `must be at most ${maximum} with limit ${v.limit}: pages may start at most ${MAX_PAGE_OFFSET} rows deep; narrow the filters`,
      { maximum },
    ),
  });
};

/**
 * A list's date range the wrong way round finds nothing: refused on `endDate` (2001) rather than
 * answered with an empty list that reads as "no records".
 */
export const refuseReversedDates = (
  v: { startDate?: Date | undefined; endDate?: Date | undefined },
  ctx: z.RefinementCtx,
) => {
  if (v.startDate === undefined || v.endDate === undefined || v.startDate <= v.endDate) return;
  ctx.addIssue({
    code: 'custom',
    path: ['endDate'],
    ...coded('end_before_start', 'must not be before startDate'),
  });
};

export const MAX_LIMIT = 100;
export const MAX_EXPORT_LIMIT = 500;

/**
 * A whole number from 1 to `max`, sent as a number or as its digits (a URL's query). Not
 * `z.coerce`, which reads `true` as 1 and `[5]` as 5: a wrong type is refused, not guessed.
 */
export const countField = (max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^[0-9]{1,16}$/.test(v) ? Number(v) : v),
    z.number().int().min(1).max(max),
  );

export const sortOrders = ['asc', 'desc'] as const;
export type SortOrder = (typeof sortOrders)[number];

/**
 * A list's sorting: `sort` one of the columns the server sorts cheaply (an index reads them in order),
 * `order` ascending or descending; '' or absent is the list's own order (newest first). Ties are broken
 * by id, so pages never repeat or skip a row.
 */
export const sortFields = <const F extends readonly [string, ...string[]]>(fields: F) => ({
  sort: z
    .union([z.enum(fields), z.literal('')])
    .optional()
    .transform((v) => (v === '' ? undefined : v)),
  order: z
    .union([z.enum(sortOrders), z.literal('')])
    .optional()
    .transform((v) => (v === '' || v === undefined ? ('asc' as const) : v)),
});

export const pageFields = (defaultLimit: number) => ({
  page: countField(1_000_000).default(1),
  limit: countField(MAX_LIMIT).default(defaultLimit),
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

/**
 * At most two decimals (satang): amounts are stored as bigint minor units (docs/design.md §6). Judged on
 * the number as written, its shortest decimal form (`String`), not on `v * 100` (0.29 * 100 is
 * 28.999999999999996, and a tolerance there would let 10.000000001 through, to be rounded to 10).
 */
export const hasCents = (v: number) => {
  const [digits = '', exponent = '0'] = String(v).split('e');
  return (digits.split('.')[1]?.length ?? 0) - Number(exponent) <= 2;
};
export const centsIssue = () => coded('decimals', 'may have at most 2 decimals', { maximum: 2 });

/** Money in major units with at most 2 decimals (stored as bigint minor units, docs/design.md §4). */
export const moneySchema = z
  .number()
  .finite()
  .min(0, 'must not be negative')
  .max(MAX_MONEY, 'is too large')
  .refine(hasCents, centsIssue());

/** Percentage 0..100 with at most 2 decimals: one rule for both ends, so the user reads the whole range. */
export const percentSchema = z
  .number()
  .finite()
  .refine(
    (v) => v >= 0 && v <= 100,
    coded('percent_range', 'must be between 0 and 100', { minimum: 0, maximum: 100 }),
  )
  .refine(hasCents, centsIssue());

const httpUrl = z.url({ protocol: /^https?$/ });
/** zod's url check with a code of our own: its `invalid_format` cannot say "http or https". */
export const httpUrlSchema = z
  .string()
  // Spaces around a pasted address are no part of it (the callback would fail on them).
  .trim()
  .max(2048, 'must be at most 2048 characters')
  .refine((v) => httpUrl.safeParse(v).success, coded('http_url', 'must be an http(s) URL'));

/**
 * A list whose entries must each appear once: a repeat is refused where it stands (`path: [index]`,
 * the repeated value as `param`), never dropped, so what is stored is what was sent.
 */
export const eachOnce =
  (code: ContractIssueCode, param: string) =>
  (items: readonly string[], ctx: z.RefinementCtx): void => {
    const seen = new Set<string>();
    items.forEach((item, index) => {
      if (seen.has(item))
        ctx.addIssue({
          code: 'custom',
          path: [index],
          ...coded(code, `lists "${item}" twice`, { [param]: item }),
        });
      seen.add(item);
    });
  };
