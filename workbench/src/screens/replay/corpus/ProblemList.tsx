import { List, Text } from '@mantine/core';
import { useI18n } from '../../../i18n/locale-store';
import type { CorpusProblem } from '../../../replay/corpus/corpus-session';

/** Lines and sessions that could not be inspected, by line number (uploads) or session id, the first ones in full. */
export function ProblemList({ problems, count }: { problems: readonly CorpusProblem[]; count: number }) {
  const { t, pick } = useI18n();
  return (
    <>
      <List size="sm" spacing={2} data-testid="corpus-problems">
        {problems.map((p) => (
          // a line number is unique; a session that failed has the id the engine read (or its position)
          <List.Item key={p.lineNumber ?? p.sessionId ?? p.en}>
            <Text span size="sm" fw={500}>
              {p.lineNumber !== null ? t('corpus.problems.line', { line: p.lineNumber }) : p.sessionId}
            </Text>
            {p.lineNumber !== null && p.sessionId !== null && ` (${p.sessionId})`}：{pick(p)}
          </List.Item>
        ))}
      </List>
      {count > problems.length && (
        <Text size="sm" c="dimmed">
          {t('corpus.problems.more', { count: count - problems.length })}
        </Text>
      )}
    </>
  );
}
