import { Stack, Text } from '@mantine/core';
import type { ReportMoney } from '@sapi/contract';
import { useTranslation } from 'react-i18next';
import { absMoney, directionColor, directionOf } from './words';

interface DirectedAmountProps {
  value: ReportMoney;
  /** Full words for assistive technology and the tooltip ("เอเจนต์ X ต้องจ่ายให้ Y 12.50 บาท"). */
  words: string;
  fw?: number;
}

/**
 * An amount between a child and its parent: right-aligned, without its sign, coloured by who pays,
 * the direction in words under it ("ลูกจ่ายแม่"), the whole sentence as its title.
 */
export function DirectedAmount({ value, words, fw }: DirectedAmountProps) {
  const { t } = useTranslation();
  const direction = directionOf(value);
  return (
    <Stack gap={0} align="flex-end" title={words} aria-label={words}>
      <Text
        component="span"
        size="sm"
        fw={fw}
        c={directionColor[direction]}
        style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
        data-direction={direction}
      >
        {absMoney(value)}
      </Text>
      <Text component="span" size="xs" c={directionColor[direction]} style={{ whiteSpace: 'nowrap' }}>
        {t(`settlement.words.${direction}`)}
      </Text>
    </Stack>
  );
}
