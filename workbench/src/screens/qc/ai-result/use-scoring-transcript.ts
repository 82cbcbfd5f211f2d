import type { ChatMessage, ResultRule } from '@qcdesk/contracts';
import { useCallback, useMemo, useState } from 'react';
import { useApi } from '../../../api/api-context';
import type { TranscriptFocus } from '../../../ui/transcript/ChatTranscript';
import type { TranscriptHighlight } from '../../../ui/transcript/highlight-spans';
import { useMoreMessages } from '../../../ui/transcript/use-more-messages';
import { type RuleHit, ruleHighlights, ruleHits } from './evidence';

/** What a scoring form's transcript shows: a session's messages as a detail carried them, and its hit rules. */
export interface ScoringSource {
  sessionId: string | null | undefined;
  chatId?: string | null;
  /** the first messages, as the detail answered them (the rest are read on 'view more') */
  messages: readonly ChatMessage[] | null | undefined;
  messageTotal?: number | null;
  /** the AI hit rules whose evidence is marked */
  rules: readonly ResultRule[];
}

export type ScoringTranscript = ReturnType<typeof useScoringTranscript>;

const NO_MESSAGES: readonly ChatMessage[] = [];

/**
 * The transcript beside a scoring form (manual assessment, AI re-inspection): the session's messages with 'view more',
 * every hit rule's evidence marked until one rule is chosen, then that rule's alone; choosing a rule (in the form or
 * in the hit list) scrolls the transcript to its first hit.
 */
export function useScoringTranscript(source: ScoringSource) {
  const client = useApi();
  const given = source.messages ?? NO_MESSAGES;
  const session = useMemo(
    () => (source.sessionId ? { sessionId: source.sessionId, chatId: source.chatId ?? null } : null),
    [source.sessionId, source.chatId],
  );
  const loaded = useMoreMessages(client, session, given, source.messageTotal);
  const messages = loaded.messages;
  const { rules } = source;
  const hits = useMemo(
    () => new Map<string, RuleHit[]>(rules.map((r) => [String(r.ruleId), ruleHits(r, messages)])),
    [rules, messages],
  );
  const [active, setActive] = useState<string | null>(null);
  const [focus, setFocus] = useState<TranscriptFocus | null>(null);

  const highlights = useMemo<TranscriptHighlight[]>(
    () =>
      rules
        .filter((r) => active === null || String(r.ruleId) === active)
        .flatMap((r) => ruleHighlights(hits.get(String(r.ruleId)) ?? [], r.ruleName ?? String(r.ruleId))),
    [rules, hits, active],
  );

  /** The hits of a rule in the loaded messages (none for a rule the AI did not hit, e.g. a manual rule). */
  const hitsOf = useCallback((ruleId: string) => hits.get(String(ruleId)) ?? [], [hits]);
  /** How often the rule hit, as the engine counted it (as the result detail says it), else its hit messages. */
  const hitCountOf = useCallback(
    (ruleId: string) => {
      const rule = rules.find((r) => String(r.ruleId) === String(ruleId));
      return rule?.hitCount ?? hits.get(String(ruleId))?.length ?? 0;
    },
    [rules, hits],
  );

  /** Marks the rule's evidence alone and scrolls to its first hit (again, when it is chosen again). */
  const select = useCallback(
    (ruleId: string) => {
      const key = String(ruleId);
      setActive(key);
      const first = hits.get(key)?.[0];
      // a new object each time: the transcript scrolls again even to the same message
      if (first) setFocus({ message: first.message });
    },
    [hits],
  );
  /** Marks every rule's evidence again. */
  const showAll = useCallback(() => setActive(null), []);

  return {
    messages,
    total: loaded.total,
    loadMore: loaded.loadMore,
    rules,
    highlights,
    focus,
    active,
    hitsOf,
    hitCountOf,
    select,
    showAll,
  };
}
