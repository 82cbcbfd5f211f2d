import { ActionIcon, Badge, Card, Divider, Group, Stack, Text, Tooltip } from '@mantine/core';
import { OperatorType } from '@qcdesk/contracts';
import { IconTrash } from '@tabler/icons-react';
import { useI18n } from '../i18n/locale-store';
import { CheckRangeForm } from './CheckRangeForm';
import { type ConditionDraft, FORCED_ROLE } from './draft';
import { OperatorForm } from './OperatorForm';
import { useProblem } from './problem-context';

interface Props {
  condition: ConditionDraft;
  index: number;
  earlierCids: readonly string[];
  onChange: (condition: ConditionDraft) => void;
  /** absent: the card offers no delete (read-only) */
  onDelete?: () => void;
}

/** Fields of a condition that have their own input; any other problem inside it is shown on the card. */
const FIELD_SUFFIX =
  /\.(operators\.\d+\.(name|param\.\w+)|checkRange(\.(role|range|range\.from|range\.to|anchor\.(cid|location|inputHitTime)))?)$/;

export function ConditionCard({ condition, index, earlierCids, onChange, onDelete }: Props) {
  const { t, label, pick } = useI18n();
  const problem = useProblem();
  const field = `conditions.${index}`;
  const forced = condition.operators.map((o) => FORCED_ROLE[o.type]).find((r) => r !== undefined) ?? null;
  const cardError =
    problem && (problem.field === field || (problem.field.startsWith(`${field}.`) && !FIELD_SUFFIX.test(problem.field)))
      ? pick(problem)
      : null;

  return (
    <Card withBorder padding="sm" data-testid={`condition-${condition.cid}`}>
      <Group justify="space-between" mb="xs">
        <Group gap="xs">
          <Badge size="lg" variant="filled" tt="none" aria-label={`condition ${condition.cid}`}>
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
        <Text c="red" size="sm" role="alert" mb="xs">
          {cardError}
        </Text>
      )}
      <Stack gap="sm">
        {condition.operators.map((operator, j) => (
          <OperatorForm
            // biome-ignore lint/suspicious/noArrayIndexKey: operators have no identity of their own; order is it
            key={j}
            operator={operator}
            field={`${field}.operators.${j}`}
            onChange={(next) =>
              onChange({ ...condition, operators: condition.operators.map((o, k) => (k === j ? next : o)) })
            }
          />
        ))}
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
