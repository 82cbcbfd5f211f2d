import type { JsonReader } from '../../compile/json-reader.js';
import type { Evidence } from '../../explain/evidence.js';
import type { Selection } from '../../match/select-sentences.js';
import type { SessionContext } from '../../match/session-context.js';
import { foldText, isAsciiOnly } from '../../text/fold.js';
import { type OperatorSpec, outcome } from '../types.js';
import { compileSafeRegex, type SafeRegex } from './safe-regex.js';

function readRegex(value: unknown, reader: JsonReader, path: string, caseSensitive: boolean): SafeRegex {
  const pattern = reader.string(value, path);
  const result = compileSafeRegex(pattern, { caseSensitive });
  if (result.ok) return result.regex;
  const { code, zh, en, index } = result.problem;
  throw reader.fail(code, path, zh, en, index);
}

const ASCII_LETTER = /[A-Za-z]/;

/**
 * Whether the shared keyword automaton can stand in for the prefilter on this literal: it finds the
 * literal's folded form wherever the regex could match the literal, with two exceptions kept out:
 * an ASCII-only literal (the automaton reports ASCII keywords only as whole words) and, when the match is
 * case-insensitive, ASCII letters (Unicode case folding also matches ſ for s, which the fold table does not
 * make s). Other characters of a case-insensitive literal are caseless (the prefilter only keeps such).
 */
function automatonCanSee(literal: string, caseSensitive: boolean): boolean {
  if (literal === '' || isAsciiOnly(literal)) return false;
  return caseSensitive || !ASCII_LETTER.test(literal);
}

/** REGULAR_EXPRESSION: some selected message matches `regex` and does not match `notRegex`. */
export const regularExpression: OperatorSpec = {
  compile(param, header, reader, path, environment) {
    const caseSensitive = reader.optionalBoolean(param.caseSensitive, `${path}.caseSensitive`, false);
    const regex = readRegex(param.regex, reader, `${path}.regex`, caseSensitive);
    const notRegexSource = param.notRegex;
    const notRegex =
      notRegexSource === undefined || notRegexSource === null || notRegexSource === ''
        ? null
        : readRegex(notRegexSource, reader, `${path}.notRegex`, caseSensitive);
    // Every match contains one of the prefilter's literals: when the shared automaton can see them all, they
    // gate the operator (a session or message without any of them is not even looked at).
    const literals = regex.requiredLiterals;
    const gate =
      literals !== null && literals.length > 0 && literals.every((l) => automatonCanSee(l, regex.caseSensitive))
        ? literals.map((l) => environment.keywords.intern(foldText(l)))
        : null;
    /** Matches of the messages selected (those with a gate literal only, when `gated`), split by notRegex. */
    const find = (context: SessionContext, selection: Selection, gated: boolean, partial: Evidence[] | null) => {
      let evidence: Evidence[] | null = null;
      const withLiteral = gated && gate !== null ? context.messagesWith(gate) : null;
      for (const i of selection.indices) {
        const text = context.sentences[i]!.text;
        if (text === null) continue;
        if (withLiteral !== null && withLiteral[i] !== 1) continue;
        const spans = regex.matchAll(text);
        if (spans.length === 0) continue;
        // A message that also matches notRegex is excluded as a whole; it stays visible as "why not".
        const excluded = notRegex?.test(text) === true;
        if (excluded && partial === null) continue;
        if (!excluded) evidence ??= [];
        const into = excluded ? partial! : evidence!;
        for (const { start, end } of spans) {
          into.push({
            message: i,
            start,
            end,
            text: text.slice(start, end),
            operator: header.type,
            operatorIndex: header.index,
            pattern: regex.pattern,
          });
        }
      }
      return evidence;
    };
    return {
      ...header,
      forcedRole: null,
      requiredKeywords: gate,
      param: { regex: regex.pattern, notRegex: notRegex?.pattern ?? null, caseSensitive },
      evaluate(context, selection) {
        const partial: Evidence[] = [];
        const evidence = find(context, selection, false, partial);
        return outcome(header, evidence !== null, evidence ?? [], partial);
      },
      decide(context, selection) {
        if (gate !== null && !context.anyOccurs(gate)) return null;
        return find(context, selection, true, null);
      },
    };
  },
};
