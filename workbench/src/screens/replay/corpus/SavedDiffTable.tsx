import { Badge, Table, Text } from '@mantine/core';
import { useI18n } from '../../../i18n/locale-store';
import type { RuleDiff } from '../../../replay/corpus/corpus-tally';
import type { RuleChange } from '../../../replay/corpus/saved-comparison';
import type { ReplayQuery } from '../../../replay/replay-query';
import { SampleList } from './SampleList';

const CHANGE_COLOR: Record<RuleChange, string> = { changed: 'orange', added: 'teal', removed: 'red', same: 'gray' };

/** Per rule, the sessions that newly hit and those that no longer hit, against the saved version of the target. */
export function SavedDiffTable({
  diff,
  query,
  kind,
}: {
  diff: readonly RuleDiff[] | null;
  query: ReplayQuery;
  kind: 'file' | 'server';
}) {
  const { t } = useI18n();
  if (diff === null) return <Text c="dimmed">{t('corpus.diff.none')}</Text>;
  const moved = diff.filter((d) => d.change !== 'same');
  if (moved.length === 0) return <Text c="dimmed">{t('corpus.diff.same')}</Text>;
  return (
    <Table data-testid="corpus-diff" verticalSpacing="sm">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('corpus.samples.rule')}</Table.Th>
          <Table.Th>{t('corpus.diff.change')}</Table.Th>
          <Table.Th>{t('corpus.diff.newlyHit')}</Table.Th>
          <Table.Th>{t('corpus.diff.stopped')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {moved.map((d) => (
          <Table.Tr key={d.ruleId} data-rule={d.ruleId}>
            <Table.Td>{d.ruleName}</Table.Td>
            <Table.Td>
              <Badge color={CHANGE_COLOR[d.change]} variant="light">
                {t(`corpus.diff.change.${d.change}`)}
              </Badge>
            </Table.Td>
            <Table.Td style={{ verticalAlign: 'top' }}>
              <Text fw={600} c="teal.7" data-field="newly-hit">
                +{d.newlyHit}
              </Text>
              <SampleList samples={d.newlySample} query={query} kind={kind} />
            </Table.Td>
            <Table.Td style={{ verticalAlign: 'top' }}>
              <Text fw={600} c="red.7" data-field="stopped">
                −{d.stopped}
              </Text>
              <SampleList samples={d.stoppedSample} query={query} kind={kind} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
