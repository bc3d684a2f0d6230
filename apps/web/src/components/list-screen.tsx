import { Button } from '@mantine/core';
import type { RouteDef } from '@sapi/contract';
import { type Icon, IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { ListScreenState, RecordOf } from '../lib/use-list-screen';
import { type Column, DataTable } from './data-table';
import { ExportButton } from './export-button';
import { FilterBar } from './filter-bar';
import { PageHeader } from './page-header';

/** The CSV twin of a list route: the same body schema, a file for an answer. */
export interface ListExport<R extends RouteDef> {
  route: RouteDef<R['body']>;
  filename: string;
  params?: Record<string, string>;
}

/** The screen's "Add" button. */
export interface ListAdd {
  label: string;
  onClick: () => void;
  icon?: Icon;
  /** A longer name for assistive technology and the tooltip. */
  title?: string;
}

export interface ListScreenProps<R extends RouteDef, K extends string> {
  /** The state from `useListScreen`. */
  list: ListScreenState<R, K>;
  title: string;
  description?: ReactNode;
  /** The "Add" button, after the export; absent when the user may not add. */
  add?: ListAdd | null;
  /** "Export CSV" of the applied filters. */
  exportCsv?: ListExport<R>;
  /** Between the header and the filters (e.g. count tiles). */
  above?: ReactNode;
  /** The filter fields (`TextFilter`, `DateRangeFilter`, …) of the filter bar. */
  filters: ReactNode;
  /** The table's accessible name; the title when not given. */
  caption?: string;
  columns: Column<RecordOf<R>>[];
  rowKey: (row: RecordOf<R>) => string;
  rowProps?: (row: RecordOf<R>) => Record<string, string | undefined>;
  onRowClick?: (row: RecordOf<R>) => void;
  emptyTitle?: string;
  emptyDescription?: string;
}

/**
 * A list screen: title with export and actions, the filter bar (Search, Clear), the table with its
 * loading, empty (no-data picture) and error (red banner, retry) states, and the pager. Dialogs stay
 * with the screen, beside this.
 */
export function ListScreen<R extends RouteDef, K extends string>({
  list,
  title,
  description,
  add,
  exportCsv,
  above,
  filters,
  caption,
  ...table
}: ListScreenProps<R, K>) {
  return (
    <>
      <PageHeader
        title={title}
        description={description}
        actions={
          exportCsv || add ? (
            <>
              {exportCsv ? (
                <ExportButton
                  route={exportCsv.route}
                  body={list.body}
                  filename={exportCsv.filename}
                  {...(exportCsv.params ? { params: exportCsv.params } : {})}
                />
              ) : null}
              {add ? <AddButton {...add} /> : null}
            </>
          ) : null
        }
      />
      {above}
      <FilterBar onSearch={list.search} onReset={list.clear} searching={list.searching}>
        {filters}
      </FilterBar>
      <DataTable caption={caption ?? title} {...table} {...list.table} />
    </>
  );
}

function AddButton({ label, onClick, icon: AddIcon = IconPlus, title }: ListAdd) {
  return (
    <Button leftSection={<AddIcon size={18} aria-hidden />} onClick={onClick} title={title}>
      {label}
    </Button>
  );
}
