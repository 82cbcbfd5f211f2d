import { Group, NumberInput, Select, Switch } from '@mantine/core';
import { RuleScoreType } from '@qcdesk/contracts';
import type { RuleScoreConfig } from '@qcdesk/engine';
import { useI18n } from '../i18n/locale-store';
import { numberOrNull } from './number-value';
import { useFieldError } from './problem-context';

/** ruleScore {enable, ruleScoreType, scoreNum}: points 0–100 (qc-area §9). */
export function ScoringSettings({
  value,
  onChange,
}: {
  value: RuleScoreConfig;
  onChange: (v: RuleScoreConfig) => void;
}) {
  const { t, options } = useI18n();
  const scoreError = useFieldError('ruleScore.scoreNum');
  const typeError = useFieldError('ruleScore.ruleScoreType');
  return (
    <Group align="flex-end" gap="md">
      <Switch
        label={t('rule.scoreEnable')}
        checked={value.enable}
        onChange={(e) => onChange({ ...value, enable: e.currentTarget.checked })}
        mb={8}
      />
      <Select
        label={t('rule.scoreType')}
        data={options(RuleScoreType)}
        value={value.ruleScoreType}
        allowDeselect={false}
        error={typeError}
        onChange={(v) => v && onChange({ ...value, ruleScoreType: v as RuleScoreConfig['ruleScoreType'] })}
        w={160}
      />
      <NumberInput
        label={t('rule.scoreNum')}
        value={value.scoreNum}
        min={0}
        max={100}
        allowDecimal={false}
        allowNegative={false}
        clampBehavior="strict"
        error={scoreError}
        onChange={(v) => onChange({ ...value, scoreNum: numberOrNull(v) ?? 0 })}
        w={120}
      />
    </Group>
  );
}
