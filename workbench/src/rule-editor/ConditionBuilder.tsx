import { Alert, Button, Group, Select, Stack, Text } from '@mantine/core';
import { LEGACY_KEYWORDS_OPERATOR, OperatorType } from '@qcdesk/contracts';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useI18n } from '../i18n/locale-store';
import { confirmAction } from '../ui/confirm';
import { ConditionCard } from './ConditionCard';
import { type DraftProblem, problemText } from './compile-draft';
import { addCondition, deleteCondition, type RuleDraft, updateCondition } from './draft';
import { LambdaSection } from './LambdaSection';
import { ProblemProvider } from './problem-context';

interface Props {
  draft: RuleDraft;
  onChange: (draft: RuleDraft) => void;
  /** the engine compiler's verdict on the draft (useDraftProblem) */
  problem: DraftProblem | null;
  /**
   * shown, not edited (a user without qc-rule.edit): no add or delete controls and a read-only expression editor;
   * the caller disables the inputs (a disabled fieldset around the builder)
   */
  readOnly?: boolean;
}

/**
 * The detection conditions of an AI rule, for people who do not write JSON: add a condition by type, fill its
 * form, set its check range, combine the conditions. Every change is checked by the engine's own compiler and its
 * message shown at the field it concerns.
 */
export function ConditionBuilder({ draft, onChange, problem, readOnly = false }: Props) {
  const { t, m, pick, options } = useI18n();
  const [type, setType] = useState<string | null>(null);
  const [typeError, setTypeError] = useState<string | null>(null);

  const add = () => {
    if (!type) {
      setTypeError(m('qc.rule.conditionTypeRequired'));
      return;
    }
    setTypeError(null);
    onChange(addCondition(draft, type));
    setType(null);
  };

  const remove = async (index: number) => {
    const cid = draft.conditions[index]?.cid ?? '';
    if (!(await confirmAction(t('cond.deleteConfirm', { cid })))) return;
    onChange(deleteCondition(draft, index));
  };

  const typeOptions = [
    { value: LEGACY_KEYWORDS_OPERATOR, label: `${pick({ zh: '关键词', en: 'Keywords' })} (KEYWORDS)` },
    ...options(OperatorType),
  ];

  return (
    <ProblemProvider problem={problem}>
      <Stack gap="sm">
        {/* in the field's own words, never the compiler's code or JSON path (issue 15, defect 7) */}
        {problem && (
          <Alert color="red" role="alert" data-problem="summary">
            {problemText(problem, t, pick)}
          </Alert>
        )}
        {!readOnly && (
          <Group align="flex-start" gap="xs">
            <Select
              aria-label={t('cond.typePlaceholder')}
              placeholder={t('cond.typePlaceholder')}
              data={typeOptions}
              value={type}
              error={typeError}
              onChange={(value) => {
                setType(value);
                if (value) setTypeError(null);
              }}
              w={260}
              clearable
            />
            <Button leftSection={<IconPlus size={16} />} onClick={add}>
              {t('cond.add')}
            </Button>
          </Group>
        )}
        {draft.conditions.length === 0 && (
          <Text c="dimmed" size="sm">
            {t('cond.empty')}
          </Text>
        )}
        {draft.conditions.map((condition, index) => (
          <ConditionCard
            key={condition.uid}
            condition={condition}
            index={index}
            earlierCids={draft.conditions.slice(0, index).map((c) => c.cid)}
            onChange={(next) => onChange(updateCondition(draft, index, () => next))}
            onDelete={readOnly ? undefined : () => remove(index)}
            readOnly={readOnly}
          />
        ))}
        <LambdaSection draft={draft} onChange={onChange} readOnly={readOnly} />
      </Stack>
    </ProblemProvider>
  );
}
