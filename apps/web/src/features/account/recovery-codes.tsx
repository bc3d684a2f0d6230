import { Alert, Box, Button, Checkbox, CopyButton, Group, Paper, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy, IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Hand a text file to the browser. */
const saveText = (filename: string, text: string) => {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
};

/**
 * The 10 recovery codes, shown once (only their hashes are kept): copy, download, and "I have saved
 * them" before Done.
 */
export function RecoveryCodes({
  codes,
  username,
  onDone,
}: {
  codes: string[];
  username: string;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [saved, setSaved] = useState(false);
  const text = `${t('account.recovery.fileHeader', { username })}\n\n${codes.join('\n')}\n`;
  return (
    <Stack gap="md" data-testid="recovery-codes">
      <Text size="sm">{t('account.recovery.intro')}</Text>
      <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />}>
        {t('account.recovery.once')}
      </Alert>
      <Paper withBorder p="md" radius="md" bg="gray.0">
        <Box
          component="ul"
          aria-label={t('account.recovery.list')}
          m={0}
          p={0}
          style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 8, listStyle: 'none' }}
        >
          {codes.map((code) => (
            <Box component="li" key={code} ff="monospace" fz="md" data-testid="recovery-code">
              {code}
            </Box>
          ))}
        </Box>
      </Paper>
      <Group gap="sm">
        <CopyButton value={codes.join('\n')} timeout={2000}>
          {({ copied, copy }) => (
            <Button
              variant="default"
              color={copied ? 'teal' : undefined}
              leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
              onClick={copy}
            >
              {copied ? t('account.recovery.copied') : t('account.recovery.copy')}
            </Button>
          )}
        </CopyButton>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          onClick={() => saveText(`sapi-recovery-codes-${username}.txt`, text)}
        >
          {t('account.recovery.download')}
        </Button>
      </Group>
      <Checkbox
        label={t('account.recovery.saved')}
        checked={saved}
        onChange={(e) => setSaved(e.currentTarget.checked)}
      />
      <Group justify="flex-end">
        <Button onClick={onDone} disabled={!saved}>
          {t('account.recovery.done')}
        </Button>
      </Group>
    </Stack>
  );
}
