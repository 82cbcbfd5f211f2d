import { Alert, Button, FileButton, Group, Loader, Select, Stack, Tabs, Text, Textarea } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconUpload } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useApi } from '../../../api/api-context';
import { useLoad } from '../../../api/use-load';
import { useI18n } from '../../../i18n/locale-store';
import { goReplay, type ReplayQuery } from '../../../replay/replay-query';
import {
  type ParseOutcome,
  parseJsonTranscript,
  parseTypedTranscript,
  type ReplaySession,
  type TranscriptProblem,
} from '../../../replay/transcript/parse-transcript';
import { findSessionChoice, listSessionChoices, type SessionChoice } from '../../../replay/transcript/server-session';
import { type TranscriptSource, useTranscriptInputs } from '../../../replay/transcript/transcript-input-store';

const TYPED_EXAMPLE = '客户: 你好，我的宽带断了\n客服: 您好，请问您的账号是多少？\n客户: [图片]';

function choiceLabel(c: SessionChoice): string {
  return [
    c.sessionId,
    c.customerNick,
    c.createTime,
    c.messageCount === null || c.messageCount === undefined ? null : `${c.messageCount}`,
  ]
    .filter(Boolean)
    .join(' · ');
}

/** Enough choices to pick from while typing; the search narrows them on the server. */
const CHOICE_LIMIT = 100;

/**
 * A server session, searched on the server as the user types (session id, chat id, customer, agent): any session can
 * be chosen, not only the newest. The session named in the address is looked up by id for its label.
 */
function ServerSessionPicker({ query }: { query: ReplayQuery }) {
  const client = useApi();
  const { t } = useI18n();
  const [search, setSearch] = useState('');
  const [choices, setChoices] = useState<SessionChoice[]>([]);
  const id = query.sessionId;
  // the picked session's own label, found by its id (a session beyond the first choices too)
  const found = useLoad(
    () => findSessionChoice(client, id!).then((choice) => choice ?? { sessionId: id! }),
    [client, id],
    { enabled: id !== null },
  );
  const current: SessionChoice | null = id === null ? null : (found.data ?? (found.error ? { sessionId: id } : null));

  const data = useMemo(() => {
    const options = choices.map((c) => ({ value: c.sessionId, label: choiceLabel(c) }));
    if (id === null || options.some((o) => o.value === id)) return options;
    const label = current?.sessionId === id ? choiceLabel(current) : id;
    return [{ value: id, label }, ...options];
  }, [choices, current, id]);
  // once a session is picked the box shows its label: that is no search
  const pickedLabel = data.find((o) => o.value === id)?.label;
  const [keyword] = useDebouncedValue(search === pickedLabel ? '' : search.trim(), 250);

  const listed = useLoad(() => listSessionChoices(client, keyword || null, CHOICE_LIMIT), [client, keyword], {
    onLoad: setChoices,
    onError: () => setChoices([]),
  });
  const loading = listed.loading;

  return (
    <Select
      label={t('replay.session.pick')}
      placeholder={t('replay.session.search')}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      // the server has searched already, by more than the label shows (the agent, the chat id)
      filter={({ options }) => options}
      data={data}
      value={id}
      onChange={(picked) => picked && goReplay(query, { sessionId: picked })}
      nothingFoundMessage={loading ? t('common.loading') : t('common.noData')}
      rightSection={loading ? <Loader size={14} /> : undefined}
      limit={CHOICE_LIMIT + 1}
      maw={560}
      data-testid="replay-session-picker"
    />
  );
}

function Problem({ problem }: { problem: TranscriptProblem | null }) {
  const { t, pick } = useI18n();
  if (problem === null) return null;
  return (
    <Alert color="red" variant="light" title={t('replay.session.bad')} data-testid="replay-input-error">
      {pick(problem)}
    </Alert>
  );
}

/**
 * Pick a transcript: a session from the server, pasted or uploaded JSON / JSON Lines, or one typed line by line. A
 * local transcript replaces the server session in the address.
 */
export function TranscriptPicker({ query }: { query: ReplayQuery }) {
  const { t } = useI18n();
  const inputs = useTranscriptInputs();
  const [problem, setProblem] = useState<TranscriptProblem | null>(null);
  const source: TranscriptSource = query.sessionId !== null ? 'server' : inputs.source;

  const apply = (outcome: ParseOutcome, from: TranscriptSource) => {
    if (!outcome.ok) {
      setProblem(outcome.problem);
      return;
    }
    setProblem(null);
    inputs.set({
      source: from,
      local: outcome.sessions[0]!,
      pasted: from === 'paste' ? outcome.sessions : inputs.pasted,
    });
    if (query.sessionId !== null) goReplay(query, { sessionId: null });
  };
  const pickPasted = (id: string | null) => {
    const chosen = inputs.pasted.find((s) => s.sessionId === id);
    if (chosen) inputs.set({ local: chosen });
  };

  return (
    <Stack gap="xs">
      <Text size="sm" fw={500}>
        {t('replay.session.title')}
      </Text>
      <Tabs
        value={source}
        onChange={(v) => {
          setProblem(null);
          inputs.set({ source: (v ?? 'server') as TranscriptSource });
          if (v !== 'server' && query.sessionId !== null) goReplay(query, { sessionId: null });
        }}
        keepMounted={false}
      >
        <Tabs.List>
          <Tabs.Tab value="server">{t('replay.session.server')}</Tabs.Tab>
          <Tabs.Tab value="paste">{t('replay.session.paste')}</Tabs.Tab>
          <Tabs.Tab value="typed">{t('replay.session.typed')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="server" pt="xs">
          <ServerSessionPicker query={query} />
        </Tabs.Panel>
        <Tabs.Panel value="paste" pt="xs">
          <Stack gap="xs">
            <Textarea
              aria-label={t('replay.session.paste')}
              placeholder={t('replay.session.pasteHint')}
              value={inputs.pasteText}
              onChange={(e) => inputs.set({ pasteText: e.currentTarget.value, fileName: null })}
              rows={5}
              resize="vertical"
              styles={{ input: { fontFamily: 'monospace', fontSize: 12 } }}
            />
            <Group gap="xs">
              <FileButton
                accept=".json,.jsonl,.ndjson,.txt,application/json"
                onChange={(file) => {
                  if (!file) return;
                  void file.text().then((text) => {
                    inputs.set({ pasteText: text, fileName: file.name });
                    apply(parseJsonTranscript(text, file.name), 'paste');
                  });
                }}
              >
                {(props) => (
                  <Button {...props} variant="default" leftSection={<IconUpload size={16} />}>
                    {t('replay.session.upload')}
                  </Button>
                )}
              </FileButton>
              <Button onClick={() => apply(parseJsonTranscript(inputs.pasteText), 'paste')}>
                {t('replay.session.use')}
              </Button>
              {inputs.fileName && (
                <Text size="sm" c="dimmed">
                  {inputs.fileName}
                </Text>
              )}
            </Group>
            {inputs.pasted.length > 1 && (
              <Select
                label={t('replay.session.which', { count: inputs.pasted.length })}
                searchable
                data={inputs.pasted.map((s: ReplaySession) => ({
                  value: s.sessionId,
                  label: `${s.sessionId} · ${s.messages.length}`,
                }))}
                value={inputs.local?.sessionId ?? null}
                onChange={pickPasted}
                maw={560}
              />
            )}
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="typed" pt="xs">
          <Stack gap="xs">
            <Textarea
              aria-label={t('replay.session.typed')}
              description={t('replay.session.typedHint')}
              placeholder={TYPED_EXAMPLE}
              value={inputs.typedText}
              onChange={(e) => inputs.set({ typedText: e.currentTarget.value })}
              rows={5}
              resize="vertical"
            />
            <Group>
              <Button onClick={() => apply(parseTypedTranscript(inputs.typedText), 'typed')}>
                {t('replay.session.use')}
              </Button>
            </Group>
          </Stack>
        </Tabs.Panel>
      </Tabs>
      <Problem problem={problem} />
    </Stack>
  );
}
