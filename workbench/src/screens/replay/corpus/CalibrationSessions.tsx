import { Anchor, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useI18n } from '../../../i18n/locale-store';
import { type CalibrationResult, SESSION_LIST_CAP } from '../../../replay/corpus/calibration-run';
import { openSample } from '../../../replay/corpus/sample-links';

/** The sessions behind one count of the report, with what they are. */
export interface SessionList {
  readonly title: string;
  readonly sessionIds: readonly string[];
}

/** A count of the report as a button that lists its sessions; a count of 0 has nothing to list. */
export function CountButton({
  count,
  onClick,
  children,
}: {
  count: number;
  onClick: () => void;
  children?: ReactNode;
}) {
  const { t } = useI18n();
  if (count === 0) return <>{children ?? count}</>;
  return (
    <Anchor
      size="sm"
      component="button"
      type="button"
      title={t('corpus.calibration.sessionList.show', { count })}
      onClick={onClick}
      data-count={count}
    >
      {children ?? count}
    </Anchor>
  );
}

/**
 * The sessions of one count, the first `SESSION_LIST_CAP` listed, each opening in the single replay as the
 * disagreeing sessions do.
 */
export function SessionListModal({
  list,
  result,
  onClose,
}: {
  list: SessionList | null;
  result: CalibrationResult;
  onClose: () => void;
}) {
  const { t } = useI18n();
  const { query, source } = result.basis;
  const shown = list?.sessionIds.slice(0, SESSION_LIST_CAP) ?? [];
  const rest = (list?.sessionIds.length ?? 0) - shown.length;
  // a session id met twice in a corpus is counted, and listed, twice: its key numbers the meetings
  const met = new Map<string, number>();
  const keyed = shown.map((id) => {
    const n = (met.get(id) ?? 0) + 1;
    met.set(id, n);
    return { id, key: `${id}#${n}` };
  });
  return (
    <Modal opened={list !== null} onClose={onClose} title={list?.title} size="lg">
      <Stack gap="xs" data-testid="calibration-session-list">
        <Group gap="sm">
          {keyed.map(({ id, key }) => {
            const sample = result.links.get(id);
            return (
              <span key={key} data-session={id}>
                {sample === undefined ? (
                  <Text size="sm" span>
                    {id}
                  </Text>
                ) : (
                  <Anchor
                    size="sm"
                    component="button"
                    type="button"
                    title={t('corpus.samples.open')}
                    onClick={() => {
                      onClose();
                      openSample(query, sample, source.kind);
                    }}
                  >
                    {id}
                  </Anchor>
                )}
              </span>
            );
          })}
        </Group>
        {rest > 0 && (
          <Text size="sm" c="dimmed" data-testid="calibration-session-list-more">
            {t('corpus.calibration.sessionList.more', { count: rest })}
          </Text>
        )}
      </Stack>
    </Modal>
  );
}
