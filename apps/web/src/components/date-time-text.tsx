import { formatDateTime } from '../lib/format';

/** An ISO timestamp shown as `dd/MM/yyyy HH:mm:ss`. */
export function DateTimeText({ value }: { value: string | null | undefined }) {
  if (!value) return <>—</>;
  return <time dateTime={value}>{formatDateTime(value)}</time>;
}
