import { Stack, Text, Title } from '@mantine/core';
import { useI18n } from '../i18n/locale-store';

export function ComingSoon() {
  const { t } = useI18n();
  return (
    <Stack>
      <Title order={3}>{t('coming.title')}</Title>
      <Text c="dimmed">{t('coming.body')}</Text>
    </Stack>
  );
}
