import { Alert, Button, Card, Center, Collapse, Grid, Group, Loader, Stack, Text } from '@mantine/core';
import { AiProvider } from '@qcdesk/contracts';
import { lexiconModel } from '@qcdesk/engine';
import { useEffect, useMemo, useReducer, useState } from 'react';
import { useApi } from '../../../api/api-context';
import { errorText } from '../../../api/client';
import { useI18n } from '../../../i18n/locale-store';
import { initialPlayer, playerReducer, tickMs } from '../../../replay/player';
import { useReplay } from '../../../replay/replay-engine';
import { goReplay, type ReplayQuery, readReplayQuery } from '../../../replay/replay-query';
import { useSessionHandover } from '../../../replay/session-handover';
import { highlightsAt, ruleChangesAt } from '../../../replay/step-view';
import { useReplayTarget } from '../../../replay/target/use-replay-target';
import type { ReplaySession } from '../../../replay/transcript/parse-transcript';
import { loadServerSession } from '../../../replay/transcript/server-session';
import { useTranscriptInputs } from '../../../replay/transcript/transcript-input-store';
import type { RouteLocation } from '../../../router/location';
import { ReplayTabs } from '../ReplayTabs';
import { TargetPicker } from '../TargetPicker';
import { PlayerBar } from './PlayerBar';
import { ReplayMessages } from './ReplayMessages';
import { RuleStates } from './RuleStates';
import { ScoreChart } from './ScoreChart';
import { TranscriptPicker } from './TranscriptPicker';

type SessionState =
  | { status: 'none' }
  | { status: 'loading' }
  | { status: 'ready'; session: ReplaySession }
  | { status: 'failed'; message: string };

/**
 * A session the corpus replay handed over becomes the local pasted session (so the paste tab shows it and can edit
 * it) and leaves the address; after a reload it is gone from memory, and the screen says so.
 */
function useHandover(query: ReplayQuery): boolean {
  const handedOver = useSessionHandover((s) => (query.handover === null ? null : (s.sessions[query.handover] ?? null)));
  useEffect(() => {
    if (handedOver === null) return;
    useTranscriptInputs.getState().set({
      source: 'paste',
      local: handedOver,
      pasted: [handedOver],
      pasteText: JSON.stringify(handedOver),
      fileName: null,
    });
    goReplay(query, { handover: null, sessionId: null });
  }, [handedOver, query]);
  return query.handover !== null && handedOver === null;
}

/** The server session the address names, or the local one the inspector pasted or typed. */
function useReplaySession(sessionId: string | null): SessionState {
  const client = useApi();
  const local = useTranscriptInputs((s) => (s.source === 'server' ? null : s.local));
  const [server, setServer] = useState<SessionState>({ status: 'none' });
  useEffect(() => {
    if (sessionId === null) return;
    let live = true;
    setServer({ status: 'loading' });
    loadServerSession(client, sessionId)
      .then((session) => live && setServer({ status: 'ready', session }))
      .catch((error: unknown) => live && setServer({ status: 'failed', message: errorText(error) }));
    return () => {
      live = false;
    };
  }, [client, sessionId]);
  if (sessionId !== null) return server;
  return local === null ? { status: 'none' } : { status: 'ready', session: local };
}

/**
 * /qc/replay — replay one transcript against a rule, a scheme or the rule editor's draft: step through the messages,
 * see which conditions and rules hit with their evidence marked, why the others did not, and the scores over time.
 * The engine runs in Web Workers (the shared pool): the whole replay is computed once, the player only moves through it.
 */
export function ReplayTranscript({ location, hasCorpus = false }: { location: RouteLocation; hasCorpus?: boolean }) {
  const { t, pick, label } = useI18n();
  const query = useMemo(() => readReplayQuery(location), [location]);
  const targetState = useReplayTarget(query);
  const handoverGone = useHandover(query);
  const sessionState = useReplaySession(query.sessionId);
  const target = targetState.status === 'ready' ? targetState.target : null;
  const session = sessionState.status === 'ready' ? sessionState.session : null;
  const replay = useReplay(target, session);
  const [player, dispatch] = useReducer(playerReducer, initialPlayer);
  const [selectedRule, setSelectedRule] = useState<string | null>(null);
  const [inputsOpen, setInputsOpen] = useState(true);
  const result = replay.status === 'done' ? replay.result : null;

  // a new replay starts at its first message
  useEffect(() => {
    dispatch({ type: 'load', count: result?.steps.length ?? 0 });
  }, [result]);

  useEffect(() => {
    if (!player.playing) return;
    const timer = setInterval(() => dispatch({ type: 'tick' }), tickMs(player.speed));
    return () => clearInterval(timer);
  }, [player.playing, player.speed]);

  const step = result?.steps[Math.min(player.step, result.steps.length - 1)] ?? null;
  const highlights = useMemo(() => (step ? highlightsAt(step, selectedRule) : []), [step, selectedRule]);
  const changes = useMemo(() => (result ? ruleChangesAt(result, player.step) : new Map()), [result, player.step]);

  return (
    <Stack gap="md">
      {hasCorpus && <ReplayTabs current="transcript" query={query} />}
      <Card withBorder>
        <Stack gap="md">
          <Group justify="space-between" align="flex-start">
            <Stack gap={2}>
              {target && (
                <Text size="sm" data-testid="replay-target">
                  {t('replay.target.current', { label: target.label, count: target.rules.length })}
                </Text>
              )}
              {session && (
                <Text size="sm" data-testid="replay-session">
                  {t('replay.session.current', { id: session.sessionId, count: session.messages.length })}
                </Text>
              )}
              {result?.model && (
                <Text size="sm" c={result.model.fallback ? 'orange' : 'dimmed'} data-testid="replay-model">
                  {t('replay.model', {
                    name:
                      result.model.modelId === lexiconModel.id ? label(AiProvider, 'BUILTIN') : result.model.modelId,
                  })}
                  {result.model.fallback && t('replay.modelFallback')}
                </Text>
              )}
            </Stack>
            <Button variant="subtle" size="xs" onClick={() => setInputsOpen((open) => !open)}>
              {t(inputsOpen ? 'replay.inputs.hide' : 'replay.inputs.show')}
            </Button>
          </Group>
          {/* folded away, the player and the rules get the screen; the inputs keep their state */}
          <Collapse expanded={inputsOpen}>
            <Stack gap="md">
              <TargetPicker query={query} state={targetState} />
              <TranscriptPicker query={query} />
            </Stack>
          </Collapse>
          {sessionState.status === 'failed' && <Alert color="red">{sessionState.message}</Alert>}
          {handoverGone && (
            <Alert color="yellow" data-testid="replay-handover-gone">
              {t('replay.session.handoverGone', { id: query.handover ?? '' })}
            </Alert>
          )}
        </Stack>
      </Card>
      {(targetState.status === 'loading' || sessionState.status === 'loading' || replay.status === 'running') && (
        <Center>
          <Loader size="sm" />
        </Center>
      )}
      {replay.status === 'done' && replay.modelError !== null && (
        <Alert color="yellow" data-testid="replay-model-error">
          {t('replay.modelUnavailable', { message: replay.modelError })}
        </Alert>
      )}
      {replay.status === 'failed' && (
        <Alert color="red" title={t('replay.failed')} data-testid="replay-error">
          {pick(replay.error)}
          {replay.error.ruleId !== null && ` (${replay.error.ruleId} ${replay.error.path})`}
        </Alert>
      )}
      {(target === null || session === null) && replay.status === 'idle' && (
        <Text c="dimmed">{t(target === null ? 'replay.pickTarget' : 'replay.pickSession')}</Text>
      )}
      {result && step && target && (
        <>
          <PlayerBar player={player} dispatch={dispatch} />
          <Grid gap="md">
            <Grid.Col span={{ base: 12, md: 6 }}>
              <Card withBorder>
                <ReplayMessages sentences={result.sentences} seen={step.seen} highlights={highlights} />
              </Card>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 6 }}>
              <Stack gap="md">
                <ScoreChart replay={result} step={step} />
                <RuleStates
                  step={step}
                  rules={target.rules}
                  changes={changes}
                  selected={selectedRule}
                  onSelect={setSelectedRule}
                />
              </Stack>
            </Grid.Col>
          </Grid>
        </>
      )}
    </Stack>
  );
}
