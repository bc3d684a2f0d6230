export interface DiffRow {
  field: string;
  before: unknown;
  after: unknown;
  changed: boolean;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Field-by-field before/after of an audit record; a non-object side counts as one "value" field. */
export const diffFields = (before: unknown, after: unknown): DiffRow[] => {
  if (before == null && after == null) return [];
  const left = isRecord(before) ? before : before == null ? {} : { value: before };
  const right = isRecord(after) ? after : after == null ? {} : { value: after };
  const fields = [...new Set([...Object.keys(right), ...Object.keys(left)])];
  return fields.map((field) => ({
    field,
    before: left[field],
    after: right[field],
    changed: !same(left[field], right[field]),
  }));
};
