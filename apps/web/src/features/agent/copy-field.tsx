import { ActionIcon, CopyButton, Group, TextInput, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy, IconEye, IconEyeOff } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

interface CopyFieldProps {
  label: string;
  value: string;
  description?: string;
  /** Masked until "show" is pressed (secrets). */
  secret?: boolean;
  /** Start revealed (e.g. a secret just issued). */
  revealed?: boolean;
  /** Highlight the field (e.g. a value that just changed). */
  highlight?: boolean;
  testId?: string;
}

/** A read-only value with a copy button (and a show/hide toggle for secrets). */
export function CopyField({
  label,
  value,
  description,
  secret = false,
  revealed = false,
  highlight = false,
  testId,
}: CopyFieldProps) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(!secret || revealed);
  useEffect(() => setShown(!secret || revealed), [secret, revealed]);

  return (
    <TextInput
      label={label}
      description={description}
      value={shown ? value : '•'.repeat(Math.min(Math.max(value.length, 12), 32))}
      readOnly
      variant="filled"
      data-testid={testId}
      data-revealed={shown ? 'true' : 'false'}
      styles={{
        input: {
          fontFamily: 'var(--mantine-font-family-monospace)',
          ...(highlight
            ? {
                boxShadow: '0 0 0 2px var(--mantine-color-teal-5)',
                background: 'var(--mantine-color-teal-0)',
              }
            : {}),
        },
      }}
      rightSectionWidth={secret ? 72 : 40}
      rightSectionPointerEvents="all"
      rightSection={
        <Group gap={4} wrap="nowrap">
          {secret ? (
            <Tooltip label={shown ? t('agent.conceal', { label }) : t('agent.reveal', { label })} withArrow>
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={shown ? t('agent.conceal', { label }) : t('agent.reveal', { label })}
                aria-pressed={shown}
                onClick={() => setShown((s) => !s)}
              >
                {shown ? <IconEyeOff size={16} aria-hidden /> : <IconEye size={16} aria-hidden />}
              </ActionIcon>
            </Tooltip>
          ) : null}
          <CopyButton value={value} timeout={2000}>
            {({ copied, copy }) => (
              <Tooltip label={copied ? t('agent.copied') : t('agent.copy', { label })} withArrow>
                <ActionIcon
                  variant={copied ? 'light' : 'subtle'}
                  color={copied ? 'teal' : 'gray'}
                  aria-label={t('agent.copy', { label })}
                  onClick={copy}
                  disabled={!value}
                >
                  {copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
                </ActionIcon>
              </Tooltip>
            )}
          </CopyButton>
        </Group>
      }
    />
  );
}
