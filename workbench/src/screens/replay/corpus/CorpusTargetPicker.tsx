import { Alert, Group, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { useApi } from '../../../api/api-context';
import type { Page } from '../../../api/resource';
import { useI18n } from '../../../i18n/locale-store';
import { CORPUS_REPLAY_PATH } from '../../../replay/corpus/sample-links';
import type { ReplayQuery } from '../../../replay/replay-query';
import { useReplayDraft } from '../../../replay/target/draft-store';
import type { TargetState } from '../../../replay/target/use-replay-target';
import { navigate } from '../../../router/router-store';

type Kind = 'rule' | 'scheme' | 'draft';

/** Goes to the corpus replay of another target (the address keeps what is tested, as the single replay's does). */
function goCorpus(patch: Partial<Record<'ruleId' | 'schemeId' | 'draft' | 'withinSchemeId', string | null>>): void {
  navigate(CORPUS_REPLAY_PATH, patch, { replace: true });
}

/** Saved AI rules or AI schemes whose name holds what is typed. */
function useSavedOptions(kind: 'rule' | 'scheme', keyword: string) {
  const client = useApi();
  const [options, setOptions] = useState<{ value: string; label: string }[]>([]);
  useEffect(() => {
    let live = true;
    const path = kind === 'rule' ? '/v3/chats/qc-rule/page' : '/v3/chats/qc-scheme/page';
    const filter = kind === 'rule' ? { type: 'AI' } : { targetType: 'AI' };
    client
      .request<Page<{ id: string | number; name: string }>>({
        path,
        query: { page: 1, size: 50 },
        body: { ...filter, keyword, fields: ['id', 'name'] },
      })
      .then((page) => live && setOptions((page?.records ?? []).map((r) => ({ value: String(r.id), label: r.name }))))
      .catch(() => live && setOptions([]));
    return () => {
      live = false;
    };
  }, [client, kind, keyword]);
  return options;
}

/** What the corpus replay tests: a saved rule, a saved scheme, or the rule editor's draft. */
export function CorpusTargetPicker({ query, state }: { query: ReplayQuery; state: TargetState }) {
  const { t } = useI18n();
  const draft = useReplayDraft((s) => s.draft);
  const current: Kind = query.draft ? 'draft' : query.schemeId !== null ? 'scheme' : 'rule';
  const [kind, setKind] = useState<Kind>(current);
  const [search, setSearch] = useState('');
  const [keyword] = useDebouncedValue(search, 250);
  const target = state.status === 'ready' ? state.target : null;
  const savedKind = kind === 'scheme' ? 'scheme' : 'rule';
  const chosen = kind === 'rule' ? query.ruleId : kind === 'scheme' ? query.schemeId : null;
  const found = useSavedOptions(savedKind, search === target?.label ? '' : keyword);
  const data =
    chosen !== null && current === kind && !found.some((o) => o.value === chosen)
      ? [{ value: chosen, label: target?.label ?? chosen }, ...found]
      : found;

  return (
    <Stack gap="xs">
      <Group align="flex-end" gap="md">
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t('replay.target.title')}
          </Text>
          <SegmentedControl
            value={kind}
            onChange={(value) => {
              setKind(value as Kind);
              if (value === 'draft' && draft !== null && !query.draft) {
                goCorpus({ draft: '1', ruleId: draft.ruleId === null ? null : String(draft.ruleId) });
              }
            }}
            data={[
              { value: 'rule', label: t('replay.target.rule') },
              { value: 'scheme', label: t('replay.target.scheme') },
              { value: 'draft', label: t('replay.target.draft'), disabled: draft === null && !query.draft },
            ]}
          />
        </Stack>
        {kind !== 'draft' && (
          <Select
            label={t(kind === 'rule' ? 'replay.target.pickRule' : 'replay.target.pickScheme')}
            placeholder={t('replay.target.search')}
            searchable
            searchValue={search}
            onSearchChange={setSearch}
            data={data}
            value={current === kind ? chosen : null}
            onChange={(id) => id && goCorpus(kind === 'rule' ? { ruleId: id } : { schemeId: id })}
            nothingFoundMessage={t('common.noData')}
            w={360}
          />
        )}
      </Group>
      {target && (
        <Text size="sm" data-testid="corpus-target">
          {t('corpus.target', { label: target.label, count: target.rules.length })}
        </Text>
      )}
      {(state.status === 'ready' || state.status === 'none') && state.notice && (
        <Alert color="yellow" variant="light">
          {t(state.notice)}
        </Alert>
      )}
      {state.status === 'failed' && (
        <Alert color="red" variant="light">
          {state.message}
        </Alert>
      )}
    </Stack>
  );
}
