import { Alert, Code, Text } from '@mantine/core';
import { type Admin, api } from '@sapi/contract';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { type DialogState, FormDialog } from '../../components/form-dialog';
import { IpListInput, listCovers } from '../../components/ip-list-input';
import { useSelf } from '../../lib/session';
import { adminAllowedIpsQuery, myAddressQuery } from './api';

interface AdminAllowedIpsDialogProps extends DialogState {
  admin: Admin | null;
  /** Sends the list (through the re-authentication of the admin screen); resolves when saved. */
  onSubmit: (allowedIps: string[]) => Promise<void>;
}

/**
 * A staff account's address allow-list (docs/design.md §13): the addresses and CIDR ranges it may work from
 * (empty = any). On one's own list the dialog shows the address this session comes from and warns,
 * before saving, when the list would leave it out (the server refuses that save too).
 */
export function AdminAllowedIpsDialog({ admin, onSubmit, ...dialog }: AdminAllowedIpsDialogProps) {
  const { t } = useTranslation();
  const self = useSelf();
  const own = admin?._id === self.id;
  const current = useQuery({
    ...adminAllowedIpsQuery(admin?._id ?? ''),
    enabled: dialog.opened && admin !== null,
  });
  const myAddress = useQuery({ ...myAddressQuery, enabled: dialog.opened && own });
  return (
    <FormDialog
      {...dialog}
      title={admin ? t('security.allowList.adminTitle', { username: admin.username }) : ''}
      size="lg"
      schema={api.adminAllowedIpsUpdate.body}
      initialValues={current.data ? { allowedIps: current.data.allowedIps } : null}
      onSubmit={({ allowedIps }) => onSubmit(allowedIps)}
    >
      {(form) => {
        const entries = form.values.allowedIps;
        const address = myAddress.data ?? null;
        const covers = own && address ? listCovers(entries, address) : true;
        return (
          <>
            <IpListInput
              field={form.field('allowedIps')}
              label={t('security.allowList.label')}
              description={t('security.allowList.adminHint')}
            />
            {own ? (
              <Text size="sm" data-testid="my-address">
                {address
                  ? t('security.allowList.myAddress', { ip: address })
                  : myAddress.isPending
                    ? t('common.loading')
                    : t('security.allowList.myAddressUnknown')}
                {address ? (
                  <>
                    {' '}
                    <Code>{address}</Code>
                  </>
                ) : null}
              </Text>
            ) : (
              <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} aria-hidden />}>
                {t('security.allowList.otherNote', { username: admin?.username ?? '' })}
              </Alert>
            )}
            {own && covers === false ? (
              <Alert
                variant="light"
                color="red"
                icon={<IconAlertTriangle size={18} aria-hidden />}
                title={t('security.allowList.lockoutTitle')}
                data-testid="lockout-warning"
              >
                {t('security.allowList.lockout', { ip: address ?? '' })}
              </Alert>
            ) : null}
            {own && covers === null ? (
              <Alert variant="light" color="yellow" icon={<IconAlertTriangle size={18} aria-hidden />}>
                {t('security.allowList.lockoutUnsure', { ip: address ?? '' })}
              </Alert>
            ) : null}
          </>
        );
      }}
    </FormDialog>
  );
}
