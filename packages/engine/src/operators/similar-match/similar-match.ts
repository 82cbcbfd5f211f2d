import type { Evidence } from '../../explain/evidence.js';
import { compactText } from '../../text/compact.js';
import { similarAtPercent, similarity } from '../../text/similarity.js';
import { readWordList } from '../keyword-list.js';
import { type OperatorSpec, outcome } from '../types.js';

/** SIMILAR_MATCH: some selected message is at least `similarity`% similar to some phrase. */
export const similarMatch: OperatorSpec = {
  compile(param, header, reader, path) {
    const phrases = readWordList(param.phrases, reader, `${path}.phrases`, 'phrases');
    const percent = reader.optionalNumber(param.similarity, `${path}.similarity`, 80, 0, 100, false);
    const compacted = phrases.map(compactText);
    return {
      ...header,
      forcedRole: null,
      requiredKeywords: null,
      param: { phrases, similarity: percent },
      evaluate(context, selection) {
        const evidence: Evidence[] = [];
        for (const i of selection.indices) {
          const text = context.sentences[i]!.text;
          if (text === null) continue;
          const mine = context.compact(i);
          let best = -1;
          let bestValue = -1;
          compacted.forEach((phrase, p) => {
            if (!similarAtPercent(mine, phrase, percent)) return;
            const value = similarity(mine, phrase);
            if (value > bestValue) {
              best = p;
              bestValue = value;
            }
          });
          if (best < 0) continue;
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
        return outcome(header, evidence.length > 0, evidence);
      },
    };
  },
};
