import '@mantine/charts/styles.css';
import { CompositeChart } from '@mantine/charts';
import { Paper, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/format';

export interface TrendPoint {
  label: string;
  turnover: number;
  winLose: number;
}

/** The trend above a report's table: turnover as bars, win/lose as a line, per day or month. */
export function ReportChart({ data }: { data: TrendPoint[] }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="md" mb="md" component="section" aria-labelledby="report-chart-title">
      <Title order={2} fz="md" mb="sm" id="report-chart-title">
        {t('reports.chart.title')}
      </Title>
      <figure aria-label={t('reports.chart.label')} style={{ margin: 0 }} data-testid="report-chart">
        <CompositeChart
          h={240}
          data={data}
          dataKey="label"
          series={[
            { name: 'turnover', label: t('reports.chart.turnover'), color: 'indigo.4', type: 'bar' },
            { name: 'winLose', label: t('reports.chart.winLose'), color: 'orange.8', type: 'line' },
          ]}
          valueFormatter={formatMoney}
          withLegend
          legendProps={{ verticalAlign: 'top', height: 36 }}
          maxBarWidth={28}
          withDots={data.length <= 31}
          curveType="linear"
          yAxisProps={{ width: 90 }}
          referenceLines={[{ y: 0, color: 'gray.5' }]}
        />
      </figure>
    </Paper>
  );
}
