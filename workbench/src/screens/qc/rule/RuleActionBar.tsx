import { Anchor, Box, Button, Group } from '@mantine/core';
import { useI18n } from '../../../i18n/locale-store';

interface Props {
  /** the problem that stopped the last save, in words; null: none */
  problem: string | null;
  /** brings the problem into sight again */
  onShowProblem: () => void;
  onCancel: () => void;
  /** absent: no replay test (a manual rule) */
  onTestInReplay?: (() => void) | undefined;
  /** absent: no save (a user without qc-rule.edit) */
  onSave?: (() => void) | undefined;
  saving: boolean;
}

/**
 * The rule editor's actions, held at the bottom of the window (or of the modal) however long the rule is: a rule of
 * nine conditions is some 5,000 px tall, and its save must stay in reach (issue 15, defect 7). The problem that
 * stopped a save stays in sight here too, and clicking it brings the field back into view.
 */
export function RuleActionBar({ problem, onShowProblem, onCancel, onTestInReplay, onSave, saving }: Props) {
  const { t } = useI18n();
  return (
    <Group
      data-testid="rule-actions"
      justify="space-between"
      wrap="nowrap"
      gap="md"
      py="sm"
      style={{
        position: 'sticky',
        bottom: 0,
        // above the cards and Monaco's own layers
        zIndex: 5,
        background: 'var(--mantine-color-body)',
        borderTop: '1px solid var(--mantine-color-default-border)',
      }}
    >
      <Box miw={0} style={{ flex: 1 }}>
        {problem && (
          <Anchor component="button" type="button" c="red" size="sm" lineClamp={2} ta="left" onClick={onShowProblem}>
            {problem}
          </Anchor>
        )}
      </Box>
      <Group gap="xs" wrap="nowrap">
        <Button variant="default" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
        {onTestInReplay && (
          <Button variant="default" onClick={onTestInReplay}>
            {t('rule.testInReplay')}
          </Button>
        )}
        {onSave && (
          <Button loading={saving} onClick={onSave}>
            {t('common.save')}
          </Button>
        )}
      </Group>
    </Group>
  );
}
