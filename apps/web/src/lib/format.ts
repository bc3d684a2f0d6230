import dayjs from 'dayjs';
import { businessDateTime } from './business-time';

/** Date-time in tables and dialogs (docs/spec.md §9). */
export const DATE_TIME_FORMAT = 'DD/MM/YYYY HH:mm:ss';
/** Date shown in date filters. */
export const DATE_FORMAT = 'DD/MM/YYYY';
/** Date kept in URLs and filter state. */
export const DATE_KEY_FORMAT = 'YYYY-MM-DD';

const numberFormat = new Intl.NumberFormat('th-TH');
const moneyFormat = new Intl.NumberFormat('th-TH', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * `dd/MM/yyyy HH:mm:ss` on the business clock (lib/business-time), whichever zone the browser
 * is in, or '—'; a value that is no date is shown as it came.
 */
export const formatDateTime = (iso: string | null | undefined): string => {
  if (!iso) return '—';
  return businessDateTime(iso) ?? iso;
};

export const formatNumber = (value: number): string => numberFormat.format(value);

/**
 * Amounts: rounded to 2 decimals, Thai locale (docs/spec.md §2). A report sum from 10^15 satang on arrives as a
 * decimal string, which Intl.NumberFormat formats exactly (a number would round).
 */
export const formatMoney = (value: number | string): string =>
  typeof value === 'string'
    ? moneyFormat.format(value as Intl.StringNumericLiteral)
    : moneyFormat.format(Math.round(value * 100) / 100);

const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:?\d{2})$/;
export const isIsoTimestamp = (value: unknown): value is string =>
  typeof value === 'string' && ISO_TIMESTAMP.test(value);

const validDateKey = (key: string | null | undefined) =>
  key && /^\d{4}-\d{2}-\d{2}$/.test(key) && dayjs(key, DATE_KEY_FORMAT).isValid() ? key : undefined;

/** A `YYYY-MM-DD` filter date as the ISO instant its local day starts at (inclusive range start). */
export const startOfDayIso = (key: string | null | undefined): string | undefined => {
  const valid = validDateKey(key);
  return valid ? dayjs(valid).startOf('day').toISOString() : undefined;
};

/** A `YYYY-MM-DD` filter date as the ISO instant its local day ends at (inclusive range end). */
export const endOfDayIso = (key: string | null | undefined): string | undefined => {
  const valid = validDateKey(key);
  return valid ? dayjs(valid).endOf('day').toISOString() : undefined;
};
