import { Box, Button, Group, Loader, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { type LoginResult, loginChallengeSchema, Status } from '@sapi/contract';
import { IconLogin2 } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import artworkUrl from '../../assets/login-art.svg';
import { LanguageSwitch } from '../../components/language-switch';
import { ApiError } from '../../lib/api-client';
import { authStore } from '../../lib/auth-store';
import { errorMessage } from '../../lib/errors';
import { useLogin } from './api';
import { type Challenge, CodeStep } from './code-step';
import classes from './login-page.module.css';

const inputClasses = { input: classes.input, label: classes.label };

/** How long the code step may follow the password step (the server's challenge lifetime). */
const CHALLENGE_MS = 5 * 60 * 1000;

/** The challenge of a 3006 answer, usable until the server's expiry (at most 5 minutes from now). */
const challengeOf = (error: unknown): Challenge | null => {
  if (!(error instanceof ApiError) || error.status !== Status.SECOND_FACTOR_REQUIRED) return null;
  const parsed = loginChallengeSchema.safeParse(error.data);
  if (!parsed.success) return null;
  const now = Date.now();
  const expires = Date.parse(parsed.data.expiresAt);
  // A clock far off from the server's: the 5 minutes count from now, the server still decides.
  const deadline = expires > now && expires <= now + CHALLENGE_MS ? expires : now + CHALLENGE_MS;
  return { challenge: parsed.data.challenge, deadline };
};

/**
 * Login (/): artwork on one half, a black panel with the form on the other (docs/spec.md §2). An account with
 * a second factor signs in in two steps (the code step follows a 3006); one that must change its
 * password or enrol first is led to the set-up screen (docs/design.md §13).
 */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const login = useLogin();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [challenge, setChallenge] = useState<Challenge | null>(null);

  useEffect(() => {
    document.title = 'S.API System';
  }, []);

  /** A session is open: set-up first when the server says so, else the agent list. */
  const signedIn = async ({ token, next }: LoginResult) => {
    queryClient.clear();
    authStore.setToken(token, next);
    await navigate(next ? '/setup' : '/agent/list', { replace: true });
    // The session check sent us back: show the login form again.
    if (window.location.pathname === '/') {
      login.reset();
      setChallenge(null);
      setError(t('login.failed'));
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (login.isPending) return;
    if (!username.trim() || !password) {
      setError(t('login.required'));
      return;
    }
    setError(null);
    login.mutate(
      { username: username.trim(), password },
      {
        onSuccess: signedIn,
        onError: (err) => {
          const next = challengeOf(err);
          if (next) {
            setChallenge(next);
            return;
          }
          setError(
            err instanceof ApiError && !err.isClientSide
              ? t('login.failedWithReason', { reason: errorMessage(err) })
              : t('login.failed'),
          );
        },
      },
    );
  };

  // The button stays replaced by the loading animation until the next screen shows.
  const processing = login.isPending || login.isSuccess;

  /** Back from the code step: the password again, with why when the challenge ran out. */
  const back = useCallback(
    (expired: boolean) => {
      setChallenge(null);
      setPassword('');
      login.reset();
      setError(expired ? t('login.code.expired') : null);
    },
    [login.reset, t],
  );

  return (
    <div className={classes.root}>
      <div className={classes.art} style={{ backgroundImage: `url(${artworkUrl})` }}>
        <div className={classes.artCaption}>
          <Text fz={28} fw={700} lh={1.3}>
            {t('login.artTitle')}
          </Text>
          <Text fz="md" mt="xs" c="indigo.1">
            {t('login.artSubtitle')}
          </Text>
        </div>
      </div>

      <Box component="main" className={classes.panel}>
        <Group justify="flex-end">
          <LanguageSwitch tone="dark" />
        </Group>

        {challenge ? (
          <CodeStep username={username.trim()} challenge={challenge} onSignedIn={signedIn} onBack={back} />
        ) : (
          <form className={classes.form} onSubmit={submit} noValidate aria-labelledby="login-title">
            <Stack gap="lg">
              <Stack gap={6}>
                <Title id="login-title" order={1} c="white" fz={34} fw={700}>
                  S.API System
                </Title>
                <Text c="gray.5" size="sm">
                  {t('login.subtitle')}
                </Text>
              </Stack>

              <TextInput
                label={t('login.username')}
                name="username"
                autoComplete="username"
                value={username}
                onChange={(e) => setUsername(e.currentTarget.value)}
                classNames={inputClasses}
                size="md"
                readOnly={processing}
                data-autofocus
              />
              <PasswordInput
                label={t('login.password')}
                name="password"
                autoComplete="current-password"
                value={password}
                onChange={(e) => setPassword(e.currentTarget.value)}
                classNames={{ ...inputClasses, visibilityToggle: classes.toggle }}
                size="md"
                readOnly={processing}
                visibilityToggleButtonProps={{ 'aria-label': t('login.togglePassword') }}
              />

              <Text className={classes.error} size="sm" role="alert" data-testid="login-error">
                {error}
              </Text>

              {processing ? (
                <div className={classes.loading} role="status" aria-label={t('login.signingIn')}>
                  <Loader type="dots" color="white" size="lg" aria-hidden />
                </div>
              ) : (
                <Button type="submit" size="md" fullWidth leftSection={<IconLogin2 size={18} aria-hidden />}>
                  {t('login.submit')}
                </Button>
              )}
            </Stack>
          </form>
        )}

        <Text size="xs" c="gray.6" ta="center">
          © S.API
        </Text>
      </Box>
    </div>
  );
}
