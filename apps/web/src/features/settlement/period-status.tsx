import { Badge } from '@mantine/core';
import type { PeriodStatus } from '@sapi/contract';
import { useTranslation } from 'react-i18next';

const colors: Record<PeriodStatus, string> = { open: 'blue', closing: 'yellow', closed: 'green' };

/** เปิด / รออนุมัติปิด / ปิดแล้ว. */
export function PeriodStatusBadge({ status }: { status: PeriodStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={colors[status]} variant="light" radius="sm" tt="none" data-status={status}>
      {t(`settlement.status.${status}`)}
    </Badge>
  );
}
