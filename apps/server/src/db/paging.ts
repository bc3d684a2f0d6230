import { and, lt, type SQL } from 'drizzle-orm';
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

/**
 * One filtered list read two ways: numbered pages with a total (the screen) and keyset batches
 * below an id (the CSV export). `fetch` must order newest id first.
 */
export const listing = <Row, Dto>(o: {
  where: SQL | undefined;
  id: PgColumn;
  idOf: (row: Row) => bigint;
  toDto: (row: Row) => Dto;
  fetch: (where: SQL | undefined, limit: number, offset: number) => Promise<Row[]>;
  count: (where: SQL | undefined) => Promise<number>;
}) => ({
  list: (q: PageQuery) =>
    listPage(
      q,
      (limit, offset) => o.fetch(o.where, limit, offset),
      () => o.count(o.where),
      o.toDto,
    ),
  exportPage: async (after: bigint | undefined, limit: number) => {
    const rows = await o.fetch(and(o.where, after === undefined ? undefined : lt(o.id, after)), limit, 0);
    const last = rows[rows.length - 1];
    return { rows: rows.map(o.toDto), next: rows.length < limit || !last ? undefined : o.idOf(last) };
  },
});
