import { ActionIcon, CopyButton, TextInput, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

interface CopyTextProps {
  label: string;
  value: string;
  description?: string;
  testId?: string;
}

/** A value shown once to be copied (a temporary password, a secret): read-only, monospace, a copy button. */
export function CopyText({ label, value, description, testId }: CopyTextProps) {
  const { t } = useTranslation();
  return (
    <TextInput
      label={label}
      description={description}
      value={value}
      readOnly
      variant="filled"
      data-testid={testId}
      styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', letterSpacing: '0.04em' } }}
      rightSectionPointerEvents="all"
      rightSection={
        <CopyButton value={value} timeout={2000}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? t('common.copied') : t('common.copyValue', { label })} withArrow>
              <ActionIcon
                variant={copied ? 'light' : 'subtle'}
                color={copied ? 'teal' : 'gray'}
                aria-label={t('common.copyValue', { label })}
                onClick={copy}
              >
                {copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      }
    />
  );
}
