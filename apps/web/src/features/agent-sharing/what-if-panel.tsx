import { Alert, Table, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type AgentSharing, percentSchema, type ReportMoney } from '@sapi/contract';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { MoneyText } from '../../components/money-text';
import { errorMessage } from '../../lib/errors';
import { formatMoney } from '../../lib/format';
import { fromSatang, toSatang } from '../../lib/money';
import { formatPercent, whatIfQuery } from './api';

const monthText = (year: string, month: string) =>
  `${dayjs(`2000-${month.padStart(2, '0')}-01`).format('MMMM')} ${year}`;

/** An amount without its sign (the words carry it). */
const unsigned = (satang: bigint) => formatMoney(fromSatang(satang < 0n ? -satang : satang));

/**
 * A parent's share in words, as the statement says it: positive, the child pays the parent; negative
 * (the players won), the parent pays the child.
 */
const shareWords = (t: TFunction, amount: ReportMoney, sharing: AgentSharing): string => {
  const satang = toSatang(amount);
  const child = sharing.agentUsername;
  const parent = sharing.parentAgentUsername;
  if (satang === 0n) return t('settlement.words.nothing', { child, parent });
  const [payer, payee] = satang > 0n ? [child, parent] : [parent, child];
  return t('settlement.words.pays', { payer, payee, amount: unsigned(satang) });
};

/** The difference for the parent in words: it would receive more, or less, or the same. */
const differenceWords = (t: TFunction, satang: bigint, sharing: AgentSharing): string => {
  const parent = sharing.parentAgentUsername;
  if (satang === 0n) return t('agentSharing.whatIf.same');
  return t(satang > 0n ? 'agentSharing.whatIf.more' : 'agentSharing.whatIf.less', {
    parent,
    amount: unsigned(satang),
  });
};

/**
 * What the last closed periods' parent share was, beside what it would be with the percentage being
 * typed on the days this arrangement was in force (docs/design.md §15; nothing is stored), each amount
 * with who pays whom in words. Shown once the typed percentage is a valid one other than the current.
 */
export function WhatIfPanel({ sharing, typed }: { sharing: AgentSharing; typed: number | string }) {
  const { t } = useTranslation();
  const parsed = percentSchema.safeParse(typeof typed === 'string' ? Number(typed) : typed);
  const valid = typed !== '' && parsed.success && parsed.data !== sharing.parentPercentage;
  const [percent] = useDebouncedValue(valid ? parsed.data : null, 300);
  const whatIf = useQuery({ ...whatIfQuery(sharing._id, percent ?? 0), enabled: percent !== null });
  if (!valid || percent === null) return null;
  return (
    <Alert
      variant="light"
      color="grape"
      title={t('agentSharing.whatIf.title', { percent: formatPercent(percent) })}
      data-testid="what-if"
    >
      <Text size="xs" mb="xs">
        {t('agentSharing.whatIf.description')}
      </Text>
      {whatIf.isError ? (
        <Text size="sm" c="red.8">
          {errorMessage(whatIf.error)}
        </Text>
      ) : null}
      {whatIf.isPending ? <Text size="sm">{t('agentSharing.whatIf.loading')}</Text> : null}
      {whatIf.data && whatIf.data.length === 0 ? (
        <Text size="sm">{t('agentSharing.whatIf.empty')}</Text>
      ) : null}
      {whatIf.data && whatIf.data.length > 0 ? (
        <Table withTableBorder fz="sm" bg="white">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('agentSharing.whatIf.period')}</Table.Th>
              <Table.Th ta="right">{t('agentSharing.whatIf.actual')}</Table.Th>
              <Table.Th ta="right">{t('agentSharing.whatIf.whatIf')}</Table.Th>
              <Table.Th ta="right">{t('agentSharing.whatIf.difference')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {whatIf.data.map((row) => {
              const difference = toSatang(row.whatIf) - toSatang(row.parentShare);
              return (
                <Table.Tr key={`${row.year}-${row.month}`}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{monthText(row.year, row.month)}</Table.Td>
                  <Table.Td ta="right">
                    <MoneyText value={row.parentShare} />
                    <Text size="xs" data-testid="what-if-actual-words">
                      {shareWords(t, row.parentShare, sharing)}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">
                    <MoneyText value={row.whatIf} fw={600} />
                    <Text size="xs" data-testid="what-if-words">
                      {shareWords(t, row.whatIf, sharing)}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">
                    <MoneyText value={fromSatang(difference)} />
                    <Text size="xs" data-testid="what-if-difference-words">
                      {differenceWords(t, difference, sharing)}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      ) : null}
    </Alert>
  );
}
