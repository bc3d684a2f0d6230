import { Badge, Code, Group, Modal, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import type { AuditRecord } from '@sapi/contract';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state';
import { LabelledValue } from '../../components/labelled-value';
import { formatDateTime, isIsoTimestamp } from '../../lib/format';
import { ActionBadge } from './action-badge';
import { diffFields } from './diff';
import { auditEntityLabel, auditFieldLabel, auditValueLabel } from './labels';

/** A stored key or value, small beside its label in the user's language: what support staff search by. */
const Stored = ({ children }: { children: string }) => (
  <Text span size="xs" c="dimmed" ff="monospace" data-stored>
    {children}
  </Text>
);

/** A value by its name when staff know it by one (the stored value beside it), else as stored. */
const show = (value: unknown, label: string | undefined) => {
  if (label !== undefined) {
    const stored = Array.isArray(value) ? value.join(', ') : String(value);
    return (
      <Group gap={6} wrap="wrap" align="baseline">
        <Text span size="sm">
          {label}
        </Text>
        {label.includes(stored) ? null : <Stored>{`(${stored})`}</Stored>}
      </Group>
    );
  }
  if (value === undefined) return <Text c="dimmed">—</Text>;
  if (value === null) return <Code>null</Code>;
  if (isIsoTimestamp(value)) return <span title={value}>{formatDateTime(value)}</span>;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return <Code>{String(value)}</Code>;
  return (
    <Code block style={{ whiteSpace: 'pre-wrap' }}>
      {JSON.stringify(value, null, 2)}
    </Code>
  );
};

/** Before/after of one audit record, field by field; changed rows highlighted. */
export function AuditDiffDialog({
  opened,
  record,
  onClose,
}: {
  opened: boolean;
  record: AuditRecord | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const rows = record ? diffFields(record.before, record.after) : [];
  const changed = rows.filter((row) => row.changed).length;

  return (
    <Modal opened={opened && record !== null} onClose={onClose} title={t('audit.diff.title')} size="xl">
      {record ? (
        <Stack gap="lg">
          <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="md">
            <LabelledValue label={t('audit.fields.at')}>{formatDateTime(record.at)}</LabelledValue>
            <LabelledValue label={t('audit.fields.actor')}>{record.actor}</LabelledValue>
            <LabelledValue label={t('audit.fields.action')}>
              <ActionBadge action={record.action} />
            </LabelledValue>
            <LabelledValue label={t('audit.fields.entity')}>
              {auditEntityLabel(t, record.entity)}
            </LabelledValue>
            <LabelledValue label={t('audit.fields.entityId')}>{record.entityId ?? '—'}</LabelledValue>
            <LabelledValue label={t('audit.fields.ip')}>{record.ip ?? '—'}</LabelledValue>
          </SimpleGrid>

          {rows.length === 0 ? (
            <EmptyState
              size="sm"
              title={t('audit.diff.none')}
              description={t('audit.diff.noneDescription')}
            />
          ) : (
            <Stack gap="xs">
              <Text size="sm" c="dimmed">
                {t('audit.diff.changedCount', { count: changed })}
              </Text>
              <Table.ScrollContainer
                minWidth={520}
                type="native"
                tabIndex={0}
                role="region"
                aria-label={t('audit.diff.title')}
              >
                <Table withTableBorder withColumnBorders data-testid="audit-diff">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th w="24%">{t('audit.diff.field')}</Table.Th>
                      <Table.Th w="38%">{t('audit.diff.before')}</Table.Th>
                      <Table.Th w="38%">{t('audit.diff.after')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {rows.map((row) => {
                      const label = auditFieldLabel(t, row.field);
                      const valueLabel = (value: unknown) =>
                        auditValueLabel(t, record.entity, row.field, value);
                      return (
                        <Table.Tr
                          key={row.field}
                          bg={row.changed ? 'yellow.1' : undefined}
                          data-changed={row.changed ? 'true' : 'false'}
                        >
                          <Table.Td>
                            <Group gap={6} wrap="nowrap">
                              <Text
                                size="sm"
                                fw={row.changed ? 700 : 500}
                                ff={label === undefined ? 'monospace' : undefined}
                              >
                                {label ?? row.field}
                              </Text>
                              {row.changed ? (
                                <Badge size="xs" color="orange" variant="light">
                                  {t('audit.diff.changed')}
                                </Badge>
                              ) : null}
                            </Group>
                            {label === undefined ? null : <Stored>{row.field}</Stored>}
                          </Table.Td>
                          <Table.Td>{show(row.before, valueLabel(row.before))}</Table.Td>
                          <Table.Td>{show(row.after, valueLabel(row.after))}</Table.Td>
                        </Table.Tr>
                      );
                    })}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </Stack>
          )}
        </Stack>
      ) : null}
    </Modal>
  );
}
