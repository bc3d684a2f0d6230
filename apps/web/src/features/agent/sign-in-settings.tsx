import { Badge, Button, Checkbox, Group, Stack, Text } from '@mantine/core';
import { allows, api, operatorTypes } from '@sapi/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorBanner } from '../../components/error-banner';
import { FormDialog } from '../../components/form-dialog';
import { IpListInput } from '../../components/ip-list-input';
import { ReauthDialog, useReauth } from '../../components/reauth-dialog';
import { errorMessage } from '../../lib/errors';
import { notifySuccess } from '../../lib/notify';
import { routeQuery, useUpdateMutation } from '../../lib/query-keys';
import { useSelf } from '../../lib/session';

export const signInSettingsQuery = (id: string) => routeQuery(api.agentSignInSettingsGet, { params: { id } });

/**
 * The own agent's sign-in settings (docs/design.md §16), for its owners (the agent's account and its
 * SUPERMANAGERs): the operator types that must use two-factor sign-in, and the addresses the agent's
 * accounts may sign in from. Saving needs a password re-check in this session (3005).
 */
export function SignInSettings({
  agentId,
  section: Section,
}: {
  agentId: string;
  section: (p: { title: string; hint?: string; children: React.ReactNode }) => React.ReactNode;
}) {
  const { t } = useTranslation();
  const self = useSelf();
  const current = useQuery(signInSettingsQuery(agentId));
  const update = useUpdateMutation(api.agentSignInSettingsUpdate);
  const [opened, setOpened] = useState(false);
  const reauth = useReauth();
  const canEdit = allows(api.agentSignInSettingsUpdate, self.role);
  const data = current.data;
  return (
    <Section title={t('myAgent.signIn.title')} hint={t('myAgent.signIn.hint')}>
      {current.isError ? <ErrorBanner>{errorMessage(current.error)}</ErrorBanner> : null}
      {data === undefined ? null : (
        <Stack gap="xs">
          <BadgeList
            title={t('myAgent.signIn.totpTypes')}
            items={data.operatorTotpTypes.map((type) => ({
              key: type,
              label: t(`agentOperator.types.${type}`),
            }))}
            empty={t('myAgent.signIn.totpNone')}
            emptyTestId="sign-in-totp-none"
            listTestId="sign-in-totp-types"
            badge={{ color: 'orange' }}
          />
          <BadgeList
            title={t('myAgent.signIn.ips')}
            items={data.signInIps.map((entry) => ({ key: entry, label: entry }))}
            empty={t('myAgent.signIn.ipsAny')}
            emptyTestId="sign-in-ips-any"
            listTestId="sign-in-ips"
            badge={{ color: 'gray', ff: 'monospace', tt: 'none' }}
          />
        </Stack>
      )}
      {canEdit ? (
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setOpened(true)} disabled={!data}>
            {t('myAgent.signIn.edit')}
          </Button>
        </Group>
      ) : null}
      <FormDialog
        opened={opened}
        onClose={() => setOpened(false)}
        title={t('myAgent.signIn.dialogTitle', { agent: self.agentUsername ?? '' })}
        size="lg"
        schema={api.agentSignInSettingsUpdate.body}
        initialValues={data ? { operatorTotpTypes: data.operatorTotpTypes, signInIps: data.signInIps } : null}
        onSubmit={(body) =>
          reauth.run(async () => {
            await update.mutateAsync({ id: agentId, body });
            notifySuccess(t('myAgent.signIn.saved'));
            setOpened(false);
          })
        }
      >
        {(form) => {
          const types = form.field('operatorTotpTypes');
          return (
            <>
              <Checkbox.Group
                label={t('myAgent.signIn.totpTypes')}
                description={t('myAgent.signIn.totpHint')}
                value={types.value}
                onChange={(value) => types.onChange(operatorTypes.filter((type) => value.includes(type)))}
                error={types.error}
              >
                <Stack gap="xs" mt="xs">
                  {operatorTypes.map((type) => (
                    <Checkbox key={type} value={type} label={t(`agentOperator.types.${type}`)} />
                  ))}
                </Stack>
              </Checkbox.Group>
              <IpListInput
                field={form.field('signInIps')}
                label={t('myAgent.signIn.ips')}
                description={t('myAgent.signIn.ipsHint')}
              />
            </>
          );
        }}
      </FormDialog>
      <ReauthDialog {...reauth.dialog} />
    </Section>
  );
}

/** A titled row of badges, or a dimmed sentence when there are none. */
function BadgeList({
  title,
  items,
  empty,
  emptyTestId,
  listTestId,
  badge,
}: {
  title: string;
  items: { key: string; label: string }[];
  empty: string;
  emptyTestId: string;
  listTestId: string;
  badge: { color: string; ff?: string; tt?: 'none' };
}) {
  return (
    <>
      <Text size="sm" fw={600}>
        {title}
      </Text>
      {items.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid={emptyTestId}>
          {empty}
        </Text>
      ) : (
        <Group gap="xs" data-testid={listTestId}>
          {items.map((item) => (
            <Badge key={item.key} variant="light" {...badge}>
              {item.label}
            </Badge>
          ))}
        </Group>
      )}
    </>
  );
}
