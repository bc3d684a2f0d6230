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
  /** Changes the file before it is saved (e.g. keeps the lines of the rows shown). */
  transform?: (csv: string) => string;
}

/** The screen's "Add" button. */
export interface ListAdd {
  label: string;
  onClick: () => void;
  icon?: Icon;
  /** A longer name for assistive technology and the tooltip. */
  title?: string;
}

interface ListScreenBase<R extends RouteDef, K extends string> {
  /** The state from `useListScreen`. */
  list: ListScreenState<R, K>;
  title: string;
  description?: ReactNode;
  /** Further header buttons, before the export. */
  actions?: ReactNode;
  /** The "Add" button, after the export; absent when the user may not add. */
  add?: ListAdd | null;
  /** "Export CSV" of the applied filters; null while there is nothing to export. */
  exportCsv?: ListExport<R> | null;
  /** Between the header and the filters (e.g. count tiles). */
  above?: ReactNode;
  /** The filter fields (`TextFilter`, `DateRangeFilter`, …) of the filter bar. */
  filters: ReactNode;
}

/** The standard table of the list's rows, with its states and pager from the list. */
interface StandardTable<R extends RouteDef> {
  /** The table's accessible name; the title when not given. */
  caption?: string;
  columns: Column<RecordOf<R>>[];
  rowKey: (row: RecordOf<R>) => string;
  rowProps?: (row: RecordOf<R>) => Record<string, string | undefined>;
  onRowClick?: (row: RecordOf<R>) => void;
  emptyTitle?: string;
  emptyDescription?: string;
  /** A totals row under the rows, by column key. */
  footer?: Partial<Record<string, ReactNode>>;
  content?: undefined;
}

/**
 * Something of the screen's own in place of the standard table: a table of its own made from
 * `list.table` (the transaction table, a report with its chart), or a prompt for a missing filter.
 */
interface OwnContent {
  content: ReactNode;
  columns?: undefined;
}

export type ListScreenProps<R extends RouteDef, K extends string> = ListScreenBase<R, K> &
  (StandardTable<R> | OwnContent);

/**
 * A list screen: title with export and actions, the filter bar (Search, Clear), the table with its
 * loading, empty (no-data picture) and error (red banner, retry) states, and the pager. Dialogs stay
 * with the screen, beside this.
 */
export function ListScreen<R extends RouteDef, K extends string>(props: ListScreenProps<R, K>) {
  const { list, title, description, actions, add, exportCsv, above, filters } = props;
  return (
    <>
      <PageHeader
        title={title}
        description={description}
        actions={
          actions || exportCsv || add ? (
            <>
              {actions}
              {exportCsv ? (
                <ExportButton
                  route={exportCsv.route}
                  body={list.body}
                  filename={exportCsv.filename}
                  {...(exportCsv.params ? { params: exportCsv.params } : {})}
                  {...(exportCsv.transform ? { transform: exportCsv.transform } : {})}
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
      {props.columns === undefined ? props.content : <StandardListTable {...props} />}
    </>
  );
}

function StandardListTable<R extends RouteDef, K extends string>({
  list,
  title,
  caption,
  columns,
  rowKey,
  rowProps,
  onRowClick,
  emptyTitle,
  emptyDescription,
  footer,
}: ListScreenBase<R, K> & StandardTable<R>) {
  return (
    <DataTable
      caption={caption ?? title}
      columns={columns}
      rowKey={rowKey}
      {...(rowProps ? { rowProps } : {})}
      {...(onRowClick ? { onRowClick } : {})}
      {...(emptyTitle ? { emptyTitle } : {})}
      {...(emptyDescription ? { emptyDescription } : {})}
      {...(footer ? { footer } : {})}
      {...list.table}
      sort={list.sort}
    />
  );
}

function AddButton({ label, onClick, icon: AddIcon = IconPlus, title }: ListAdd) {
  return (
    <Button leftSection={<AddIcon size={18} aria-hidden />} onClick={onClick} title={title}>
      {label}
    </Button>
  );
}
