import type { JsonReader } from '../../compile/json-reader.js';
import type { Evidence } from '../../explain/evidence.js';
import { type OperatorSpec, outcome } from '../types.js';
import { compileSafeRegex, type SafeRegex } from './safe-regex.js';

function readRegex(value: unknown, reader: JsonReader, path: string, caseSensitive: boolean): SafeRegex {
  const pattern = reader.string(value, path);
  const result = compileSafeRegex(pattern, { caseSensitive });
  if (result.ok) return result.regex;
  const { code, zh, en, index } = result.problem;
  throw reader.fail(code, path, zh, en, index);
}

/** REGULAR_EXPRESSION: some selected message matches `regex` and does not match `notRegex`. */
export const regularExpression: OperatorSpec = {
  compile(param, header, reader, path) {
    const caseSensitive = reader.optionalBoolean(param.caseSensitive, `${path}.caseSensitive`, false);
    const regex = readRegex(param.regex, reader, `${path}.regex`, caseSensitive);
    const notRegexSource = param.notRegex;
    const notRegex =
      notRegexSource === undefined || notRegexSource === null || notRegexSource === ''
        ? null
        : readRegex(notRegexSource, reader, `${path}.notRegex`, caseSensitive);
    return {
      ...header,
      forcedRole: null,
      requiredKeywords: null,
      param: { regex: regex.pattern, notRegex: notRegex?.pattern ?? null, caseSensitive },
      evaluate(context, selection) {
        const evidence: Evidence[] = [];
        const partial: Evidence[] = [];
        for (const i of selection.indices) {
          const text = context.sentences[i]!.text;
          if (text === null) continue;
          const spans = regex.matchAll(text);
          if (spans.length === 0) continue;
          const found = spans.map(({ start, end }) => ({
            message: i,
            start,
            end,
            text: text.slice(start, end),
            operator: header.type,
            operatorIndex: header.index,
            pattern: regex.pattern,
          }));
          // A message that also matches notRegex is excluded as a whole; it stays visible as "why not".
          (notRegex?.test(text) ? partial : evidence).push(...found);
        }
        return outcome(header, evidence.length > 0, evidence, partial);
      },
    };
  },
};
