import type { Evidence } from '../../explain/evidence.js';
import { compactText } from '../../text/compact.js';
import { similarAtFraction, similarity } from '../../text/similarity.js';
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
    return {
      ...header,
      forcedRole: null,
      requiredKeywords: null,
      param: { window, similarity: fraction, hitTime, minWordSize, exceptions },
      evaluate(context, selection) {
        const streams = new Map<string, number[]>();
        const repeats = new Map<string, number>();
        const evidence: Evidence[] = [];
        const partial: Evidence[] = [];
        for (const i of selection.indices) {
          const sentence = context.sentences[i]!;
          if (sentence.text === null) continue;
          const text = context.compact(i);
          if (text.length <= minWordSize) continue;
          if (compactedExceptions.some((e) => similarAtFraction(text, e, fraction))) continue;
          let stream = streams.get(sentence.role);
          if (stream === undefined) {
            stream = [];
            streams.set(sentence.role, stream);
          }
          const earliest = window === 0 ? 0 : Math.max(0, stream.length - window);
          let repeated = -1;
          for (let k = stream.length - 1; k >= earliest; k--) {
            if (similarAtFraction(text, context.compact(stream[k]!), fraction)) {
              repeated = stream[k]!;
              break;
            }
          }
          stream.push(i);
          if (repeated < 0) continue;
          const count = (repeats.get(sentence.role) ?? 0) + 1;
          repeats.set(sentence.role, count);
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
            similarity: Math.round(similarity(text, context.compact(repeated)) * 1000) / 1000,
          };
          (count >= hitTime ? evidence : partial).push(item);
        }
        return outcome(header, evidence.length > 0, evidence, partial);
      },
    };
  },
};
