import { Badge, Box, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { LambdaType } from '@qcdesk/contracts';
import type { QcRule, ReplayStep } from '@qcdesk/engine';
import { useMemo } from 'react';
import { useI18n } from '../../../i18n/locale-store';
import type { RuleChange } from '../../../replay/step-view';
import { summariseConditions } from '../../../rule-editor/summary';
import { WhyNotView } from './WhyNotView';

/** `a: 命中任意关键词 投诉 · 客户` per cid, from the rule as the target holds it. */
function useConditionLines(rules: readonly QcRule[]): Map<string, Map<string, string>> {
  const { locale } = useI18n();
  return useMemo(() => {
    const out = new Map<string, Map<string, string>>();
    for (const rule of rules) {
      const lines = new Map<string, string>();
      for (const line of summariseConditions(rule.conditionConfig, locale)) {
        const colon = line.indexOf(': ');
        if (colon > 0) lines.set(line.slice(0, colon), line.slice(colon + 2));
      }
      out.set(String(rule.id), lines);
    }
    return out;
  }, [rules, locale]);
}

/**
 * Every rule at this step: hit or not (and how many messages carry its evidence), its score change, and each
 * condition with its evidence or the reason it did not hit. Clicking a rule limits the highlights to it.
 */
export function RuleStates({
  step,
  rules,
  changes,
  selected,
  onSelect,
}: {
  step: ReplayStep;
  rules: readonly QcRule[];
  changes: ReadonlyMap<string, RuleChange>;
  selected: string | null;
  onSelect: (ruleId: string | null) => void;
}) {
  const { t, label } = useI18n();
  const lines = useConditionLines(rules);
  return (
    <Stack gap="sm" data-testid="replay-rules">
      {step.rules.map((rule) => {
        const change = changes.get(rule.ruleId);
        return (
          <Paper
            key={rule.ruleId}
            withBorder
            p="sm"
            data-rule={rule.ruleId}
            data-hit={rule.hit}
            style={{ borderColor: selected === rule.ruleId ? 'var(--mantine-color-yellow-5)' : undefined }}
          >
            <UnstyledButton
              w="100%"
              onClick={() => onSelect(selected === rule.ruleId ? null : rule.ruleId)}
              aria-pressed={selected === rule.ruleId}
            >
              <Group justify="space-between" wrap="nowrap">
                <Text fw={600} size="sm">
                  {rule.ruleName}
                </Text>
                <Group gap={6} wrap="nowrap">
                  {change && (
                    <Badge size="sm" color={change === 'hit' ? 'orange' : 'gray'} variant="outline">
                      {t(change === 'hit' ? 'replay.rules.newHit' : 'replay.rules.unhit')}
                    </Badge>
                  )}
                  {rule.score !== 0 && (
                    <Badge size="sm" color={rule.score < 0 ? 'red' : 'teal'} variant="light">
                      {rule.score > 0 ? `+${rule.score}` : rule.score}
                    </Badge>
                  )}
                  <Badge size="sm" color={rule.hit ? 'red' : 'gray'} data-testid="rule-state">
                    {rule.hit ? t('replay.rules.hit', { count: rule.hitCount }) : t('replay.rules.notHit')}
                  </Badge>
                </Group>
              </Group>
            </UnstyledButton>
            <Text size="xs" c="dimmed" mt={2}>
              {t('replay.rules.lambda', {
                // ALL, ANY_ONE… by their names; a custom expression (a && !b) as it is written
                lambda: LambdaType.has(rule.lambda) ? label(LambdaType, rule.lambda) : rule.lambda,
              })}
            </Text>
            <Stack gap={6} mt={6}>
              {rule.conditions.map((condition) => (
                <Box
                  key={condition.cid}
                  data-condition={condition.cid}
                  data-hit={condition.hit}
                  pl="xs"
                  style={{
                    borderLeft: `3px solid var(--mantine-color-${condition.hit ? 'green' : 'gray'}-5)`,
                  }}
                >
                  <Group gap={6} wrap="nowrap">
                    <Badge size="sm" variant="outline" tt="none">
                      {condition.cid}
                    </Badge>
                    <Text size="xs" style={{ flex: 1 }} lineClamp={2}>
                      {lines.get(rule.ruleId)?.get(condition.cid) ?? ''}
                    </Text>
                    <Badge
                      size="sm"
                      color={condition.hit ? 'green' : 'gray'}
                      variant="light"
                      data-testid="condition-state"
                    >
                      {condition.hit ? t('replay.conditions.hit') : t('replay.conditions.notHit')}
                    </Badge>
                  </Group>
                  {condition.hit && condition.evidence.length > 0 && (
                    <Group gap={4} mt={4}>
                      {condition.evidence.map((e, i) => (
                        <Badge
                          // biome-ignore lint/suspicious/noArrayIndexKey: evidence is a fixed list per step; two pieces may share a span
                          key={i}
                          size="sm"
                          variant="light"
                          color="yellow"
                          tt="none"
                          data-evidence={`${e.message}:${e.start}-${e.end}`}
                        >
                          #{e.message + 1} {e.text}
                        </Badge>
                      ))}
                    </Group>
                  )}
                  {!condition.hit && condition.whyNot && (
                    <Box mt={4}>
                      <WhyNotView reason={condition.whyNot} />
                    </Box>
                  )}
                </Box>
              ))}
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}
