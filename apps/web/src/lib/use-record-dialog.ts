import { useCallback, useState } from 'react';

/**
 * A dialog about one record (a row's detail, its edit form): the record outlives the dialog's
 * closing transition, so its content does not blank out as it fades. `open` and `close` keep their
 * identity, so rows that take them do not render again.
 */
export function useRecordDialog<T>() {
  const [record, setRecord] = useState<T | null>(null);
  const [opened, setOpened] = useState(false);
  const open = useCallback((next: T) => {
    setRecord(next);
    setOpened(true);
  }, []);
  const close = useCallback(() => setOpened(false), []);
  return { record, opened, open, close };
}
