import { MAX_YEAR, MIN_YEAR } from '@sapi/contract';
import { reachableClearButton } from '../../components/clear-button';
import '@mantine/dates/styles.css';
import { Select } from '@mantine/core';
import { MonthPickerInput } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { AgentPicker } from '../../components/agent-picker';
import { BrandPicker } from '../../components/brand-picker';
import { DateTimeFilterInput } from '../../components/date-time-filter-input';
import { businessMonth, daysInMonth } from '../../lib/business-time';
import { useSelf } from '../../lib/session';
import { intIn, monthName, parseMonthKey } from './report-utils';

interface FieldProps {
  value: string;
  onChange: (value: string) => void;
  /** Why the server refused the value, under the field. */
  error?: string | undefined;
}

/** The agent of a report: one agent, or empty for the whole platform (`all`). */
export function AgentField({ value, onChange, error }: FieldProps) {
  const { t } = useTranslation();
  // `all` is the agent side's agent and downline (docs/design.md §16).
  const agentSide = useSelf().kind !== 'staff';
  return (
    <AgentPicker
      label={t('reports.filters.agent')}
      value={value === 'all' ? '' : value}
      onChange={(id) => onChange(id === '' ? 'all' : id)}
      error={error}
      placeholder={agentSide ? t('reports.agentSide.allAgents') : t('reports.filters.allPlatform')}
      clearable
      w={270}
      data-testid="filter-agent"
    />
  );
}

/**
 * Day of the month (optional: empty = every day); only the days the chosen month has. `notice` says
 * under the field why its day is not the one the user chose.
 */
export function DayField({
  value,
  onChange,
  error,
  month,
  year,
  notice,
}: FieldProps & { month: string; year: string; notice?: string | undefined }) {
  const { t } = useTranslation();
  const days = daysInMonth(intIn(year, MIN_YEAR, MAX_YEAR) ?? 2000, intIn(month, 1, 12) ?? 1);
  return (
    <Select
      label={t('reports.filters.day')}
      placeholder={t('reports.filters.allDays')}
      data={Array.from({ length: days }, (_, i) => String(i + 1))}
      value={value === '' ? null : String(Number(value))}
      onChange={(next) => onChange(next ?? '')}
      error={error}
      description={notice}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      clearable
      clearButtonProps={reachableClearButton(t('reports.filters.clear', { label: t('reports.filters.day') }))}
      w={notice ? 200 : 120}
      data-testid="filter-day"
    />
  );
}

/** Month of the year by name; optional where the report allows the whole year. */
export function MonthField({
  value,
  onChange,
  error,
  optional = false,
}: FieldProps & { optional?: boolean }) {
  const { t, i18n } = useTranslation();
  const data = Array.from({ length: 12 }, (_, i) => ({ value: String(i + 1), label: monthName(i + 1) }));
  return (
    <Select
      key={i18n.language}
      label={t('reports.filters.month')}
      placeholder={optional ? t('reports.filters.allMonths') : t('reports.filters.month')}
      data={data}
      value={value === '' ? null : String(Number(value))}
      onChange={(next) => onChange(next ?? '')}
      error={error}
      clearable={optional}
      allowDeselect={optional}
      clearButtonProps={reachableClearButton(
        t('reports.filters.clear', { label: t('reports.filters.month') }),
      )}
      w={150}
      data-testid="filter-month"
    />
  );
}

/** Year: the last ten years and the current one (and whatever the URL holds). */
export function YearField({ value, onChange, error }: FieldProps) {
  const { t } = useTranslation();
  const current = businessMonth().year;
  const years = new Set(Array.from({ length: 11 }, (_, i) => String(current - i)));
  if (intIn(value, MIN_YEAR, MAX_YEAR) !== undefined) years.add(value);
  return (
    <Select
      label={t('reports.filters.year')}
      data={[...years].sort().reverse()}
      value={value === '' ? null : value}
      onChange={(next) => onChange(next ?? value)}
      error={error}
      allowDeselect={false}
      w={110}
      data-testid="filter-year"
    />
  );
}

/** Game brand: one of every registered game provider (a by-game report needs one). */
export function BrandField({ value, onChange, error }: FieldProps) {
  const { t } = useTranslation();
  return (
    <BrandPicker
      label={t('reports.filters.brand')}
      value={value}
      onChange={onChange}
      error={error}
      required
      w={200}
      data-testid="filter-brand"
    />
  );
}

/** The agent (or the whole platform) and the one game brand of a by-game report. */
export function AgentBrandFields({
  agent,
  gameBrand,
  set,
  errors,
}: {
  agent: string;
  gameBrand: string;
  set: (patch: { agent?: string; gameBrand?: string }) => void;
  errors: { agent?: string | undefined; gameBrand?: string | undefined };
}) {
  return (
    <>
      <AgentField value={agent} onChange={(next) => set({ agent: next })} error={errors.agent} />
      <BrandField value={gameBrand} onChange={(next) => set({ gameBrand: next })} error={errors.gameBrand} />
    </>
  );
}

/** A date-time of the report time zone, kept as `YYYY-MM-DDTHH:mm` in the filters and the URL. */
export function DateTimeField({
  label,
  value,
  onChange,
  error,
  edge,
}: FieldProps & { label: string; edge: 'start' | 'end' }) {
  return (
    <DateTimeFilterInput
      label={label}
      value={value}
      onChange={onChange}
      error={error}
      edge={edge}
      data-testid={`filter-${edge === 'start' ? 'from' : 'to'}`}
    />
  );
}

/** A month, kept as `YYYY-MM`. */
export function MonthPickerField({
  label,
  value,
  onChange,
  error,
  testId,
  minDate,
  maxDate,
}: FieldProps & { label: string; testId: string; minDate?: string; maxDate?: string }) {
  const { t, i18n } = useTranslation();
  return (
    <MonthPickerInput
      label={label}
      value={value ? `${value}-01` : null}
      onChange={(next) => onChange(typeof next === 'string' ? next.slice(0, 7) : '')}
      error={error}
      valueFormat="MMMM YYYY"
      placeholder={t('reports.filters.monthPlaceholder')}
      locale={i18n.language}
      leftSection={<IconCalendar size={16} aria-hidden />}
      minDate={minDate}
      maxDate={maxDate}
      w={180}
      data-testid={testId}
    />
  );
}

/** From and to months; the range stays within one year (the API's body is one month or one year). */
export function MonthRangeFields({
  from,
  to,
  set,
  errors,
  sameYear = false,
}: {
  from: string;
  to: string;
  set: (patch: { from?: string; to?: string }) => void;
  /** Why the server refused either month, under it. */
  errors: { from?: string | undefined; to?: string | undefined };
  sameYear?: boolean;
}) {
  const { t } = useTranslation();
  const start = parseMonthKey(from);
  return (
    <>
      <MonthPickerField
        label={t('reports.filters.fromMonth')}
        value={from}
        error={errors.from}
        testId="filter-from"
        onChange={(next) => {
          const a = parseMonthKey(next);
          const b = parseMonthKey(to);
          // Keep the range valid: the end follows the start into its year, never before it.
          if (a && b && (next > to || (sameYear && a.year !== b.year))) set({ from: next, to: next });
          else set({ from: next });
        }}
      />
      <MonthPickerField
        label={t('reports.filters.toMonth')}
        value={to}
        error={errors.to}
        testId="filter-to"
        onChange={(next) => set({ to: next })}
        {...(start ? { minDate: `${from}-01` } : {})}
        {...(start && sameYear ? { maxDate: `${start.year}-12-31` } : {})}
      />
    </>
  );
}
