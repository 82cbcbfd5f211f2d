import type { Evidence } from '../../explain/evidence.js';
import type { Selection } from '../../match/select-sentences.js';
import type { SessionContext } from '../../match/session-context.js';
import { compactText } from '../../text/compact.js';
import { similarAtFraction, similarity } from '../../text/similarity.js';
import { fractionPercent, maySimilar } from '../similarity-bound.js';
import { type OperatorSpec, outcome } from '../types.js';

/**
 * ADVANCED_REPEAT_DETECT (ENGINE-SEMANTICS "Repeat"): within each sender role, a message repeats one of the
 * previous `window` counted messages when similar to it; short messages and exceptions are skipped and do
 * not fill the window. The operator hits on the `hitTime`-th repeat of a role.
 */
export const repeatDetect: OperatorSpec = {
  compile(param, header, reader, path) {
    const window = reader.optionalNumber(param.window, `${path}.window`, 0, 0, Number.MAX_SAFE_INTEGER, true);
    const fraction = reader.optionalNumber(param.similarity, `${path}.similarity`, 0.1, 0.1, 1, false);
    const hitTime = reader.optionalNumber(param.hitTime, `${path}.hitTime`, 1, 1, Number.MAX_SAFE_INTEGER, true);
    const minWordSize = reader.optionalNumber(
      param.minWordSize,
      `${path}.minWordSize`,
      0,
      0,
      Number.MAX_SAFE_INTEGER,
      true,
    );
    const exceptionsRaw =
      param.exceptions === undefined || param.exceptions === null
        ? []
        : reader.array(param.exceptions, `${path}.exceptions`);
    const exceptions = exceptionsRaw
      .map((e, i) => reader.string(e, `${path}.exceptions[${i}]`).trim())
      .filter((e) => e !== '');
    const compactedExceptions = exceptions.map(compactText).filter((e) => e !== '');
    const percent = fractionPercent(fraction);
    /** The repeats from the `hitTime`-th on (null when none); earlier ones go to `partial` when given. */
    const find = (context: SessionContext, selection: Selection, partial: Evidence[] | null): Evidence[] | null => {
      const streams = new Map<string, number[]>();
      const repeats = new Map<string, number>();
      let evidence: Evidence[] | null = null;
      for (const i of selection.indices) {
        const sentence = context.sentences[i]!;
        if (sentence.text === null) continue;
        // Lengths first (compacting is the costly part): a pair of messages whose lengths rule out
        // similarity is never compacted.
        const length = context.compactLength(i);
        if (length <= minWordSize) continue;
        if (
          compactedExceptions.length > 0 &&
          compactedExceptions.some((e) => similarAtFraction(context.compact(i), e, fraction))
        ) {
          continue;
        }
        let stream = streams.get(sentence.role);
        if (stream === undefined) {
          stream = [];
          streams.set(sentence.role, stream);
        }
        const earliest = window === 0 ? 0 : Math.max(0, stream.length - window);
        let repeated = -1;
        for (let k = stream.length - 1; k >= earliest; k--) {
          const other = stream[k]!;
          if (!maySimilar(length, context.compactLength(other), percent)) continue;
          if (similarAtFraction(context.compact(i), context.compact(other), fraction)) {
            repeated = other;
            break;
          }
        }
        stream.push(i);
        if (repeated < 0) continue;
        const count = (repeats.get(sentence.role) ?? 0) + 1;
        repeats.set(sentence.role, count);
        if (count < hitTime && partial === null) continue;
        const original = context.sentences[repeated]!.text!;
        const item: Evidence = {
          message: i,
          start: 0,
          end: sentence.text.length,
          text: sentence.text,
          operator: header.type,
          operatorIndex: header.index,
          phrase: original,
          repeatOf: repeated,
          similarity: Math.round(similarity(context.compact(i), context.compact(repeated)) * 1000) / 1000,
        };
        if (count >= hitTime) {
          evidence ??= [];
          evidence.push(item);
        } else partial!.push(item);
      }
      return evidence;
    };
    return {
      ...header,
      forcedRole: null,
      requiredKeywords: null,
      param: { window, similarity: fraction, hitTime, minWordSize, exceptions },
      evaluate(context, selection) {
        const partial: Evidence[] = [];
        const evidence = find(context, selection, partial);
        return outcome(header, evidence !== null, evidence ?? [], partial);
      },
      decide(context, selection) {
        return find(context, selection, null);
      },
    };
  },
};
