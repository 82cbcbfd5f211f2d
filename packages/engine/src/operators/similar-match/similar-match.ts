import type { Evidence } from '../../explain/evidence.js';
import type { Selection } from '../../match/select-sentences.js';
import type { SessionContext } from '../../match/session-context.js';
import { compactText } from '../../text/compact.js';
import { similarDistance, similarityOf } from '../../text/similarity.js';
import { readWordList } from '../keyword-list.js';
import { maySimilar } from '../similarity-bound.js';
import { type OperatorSpec, outcome } from '../types.js';

/** SIMILAR_MATCH: some selected message is at least `similarity`% similar to some phrase. */
export const similarMatch: OperatorSpec = {
  compile(param, header, reader, path) {
    const phrases = readWordList(param.phrases, reader, `${path}.phrases`, 'phrases');
    const percent = reader.optionalNumber(param.similarity, `${path}.similarity`, 80, 0, 100, false);
    const compacted = phrases.map(compactText);
    const lengths = compacted.map((c) => c.length);
    /** The similar messages of the selection, each with its most similar phrase; null when there is none. */
    const find = (context: SessionContext, selection: Selection): Evidence[] | null => {
      let evidence: Evidence[] | null = null;
      for (const i of selection.indices) {
        const text = context.sentences[i]!.text;
        if (text === null) continue;
        // Lengths first: most messages are too long or too short for every phrase, and are never compacted.
        const length = context.compactLength(i);
        let candidate = false;
        for (let p = 0; p < lengths.length && !candidate; p++) candidate = maySimilar(length, lengths[p]!, percent);
        if (!candidate) continue;
        const mine = context.compact(i);
        let best = -1;
        let bestValue = -1;
        for (let p = 0; p < compacted.length; p++) {
          const phrase = compacted[p]!;
          const d = similarDistance(mine, phrase, percent);
          if (d < 0) continue;
          const value = similarityOf(mine, phrase, d);
          if (value > bestValue) {
            best = p;
            bestValue = value;
          }
        }
        if (best < 0) continue;
        evidence ??= [];
        evidence.push({
          message: i,
          start: 0,
          end: text.length,
          text,
          operator: header.type,
          operatorIndex: header.index,
          phrase: phrases[best]!,
          similarity: Math.round(bestValue * 1000) / 10,
        });
      }
      return evidence;
    };
    return {
      ...header,
      forcedRole: null,
      requiredKeywords: null,
      param: { phrases, similarity: percent },
      evaluate(context, selection) {
        const evidence = find(context, selection);
        return outcome(header, evidence !== null, evidence ?? []);
      },
      decide: find,
    };
  },
};
