import { ActionIcon, Badge, Button, Card, Divider, Group, Select, Stack, Text, Tooltip } from '@mantine/core';
import { LEGACY_KEYWORDS_OPERATOR, OperatorType } from '@qcdesk/contracts';
import { IconPlus, IconTrash, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useI18n } from '../i18n/locale-store';
import { CheckRangeForm } from './CheckRangeForm';
import { addOperator, type ConditionDraft, FORCED_ROLE, removeOperator } from './draft';
import { OperatorForm } from './OperatorForm';
import { useProblem } from './problem-context';
import { conditionKey } from './touched';

interface Props {
  condition: ConditionDraft;
  index: number;
  earlierCids: readonly string[];
  onChange: (condition: ConditionDraft) => void;
  /** absent: the card offers no delete (read-only) */
  onDelete?: () => void;
  /** shown, not edited: no adding or removing operators */
  readOnly?: boolean;
}

/** Fields of a condition that have their own input; any other problem inside it is shown on the card. */
const FIELD_SUFFIX =
  /\.(operators\.\d+\.(name|param\.\w+)|checkRange(\.(role|range|range\.from|range\.to|anchor\.(cid|location|inputHitTime)))?)$/;

export function ConditionCard({ condition, index, earlierCids, onChange, onDelete, readOnly = false }: Props) {
  const { t, m, label, pick, options } = useI18n();
  const [type, setType] = useState<string | null>(null);
  const [typeError, setTypeError] = useState<string | null>(null);
  const several = condition.operators.length > 1;
  const add = () => {
    if (!type) {
      setTypeError(m('qc.rule.conditionTypeRequired'));
      return;
    }
    setTypeError(null);
    onChange(addOperator(condition, type));
    setType(null);
  };
  const problem = useProblem();
  const field = `conditions.${index}`;
  const forced = condition.operators.map((o) => FORCED_ROLE[o.type]).find((r) => r !== undefined) ?? null;
  const cardError =
    problem && (problem.field === field || (problem.field.startsWith(`${field}.`) && !FIELD_SUFFIX.test(problem.field)))
      ? pick(problem)
      : null;

  return (
    <Card
      withBorder
      padding="sm"
      data-testid={`condition-${condition.cid}`}
      // the rule editor shows a condition's problems once it was touched, and scrolls to the card on save
      data-touch={conditionKey(condition.uid)}
      data-condition-index={index}
    >
      <Group justify="space-between" mb="xs">
        <Group gap="xs">
          <Badge size="lg" variant="filled" tt="none" aria-label={t('cond.badge', { cid: condition.cid })}>
            {condition.cid}
          </Badge>
          <Text fw={500}>{condition.operators.map((o) => label(OperatorType, o.type)).join(' + ')}</Text>
        </Group>
        {onDelete && (
          <Tooltip label={t('cond.delete')}>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`${t('cond.delete')} ${condition.cid}`}
              onClick={onDelete}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
      {cardError && (
        <Text c="red" size="sm" role="alert" mb="xs" data-problem="card">
          {cardError}
        </Text>
      )}
      <Stack gap="sm">
        {condition.operators.map((operator, j) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: operators have no identity of their own; order is it
          <Stack key={j} gap={4} data-testid={`operator-${condition.cid}-${j + 1}`}>
            {several && (
              <Group gap="xs" justify="space-between">
                <Text size="sm" fw={500}>
                  {t('cond.operatorN', { n: j + 1 })} · {label(OperatorType, operator.type)}
                </Text>
                {!readOnly && (
                  <Tooltip label={t('cond.removeOperator')}>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`${t('cond.removeOperator')} ${condition.cid}${j + 1}`}
                      onClick={() => onChange(removeOperator(condition, j))}
                    >
                      <IconX size={16} />
                    </ActionIcon>
                  </Tooltip>
                )}
              </Group>
            )}
            <OperatorForm
              operator={operator}
              field={`${field}.operators.${j}`}
              onChange={(next) =>
                onChange({ ...condition, operators: condition.operators.map((o, k) => (k === j ? next : o)) })
              }
            />
            {several && j < condition.operators.length - 1 && <Divider variant="dashed" />}
          </Stack>
        ))}
        {!readOnly && (
          <Group align="flex-start" gap="xs">
            <Select
              aria-label={`${t('cond.operatorTypePlaceholder')} ${condition.cid}`}
              placeholder={t('cond.operatorTypePlaceholder')}
              data={[
                { value: LEGACY_KEYWORDS_OPERATOR, label: `${pick({ zh: '关键词', en: 'Keywords' })} (KEYWORDS)` },
                ...options(OperatorType),
              ]}
              value={type}
              error={typeError}
              onChange={(value) => {
                setType(value);
                if (value) setTypeError(null);
              }}
              w={220}
              size="xs"
              clearable
            />
            <Tooltip label={t('cond.operatorsHint')}>
              <Button
                size="xs"
                variant="light"
                leftSection={<IconPlus size={14} />}
                aria-label={`${t('cond.addOperator')} ${condition.cid}`}
                onClick={add}
              >
                {t('cond.addOperator')}
              </Button>
            </Tooltip>
          </Group>
        )}
        <Divider />
        <CheckRangeForm
          value={condition.checkRange}
          forcedRole={forced}
          earlierCids={earlierCids}
          field={`${field}.checkRange`}
          onChange={(checkRange) => onChange({ ...condition, checkRange })}
        />
      </Stack>
    </Card>
  );
}
