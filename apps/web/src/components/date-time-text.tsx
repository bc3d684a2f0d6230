import { formatDateTime } from '../lib/format';

/** An ISO timestamp shown as `dd/MM/yyyy HH:mm:ss`, never broken between the date and the time. */
export function DateTimeText({ value }: { value: string | null | undefined }) {
  if (!value) return <>—</>;
  return (
    <time dateTime={value} style={{ whiteSpace: 'nowrap' }}>
      {formatDateTime(value)}
    </time>
  );
}
