import { Badge, Card, Checkbox, Group, NumberInput, Radio, Stack, Table, Text, TextInput } from '@mantine/core';
import { LIMITS, type ScoringStyle } from '@qcdesk/contracts';
import { useI18n } from '../../../i18n/locale-store';
import { RuleName } from '../ai-result/TranscriptBeside';
import type { ScoringTranscript } from '../ai-result/use-scoring-transcript';
import { type AngleDraft, type RuleDraft, rulePath, setRule } from './assessment-form';

/**
 * The manual scoring of each angle: per rule a score 0..100 (SCORE) or pass / fail (PASS), the fatal-error flag and
 * a reason of at most 100 characters. Used by the assessment and by the manual complaint review. Beside a transcript,
 * the name of a rule with hits in it scrolls the transcript to the first of them.
 */
export function ScoringTable({
  angles,
  style,
  errors,
  onChange,
  transcript,
}: {
  angles: readonly AngleDraft[];
  style: ScoringStyle | null | undefined;
  /** messages by body path, e.g. manualAngles[0].manualRules[1].pass */
  errors: Readonly<Record<string, string>>;
  onChange: (angles: AngleDraft[]) => void;
  /** the transcript beside the form, whose hits a rule's name shows */
  transcript?: ScoringTranscript;
}) {
  const { t } = useI18n();
  const score = style !== 'PASS';
  const update = (rule: RuleDraft, change: Partial<RuleDraft>) =>
    onChange(setRule(angles, rule.angleId, rule.ruleId, change));
  return (
    <Stack gap="sm">
      {angles.map((angle, a) => (
        <Card key={angle.angleId} withBorder padding="sm" data-angle={angle.angleId}>
          <Group justify="space-between" mb="xs">
            <Text fw={600}>{angle.angleName}</Text>
            {score && angle.score !== null && (
              <Badge variant="light">
                {t('manual.angleScore')}: {angle.score}
              </Badge>
            )}
          </Group>
          <Table withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('manual.ruleName')}</Table.Th>
                <Table.Th w={score ? 130 : 200}>{score ? t('manual.score') : t('manual.passFail')}</Table.Th>
                <Table.Th w={90}>{t('manual.fatalError')}</Table.Th>
                <Table.Th>{t('manual.reason')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {angle.rules.map((rule, r) => (
                <Table.Tr
                  key={rule.ruleId}
                  data-rule={rule.ruleId}
                  bg={transcript?.active === rule.ruleId ? 'var(--mantine-color-yellow-light)' : undefined}
                >
                  <Table.Td>
                    <RuleName transcript={transcript} ruleId={rule.ruleId} name={rule.ruleName} />
                  </Table.Td>
                  <Table.Td>
                    {score ? (
                      <NumberInput
                        aria-label={`${rule.ruleName} ${t('manual.score')}`}
                        min={LIMITS.scoreMin}
                        max={LIMITS.scoreMax}
                        clampBehavior="strict"
                        allowDecimal={false}
                        value={rule.scoreNum}
                        error={errors[rulePath(a, r, 'scoreNum')]}
                        onChange={(v) => update(rule, { scoreNum: v === '' ? '' : Number(v) })}
                      />
                    ) : (
                      <Radio.Group
                        value={rule.pass === null ? null : String(rule.pass)}
                        error={errors[rulePath(a, r, 'pass')]}
                        onChange={(v) => update(rule, { pass: v === 'true' })}
                      >
                        <Group gap="sm">
                          <Radio
                            value="true"
                            label={t('aiResult.pass')}
                            aria-label={`${rule.ruleName} ${t('aiResult.pass')}`}
                          />
                          <Radio
                            value="false"
                            label={t('aiResult.fail')}
                            aria-label={`${rule.ruleName} ${t('aiResult.fail')}`}
                          />
                        </Group>
                      </Radio.Group>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Checkbox
                      aria-label={`${rule.ruleName} ${t('manual.fatalError')}`}
                      checked={rule.fatalError}
                      onChange={(e) => update(rule, { fatalError: e.currentTarget.checked })}
                    />
                  </Table.Td>
                  <Table.Td>
                    <TextInput
                      aria-label={`${rule.ruleName} ${t('manual.reason')}`}
                      value={rule.reason}
                      maxLength={LIMITS.reasonMax}
                      error={errors[rulePath(a, r, 'reason')]}
                      onChange={(e) => update(rule, { reason: e.currentTarget.value })}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Card>
      ))}
    </Stack>
  );
}
