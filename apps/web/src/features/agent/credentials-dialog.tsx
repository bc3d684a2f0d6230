import { Alert, Button, Group, Modal, SimpleGrid, Stack } from '@mantine/core';
import type { AgentWithSecret } from '@sapi/contract';
import { IconShieldLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CopyField } from './copy-field';

interface CredentialsDialogProps {
  opened: boolean;
  onClose: () => void;
  agent: AgentWithSecret | null;
}

/** After registration: what staff hand to the new agent (API key, secret, encoded key), with copy buttons. */
export function CredentialsDialog({ opened, onClose, agent }: CredentialsDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('agent.credentialsTitle', { username: agent?.username ?? '' })}
      size="lg"
    >
      <Stack gap="md" data-testid="agent-credentials">
        <Alert color="indigo" variant="light" icon={<IconShieldLock aria-hidden />}>
          {t('agent.credentials.intro')}
        </Alert>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <CopyField
            label={t('agent.fields.prefix')}
            value={agent?.prefix ?? ''}
            testId="credential-prefix"
          />
          <CopyField label={t('agent.fields.code')} value={agent?.code ?? ''} testId="credential-code" />
        </SimpleGrid>
        <CopyField label={t('agent.fields.apiKey')} value={agent?.apiKey ?? ''} testId="credential-apiKey" />
        <CopyField
          label={t('agent.fields.secret')}
          value={agent?.secret ?? ''}
          secret
          revealed
          testId="credential-secret"
        />
        <CopyField
          label={t('agent.fields.apiKeyEncoded')}
          value={agent?.apiKeyEncoded ?? ''}
          secret
          revealed
          testId="credential-apiKeyEncoded"
        />
        <Group justify="flex-end">
          <Button onClick={onClose} data-autofocus>
            {t('agent.credentials.done')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
