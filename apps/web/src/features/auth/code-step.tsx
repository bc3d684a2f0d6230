import { Anchor, Button, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { type LoginResult, Status, secondFactorCodeSchema } from '@sapi/contract';
import { IconArrowLeft, IconShieldLock } from '@tabler/icons-react';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';
import { oneTimeCode } from '../../lib/digits';
import { errorMessage } from '../../lib/errors';
import { useLoginCode } from './api';
import classes from './login-page.module.css';

const inputClasses = { input: classes.input, label: classes.label };

/** The code step's challenge and until when this page lets it be used. */
export interface Challenge {
  challenge: string;
  /** Epoch ms: the server's expiry, never more than 5 minutes from when it arrived. */
  deadline: number;
}

interface CodeStepProps {
  username: string;
  challenge: Challenge;
  /** The code was accepted: the session's token and what it must set up first. */
  onSignedIn: (result: LoginResult) => Promise<void>;
  /** Back to the password step; `expired` when the challenge ran out. */
  onBack: (expired: boolean) => void;
}

const totpPattern = /^\d{6}$/;

/**
 * Sign-in step 2 (docs/design.md §13): a 6-digit code from the authenticator app, or — switched to — one of
 * the recovery codes. The challenge lives 5 minutes; when it has run out (here or at the server) the
 * password step comes back and says so.
 */
export function CodeStep({ username, challenge, onSignedIn, onBack }: CodeStepProps) {
  const { t } = useTranslation();
  const login = useLoginCode();
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const timer = window.setTimeout(() => onBack(true), Math.max(0, challenge.deadline - Date.now()));
    return () => window.clearTimeout(timer);
  }, [challenge.deadline, onBack]);

  const switchMode = () => {
    setRecovery((r) => !r);
    setCode('');
    setError(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (login.isPending || login.isSuccess) return;
    if (Date.now() >= challenge.deadline) {
      onBack(true);
      return;
    }
    const typed = recovery ? code.trim() : code.replace(/\s/g, '');
    const valid = recovery ? secondFactorCodeSchema.safeParse(typed).success : totpPattern.test(typed);
    if (!valid) {
      setError(t(recovery ? 'login.code.recoveryInvalid' : 'login.code.totpInvalid'));
      return;
    }
    setError(null);
    login.mutate(
      { challenge: challenge.challenge, code: typed },
      {
        onSuccess: async (result) => {
          await onSignedIn(result);
          login.reset();
        },
        onError: (err) => {
          // 3001 on this public step: the challenge expired, was used, or took too many codes.
          if (err instanceof ApiError && err.status === Status.UNAUTHENTICATED) {
            onBack(true);
            return;
          }
          setError(err instanceof ApiError && !err.isClientSide ? errorMessage(err) : t('login.failed'));
          setCode('');
        },
      },
    );
  };

  const processing = login.isPending || login.isSuccess;

  return (
    <form className={classes.form} onSubmit={submit} noValidate aria-labelledby="code-title">
      <Stack gap="lg">
        <Stack gap={6}>
          <Group gap="xs" c="indigo.3">
            <IconShieldLock size={28} aria-hidden />
          </Group>
          <Title id="code-title" order={1} c="white" fz={28} fw={700}>
            {t('login.code.title')}
          </Title>
          <Text c="gray.4" size="sm">
            {t(recovery ? 'login.code.recoveryPrompt' : 'login.code.totpPrompt', { username })}
          </Text>
        </Stack>

        <TextInput
          key={recovery ? 'recovery' : 'totp'}
          label={t(recovery ? 'login.code.recoveryLabel' : 'login.code.totpLabel')}
          name={recovery ? 'recovery-code' : 'one-time-code'}
          autoComplete={recovery ? 'off' : 'one-time-code'}
          inputMode={recovery ? 'text' : 'numeric'}
          placeholder={recovery ? 'xxxx-xxxx-xxxx-xxxx' : '123456'}
          maxLength={recovery ? 32 : undefined}
          value={code}
          onChange={(e) => setCode(recovery ? e.currentTarget.value : oneTimeCode(e.currentTarget.value))}
          classNames={inputClasses}
          size="md"
          readOnly={processing}
          data-autofocus
          autoFocus
        />

        <Text className={classes.error} size="sm" role="alert" data-testid="login-error">
          {error}
        </Text>

        {processing ? (
          <div className={classes.loading} role="status" aria-label={t('login.signingIn')}>
            <Loader type="dots" color="white" size="lg" aria-hidden />
          </div>
        ) : (
          <Button type="submit" size="md" fullWidth>
            {t('login.code.submit')}
          </Button>
        )}

        <Group justify="space-between" gap="sm">
          <Anchor
            component="button"
            type="button"
            c="indigo.2"
            size="sm"
            onClick={switchMode}
            disabled={processing}
          >
            {t(recovery ? 'login.code.useTotp' : 'login.code.useRecovery')}
          </Anchor>
          <Button
            variant="subtle"
            color="gray"
            c="gray.3"
            size="compact-sm"
            leftSection={<IconArrowLeft size={14} aria-hidden />}
            onClick={() => onBack(false)}
            disabled={processing}
          >
            {t('login.code.back')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
