import { Grid, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useI18n } from '../../../i18n/locale-store';
import type { RuleRate } from '../../../replay/corpus/corpus-tally';
import type { ReplayQuery } from '../../../replay/replay-query';
import { SampleList } from './SampleList';

/** For one rule at a time: the first sessions that hit it and the sessions that came nearest without hitting. */
export function SampleSessions({
  rules,
  query,
  kind,
}: {
  rules: readonly RuleRate[];
  query: ReplayQuery;
  kind: 'file' | 'server';
}) {
  const { t } = useI18n();
  const [picked, setPicked] = useState<string | null>(null);
  const rule = rules.find((r) => r.ruleId === picked) ?? rules[0];
  if (rule === undefined) return null;
  return (
    <Stack gap="sm">
      <Select
        label={t('corpus.samples.rule')}
        data={rules.map((r) => ({ value: r.ruleId, label: `${r.ruleName}（${r.hits}）` }))}
        value={rule.ruleId}
        onChange={(v) => v && setPicked(v)}
        allowDeselect={false}
        searchable
        w={360}
      />
      <Grid>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Text size="sm" fw={500} mb={4}>
            {t('corpus.samples.hits', { count: rule.hitSample.length })}
          </Text>
          <SampleList samples={rule.hitSample} query={query} kind={kind} testId="corpus-hit-sample" />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Text size="sm" fw={500} mb={4}>
            {t('corpus.samples.near', { count: rule.nearSample.length })}
          </Text>
          <SampleList samples={rule.nearSample} query={query} kind={kind} showNearness testId="corpus-near-sample" />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
