import type { ConditionHitInfo, ResultRule } from '@qcdesk/contracts';
import type { TranscriptHighlight } from '../../../ui/transcript/highlight-spans';
import { readMessageBody, type TranscriptMessage } from '../../../ui/transcript/message-content';

/** One hit message of a rule: which message, its text and the spans to mark in it. */
export interface RuleHit {
  message: number;
  cid: string | null;
  words: string;
  spans: { start: number; end: number; text: string }[];
}

/**
 * The message a hit names: `phrase.index` (the engine's message index), else the message whose id is `phrase.pid`,
 * else `pid` read as an index. Null when none of them names a message of the transcript.
 */
export function hitMessageIndex(info: ConditionHitInfo, messages: readonly Pick<TranscriptMessage, 'messageId'>[]) {
  const { index, pid } = info.phrase;
  if (typeof index === 'number' && index >= 0 && index < messages.length) return index;
  const byId = messages.findIndex((m) => m.messageId === pid);
  if (byId >= 0) return byId;
  const asIndex = Number(pid);
  return Number.isInteger(asIndex) && asIndex >= 0 && asIndex < messages.length ? asIndex : null;
}

function occurrences(text: string, word: string): { start: number; end: number }[] {
  const found: { start: number; end: number }[] = [];
  if (word === '') return found;
  for (let at = text.indexOf(word); at >= 0; at = text.indexOf(word, at + word.length)) {
    found.push({ start: at, end: at + word.length });
  }
  return found;
}

/**
 * The hits of a rule with their spans. `keyWords.keyWord` is a list of `{val, from, to}` (the engine's evidence) or a
 * bare `{from, to}` range; a `val` without positions is found in the message text; a hit with no span at all marks
 * its whole message, so that every hit of the rule is visible.
 */
export function ruleHits(rule: Pick<ResultRule, 'conditions'>, messages: readonly TranscriptMessage[]): RuleHit[] {
  const hits: RuleHit[] = [];
  for (const info of rule.conditions?.conditionHitInfo ?? []) {
    const message = hitMessageIndex(info, messages);
    if (message === null) continue;
    const body = readMessageBody(messages[message]!.content);
    const text = body.kind === 'text' ? body.text : info.phrase.words;
    const keyWord = info.keyWords.keyWord;
    let ranges: { start: number; end: number }[] = [];
    if (Array.isArray(keyWord)) {
      for (const k of keyWord) {
        if (typeof k.from === 'number' && typeof k.to === 'number') ranges.push({ start: k.from, end: k.to });
        else ranges.push(...occurrences(text, k.val));
      }
    } else ranges.push({ start: keyWord.from, end: keyWord.to });
    ranges = ranges.filter((r) => r.end > r.start && r.start >= 0 && r.end <= text.length);
    if (ranges.length === 0 && text.length > 0) ranges = [{ start: 0, end: text.length }];
    hits.push({
      message,
      cid: info.cid ?? null,
      words: text,
      spans: ranges.map((r) => ({ ...r, text: text.slice(r.start, r.end) })),
    });
  }
  return hits.sort((a, b) => a.message - b.message);
}

/** The transcript highlights of a rule's hits, labelled with the rule's name (and the condition). */
export function ruleHighlights(hits: readonly RuleHit[], ruleName: string): TranscriptHighlight[] {
  return hits.flatMap((hit) =>
    hit.spans.map((span) => ({
      message: hit.message,
      start: span.start,
      end: span.end,
      label: hit.cid ? `${ruleName}（${hit.cid}）` : ruleName,
    })),
  );
}
