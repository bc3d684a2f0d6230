const formatters = new Map<string, Intl.DateTimeFormat>();

/** The calendar date (YYYY-MM-DD) of an instant in a time zone. */
export const dateInZone = (instant: Date, timeZone: string): string => {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formatters.set(timeZone, f);
  }
  return f.format(instant);
};

/** The first day (YYYY-MM-01) of the month a date-or-instant string falls in, in the time zone. */
export const monthOf = (value: string, timeZone: string): string => {
  const day = /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : dateInZone(new Date(value), timeZone);
  return `${day.slice(0, 7)}-01`;
};
