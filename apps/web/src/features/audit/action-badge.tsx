import { Badge } from '@mantine/core';
import { type AuditAction, auditActions } from '@sapi/contract';
import { useTranslation } from 'react-i18next';

const colors: Record<AuditAction, string> = {
  create: 'green',
  update: 'blue',
  lock: 'red',
  unlock: 'teal',
  disable: 'orange',
  enable: 'teal',
  delete: 'red',
  'rotate-secret': 'violet',
  login: 'gray',
  logout: 'gray',
  verify: 'cyan',
  'verify-failed': 'orange',
  seed: 'grape',
  'allowed-ips': 'indigo',
  'login-password-ok': 'gray',
  'login-code-failed': 'orange',
  'login-refused-address': 'red',
  'password-change': 'blue',
  'password-change-failed': 'orange',
  'password-reset': 'red',
  'session-end': 'gray',
  'sessions-end-all': 'gray',
  'sessions-end-others': 'gray',
  'totp-enrol-start': 'cyan',
  'totp-enable': 'teal',
  'totp-disable': 'orange',
  'totp-disable-failed': 'orange',
  'totp-recovery-codes': 'violet',
  'totp-recovery-codes-failed': 'orange',
  'totp-reset': 'red',
  request: 'yellow',
  approve: 'green',
  reject: 'red',
  void: 'orange',
};

export const isAuditAction = (action: string): action is AuditAction =>
  (auditActions as readonly string[]).includes(action);

export function ActionBadge({ action }: { action: string }) {
  const { t } = useTranslation();
  return (
    <Badge color={isAuditAction(action) ? colors[action] : 'gray'} variant="light" radius="sm">
      {isAuditAction(action) ? t(`audit.actions.${action}`) : action}
    </Badge>
  );
}
