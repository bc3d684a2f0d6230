import { Card, Group, SimpleGrid, Text, ThemeIcon } from '@mantine/core';
import { IconChartBar, IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { summaryReports } from './summary-reports';

/** Summary hub (/summary): tiles linking to the eight summary reports. */
export function SummaryHubPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('screens.summaryHub')} description={t('summaryHub.description')} />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
        {summaryReports.map((report) => (
          <Card
            key={report.path}
            component={Link}
            to={`/summary/${report.path}`}
            withBorder
            radius="md"
            padding="lg"
            style={{ textDecoration: 'none' }}
          >
            <Group justify="space-between" mb="sm" wrap="nowrap">
              <ThemeIcon variant="light" size="lg" radius="md">
                <IconChartBar size={20} aria-hidden />
              </ThemeIcon>
              <IconChevronRight size={18} aria-hidden color="var(--mantine-color-gray-6)" />
            </Group>
            <Text fw={600}>{t(report.titleKey)}</Text>
            <Text size="sm" c="dimmed" mt={4}>
              {t(report.descriptionKey)}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </>
  );
}
