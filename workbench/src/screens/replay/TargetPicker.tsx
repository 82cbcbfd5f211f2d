import { Alert, Group, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { QcRule, QcScheme } from '@qcdesk/contracts';
import { useEffect, useState } from 'react';
import { useApi } from '../../api/api-context';
import type { Page } from '../../api/resource';
import { useI18n } from '../../i18n/locale-store';
import { goReplay as goTo, REPLAY_PATH, type ReplayQuery } from '../../replay/replay-query';
import { useReplayDraft } from '../../replay/target/draft-store';
import type { TargetState } from '../../replay/target/use-replay-target';

type Kind = 'rule' | 'scheme' | 'draft';
interface Option {
  value: string;
  label: string;
}

/** Saved AI rules or AI schemes matching what is typed, a page of them at a time. */
function useSavedOptions(kind: 'rule' | 'scheme', search: string): Option[] {
  const client = useApi();
  const [keyword] = useDebouncedValue(search, 250);
  const [options, setOptions] = useState<Option[]>([]);
  useEffect(() => {
    let live = true;
    const path = kind === 'rule' ? '/v3/chats/qc-rule/page' : '/v3/chats/qc-scheme/page';
    const body =
      kind === 'rule'
        ? { type: 'AI', keyword, fields: ['id', 'name'] }
        : { targetType: 'AI', keyword, fields: ['id', 'name'] };
    client
      .request<Page<QcRule | QcScheme>>({ path, query: { page: 1, size: 50 }, body })
      .then((page) => live && setOptions((page?.records ?? []).map((r) => ({ value: String(r.id), label: r.name }))))
      .catch(() => live && setOptions([]));
    return () => {
      live = false;
    };
  }, [client, kind, keyword]);
  return options;
}

/** A searchable picker of saved rules or schemes; the chosen one stays listed even when the search does not find it. */
function SavedPicker({
  kind,
  label,
  value,
  valueLabel,
  onChange,
  clearable = false,
}: {
  kind: 'rule' | 'scheme';
  label: string;
  value: string | null;
  valueLabel: string | null;
  onChange: (id: string | null) => void;
  clearable?: boolean;
}) {
  const { t } = useI18n();
  const [search, setSearch] = useState('');
  const found = useSavedOptions(kind, search === valueLabel ? '' : search);
  const data =
    value !== null && !found.some((o) => o.value === value) ? [{ value, label: valueLabel ?? value }, ...found] : found;
  return (
    <Select
      label={label}
      placeholder={t('replay.target.search')}
      searchable
      clearable={clearable}
      searchValue={search}
      onSearchChange={setSearch}
      data={data}
      value={value}
      onChange={onChange}
      nothingFoundMessage={t('common.noData')}
      w={360}
    />
  );
}

/**
 * Pick what to test: a saved rule, a saved scheme, or the rule editor's draft (alone or within a saved scheme). Both
 * replays use it; `path` is the replay whose address changes (the single replay by default).
 */
export function TargetPicker({
  query,
  state,
  path = REPLAY_PATH,
}: {
  query: ReplayQuery;
  state: TargetState;
  path?: string;
}) {
  const { t } = useI18n();
  const draft = useReplayDraft((s) => s.draft);
  const current: Kind = query.draft ? 'draft' : query.schemeId !== null ? 'scheme' : 'rule';
  const [kind, setKind] = useState<Kind>(current);
  const target = state.status === 'ready' ? state.target : null;
  const fresh = { ruleId: null, schemeId: null, draft: false, withinSchemeId: null };
  const goReplay = (current: ReplayQuery, patch: Partial<ReplayQuery>) => goTo(current, patch, path);

  return (
    <Stack gap="xs">
      <Group align="flex-end" gap="md">
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t('replay.target.title')}
          </Text>
          <SegmentedControl
            value={kind}
            onChange={(v) => {
              setKind(v as Kind);
              // the draft is one thing, not a choice among many: choosing the tab tests it
              if (v === 'draft' && draft !== null && !query.draft) {
                goReplay(query, { ...fresh, draft: true, ruleId: draft.ruleId === null ? null : String(draft.ruleId) });
              }
            }}
            data={[
              { value: 'rule', label: t('replay.target.rule') },
              { value: 'scheme', label: t('replay.target.scheme') },
              { value: 'draft', label: t('replay.target.draft'), disabled: draft === null && !query.draft },
            ]}
          />
        </Stack>
        {kind === 'rule' && (
          <SavedPicker
            kind="rule"
            label={t('replay.target.pickRule')}
            value={current === 'rule' ? query.ruleId : null}
            valueLabel={current === 'rule' ? (target?.label ?? null) : null}
            onChange={(id) => id && goReplay(query, { ...fresh, ruleId: id })}
          />
        )}
        {kind === 'scheme' && (
          <SavedPicker
            kind="scheme"
            label={t('replay.target.pickScheme')}
            value={current === 'scheme' ? query.schemeId : null}
            valueLabel={current === 'scheme' ? (target?.label ?? null) : null}
            onChange={(id) => id && goReplay(query, { ...fresh, schemeId: id })}
          />
        )}
        {kind === 'draft' && draft !== null && (
          <>
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                {t('replay.target.draftOf')}
              </Text>
              <Text size="sm" data-testid="replay-draft-name">
                {draft.name || t('replay.target.unnamed')}
              </Text>
            </Stack>
            <SavedPicker
              kind="scheme"
              clearable
              label={t('replay.target.within')}
              value={query.draft ? query.withinSchemeId : null}
              valueLabel={null}
              onChange={(id) =>
                goReplay(query, {
                  ...fresh,
                  draft: true,
                  ruleId: draft.ruleId === null ? null : String(draft.ruleId),
                  withinSchemeId: id,
                })
              }
            />
          </>
        )}
      </Group>
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
