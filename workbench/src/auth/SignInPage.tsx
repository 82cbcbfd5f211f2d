import { Alert, Button, Center, Paper, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useApi } from '../api/api-context';
import { errorText } from '../api/client';
import { useI18n } from '../i18n/locale-store';
import { useSessionStore } from './session-store';

export function SignInPage() {
  const client = useApi();
  const signIn = useSessionStore((s) => s.signIn);
  const { t } = useI18n();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (username.trim() === '' || password === '') {
      setError(t('signIn.required'));
      return;
    }
    setLoading(true);
    setError(null);
    try {
      await signIn(client, username.trim(), password);
    } catch (e) {
      setError(errorText(e));
    } finally {
      setLoading(false);
    }
  };

  return (
    <Center h="100vh" bg="gray.0">
      <Paper withBorder shadow="sm" p="xl" w={360}>
        <form onSubmit={submit}>
          <Stack>
            <Title order={3}>{t('app.name')}</Title>
            {error && (
              <Alert color="red" role="alert">
                {error}
              </Alert>
            )}
            <TextInput
              label={t('signIn.username')}
              value={username}
              onChange={(e) => setUsername(e.currentTarget.value)}
              autoComplete="username"
            />
            <PasswordInput
              label={t('signIn.password')}
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              autoComplete="current-password"
            />
            <Button type="submit" loading={loading}>
              {t('signIn.submit')}
            </Button>
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
