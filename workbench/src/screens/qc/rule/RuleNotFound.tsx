import { Anchor, Stack, Text, Title } from '@mantine/core';
import { useI18n } from '../../../i18n/locale-store';
import { navigate } from '../../../router/router-store';

/** /qc/rule/config?id of a rule that does not exist: says so and leads back to the list; no form, no save. */
export function RuleNotFound({ id }: { id: string }) {
  const { t } = useI18n();
  return (
    <Stack gap="xs" py="md" data-testid="rule-not-found">
      <Title order={4}>{t('rule.notFound')}</Title>
      <Text c="dimmed">{t('rule.notFoundBody', { id })}</Text>
      <Anchor component="button" type="button" ta="left" onClick={() => navigate('/qc/rule/list')}>
        {t('rule.backToList')}
      </Anchor>
    </Stack>
  );
}
