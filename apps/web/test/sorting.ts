import type { RouteDef } from '@sapi/contract';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';

interface SortCheck {
  user: UserEvent;
  stub: { bodiesOf: (route: RouteDef) => unknown[] };
  route: RouteDef;
  /** The column's heading as shown (Thai). */
  header: string;
  /** The field the list sends as `sort`. */
  field: string;
  /** The order a first click asks for (names A→Z, dates newest first). */
  first: 'asc' | 'desc';
}

/**
 * A sortable column as the user meets it: its header is a button with `aria-sort` none; a click asks
 * the server for the column's first order from page 1 and the header says so; the next click asks for
 * the other order.
 */
export const expectSortableHeader = async ({ user, stub, route, header, field, first }: SortCheck) => {
  const table = screen.getByRole('table');
  const th = within(table).getByRole('columnheader', { name: header });
  expect(th.getAttribute('aria-sort')).toBe('none');
  const other = first === 'asc' ? 'desc' : 'asc';
  const aria = { asc: 'ascending', desc: 'descending' } as const;
  await user.click(within(th).getByRole('button', { name: header }));
  await waitFor(() =>
    expect(stub.bodiesOf(route).at(-1)).toMatchObject({ sort: field, order: first, page: 1 }),
  );
  await waitFor(() => expect(th.getAttribute('aria-sort')).toBe(aria[first]));
  await user.click(within(th).getByRole('button', { name: header }));
  await waitFor(() => expect(stub.bodiesOf(route).at(-1)).toMatchObject({ sort: field, order: other }));
  await waitFor(() => expect(th.getAttribute('aria-sort')).toBe(aria[other]));
};

/** A column the server cannot sort cheaply: a plain heading, no button, no aria-sort. */
export const expectPlainHeader = (header: string) => {
  const th = within(screen.getByRole('table')).getByRole('columnheader', { name: header });
  expect(within(th).queryByRole('button')).toBeNull();
  expect(th.getAttribute('aria-sort')).toBeNull();
};
