import { ActionIcon, Table, Text } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { Fragment, useState } from 'react';
import { useI18n } from '../../../i18n/locale-store';
import type { RuleRate } from '../../../replay/corpus/corpus-tally';

export function percent(part: number, whole: number): string {
  return whole === 0 ? '0.0' : ((part / whole) * 100).toFixed(1);
}

/** Hit rate per rule, and per condition under a rule when it is opened. */
export function HitRateTable({ rules, sessions }: { rules: readonly RuleRate[]; sessions: number }) {
  const { t } = useI18n();
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const toggle = (ruleId: string) =>
    setOpen((was) => {
      const next = new Set(was);
      if (!next.delete(ruleId)) next.add(ruleId);
      return next;
    });
  return (
    <Table striped highlightOnHover data-testid="corpus-hit-rates">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('corpus.rules.rule')}</Table.Th>
          <Table.Th ta="right">{t('corpus.rules.hits')}</Table.Th>
          <Table.Th w={200}>{t('corpus.rules.rate')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rules.map((rule) => (
          <Fragment key={rule.ruleId}>
            <Table.Tr data-rule={rule.ruleId}>
              <Table.Td>
                <ActionIcon
                  variant="subtle"
                  size="sm"
                  mr={4}
                  aria-label={t('corpus.rules.toggle')}
                  aria-expanded={open.has(rule.ruleId)}
                  onClick={() => toggle(rule.ruleId)}
                >
                  {open.has(rule.ruleId) ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
                </ActionIcon>
                {rule.ruleName}
              </Table.Td>
              <Table.Td ta="right" data-field="hits">
                {rule.hits}
              </Table.Td>
              <Table.Td>
                <RateBar part={rule.hits} whole={sessions} />
              </Table.Td>
            </Table.Tr>
            {open.has(rule.ruleId) &&
              rule.conditions.map((c) => (
                <Table.Tr key={c.cid} data-condition={`${rule.ruleId}.${c.cid}`}>
                  <Table.Td pl={40}>
                    <Text size="sm" c="dimmed">
                      {t('corpus.rules.condition', { cid: c.cid })}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">{c.hits}</Table.Td>
                  <Table.Td>
                    <RateBar part={c.hits} whole={sessions} color="gray" />
                  </Table.Td>
                </Table.Tr>
              ))}
          </Fragment>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/**
 * A share as a bar and a percentage, in plain elements: the table redraws every row a few times a second during a
 * run, and a bar of framework components per row is most of that cost.
 */
function RateBar({ part, whole, color = 'blue' }: { part: number; whole: number; color?: 'blue' | 'gray' }) {
  const value = percent(part, whole);
  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
      <div
        style={{ flex: 1, height: 8, borderRadius: 4, background: 'var(--mantine-color-gray-2)', overflow: 'hidden' }}
      >
        <div
          style={{
            width: `${value}%`,
            height: '100%',
            background: `var(--mantine-color-${color}-${color === 'blue' ? 6 : 5})`,
          }}
        />
      </div>
      <span style={{ width: 52, textAlign: 'right', fontSize: 'var(--mantine-font-size-sm)' }} data-field="rate">
        {value}%
      </span>
    </div>
  );
}
