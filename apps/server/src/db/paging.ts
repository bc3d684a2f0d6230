import { and, asc, desc, lt, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

export interface PageQuery {
  page: number;
  limit: number;
}

/** A list answer of docs/design.md §4 from a page of rows and the total count, run side by side. */
export const listPage = async <Row, Dto>(
  q: PageQuery,
  rows: (limit: number, offset: number) => Promise<Row[]>,
  total: () => Promise<number>,
  toDto: (row: Row) => Dto,
) => {
  const [page, n] = await Promise.all([rows(q.limit, (q.page - 1) * q.limit), total()]);
  return { records: page.map(toDto), page: q.page, limit: q.limit, total: n };
};

/** The ORDER BY of a list sorted on one column, ties broken by id in the same direction (stable pages). */
export const sortedBy = (column: SQL | PgColumn, id: PgColumn, order: 'asc' | 'desc'): SQL[] =>
  order === 'asc' ? [asc(column), asc(id)] : [desc(column), desc(id)];

/**
 * A list's sorting as its body asks (contract `sortFields`): the ORDER BY of the column named by `sort`,
 * from the list's own map of the fields it sorts to the expressions an index (or a bounded table) reads
 * in order, ties by id; undefined when the list keeps its own order.
 */
export const sortOf = <F extends string>(
  q: { sort?: F | undefined; order: 'asc' | 'desc' },
  columns: Record<F, SQL | PgColumn>,
  id: PgColumn,
): SQL[] | undefined => (q.sort === undefined ? undefined : sortedBy(columns[q.sort], id, q.order));

/**
 * One filtered list read two ways: numbered pages with a total (the screen) and keyset batches
 * below an id (the CSV export). `fetch` orders by `order` when given (a sorted screen), else newest id
 * first — the order the export's keyset needs, so an export is always newest first.
 */
export const listing = <Row, Dto>(o: {
  where: SQL | undefined;
  id: PgColumn;
  idOf: (row: Row) => bigint;
  toDto: (row: Row) => Dto;
  fetch: (where: SQL | undefined, limit: number, offset: number, order?: SQL[]) => Promise<Row[]>;
  count: (where: SQL | undefined) => Promise<number>;
  /** The screen's order (a column the user sorted on); absent: newest id first. */
  order?: SQL[] | undefined;
}) => ({
  list: (q: PageQuery) =>
    listPage(
      q,
      (limit, offset) => o.fetch(o.where, limit, offset, o.order),
      () => o.count(o.where),
      o.toDto,
    ),
  exportPage: async (after: bigint | undefined, limit: number) => {
    const rows = await o.fetch(and(o.where, after === undefined ? undefined : lt(o.id, after)), limit, 0);
    const last = rows[rows.length - 1];
    return { rows: rows.map(o.toDto), next: rows.length < limit || !last ? undefined : o.idOf(last) };
  },
});
