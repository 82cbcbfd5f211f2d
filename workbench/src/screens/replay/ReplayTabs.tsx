import { Tabs } from '@mantine/core';
import { useI18n } from '../../i18n/locale-store';
import { CORPUS_REPLAY_PATH, targetQuery } from '../../replay/corpus/sample-links';
import { REPLAY_PATH, type ReplayQuery } from '../../replay/replay-query';
import { navigate } from '../../router/router-store';

/** The two replays as tabs; switching keeps what is tested (the target parameters), not the session. */
export function ReplayTabs({ current, query }: { current: 'transcript' | 'corpus'; query: ReplayQuery }) {
  const { t } = useI18n();
  return (
    <Tabs
      value={current}
      onChange={(v) => {
        if (v === current) return;
        navigate(v === 'corpus' ? CORPUS_REPLAY_PATH : REPLAY_PATH, targetQuery(query));
      }}
    >
      <Tabs.List>
        <Tabs.Tab value="transcript">{t('replay.tab.transcript')}</Tabs.Tab>
        <Tabs.Tab value="corpus">{t('replay.tab.corpus')}</Tabs.Tab>
      </Tabs.List>
    </Tabs>
  );
}
