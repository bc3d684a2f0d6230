/** Ascending or descending, as the list routes take it (contract `sortFields`). */
export type SortOrder = 'asc' | 'desc';

/** A list's sorting as its table shows it, and how a header asks for another. */
export interface TableSort {
  /** The field sorted on, '' for the list's own order. */
  field: string;
  order: SortOrder;
  onSort: (field: string, order: SortOrder) => void;
}
