/**
 * XRegExp has the last word on whether a pattern is valid. Its errors carry no position, so
 * the offending part is recovered from XRegExp's own message ("Invalid escape \a") or from
 * where a legacy parse of the pattern stops.
 */
import XRegExp from 'xregexp';
import { parseSource } from './regex-ast.js';
import { invalidSyntax } from './regex-problems.js';
import type { RegexProblem } from './safe-regex.js';
import type { LexedPattern } from './xregexp-syntax.js';

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Where a legacy (non-`u`) parse of the pattern stops. */
function legacyErrorPosition(pattern: string): number | null {
  try {
    parseSource(pattern, '');
    return null;
  } catch (error) {
    const at = /at position (\d+)/.exec(messageOf(error))?.[1];
    return at === undefined ? null : Number(at);
  }
}

function invalidFromXRegExp(pattern: string, error: unknown): RegexProblem {
  const message = messageOf(error).split('\n')[0] ?? '';
  // the engine's messages look like "Invalid regular expression: /(/: Unterminated group"
  const native = message.startsWith('Invalid regular expression:');
  const detail = native ? message.slice(message.lastIndexOf(': ') + 2) : message;
  // XRegExp's own messages end with the token: "Invalid escape \a"
  const token = native ? undefined : /\s(\S+)$/.exec(message)?.[1];
  if (token !== undefined && pattern.includes(token)) return invalidSyntax(token, pattern.indexOf(token), detail);
  const at = legacyErrorPosition(pattern);
  if (at === null || at >= pattern.length) return invalidSyntax('', 0, detail);
  const character = String.fromCodePoint(pattern.codePointAt(at) ?? 0);
  return invalidSyntax(character, at, detail);
}

/** Valid when XRegExp accepts it without or with the `u` flag (`\u{1F600}` needs it). */
export function validateWithXRegExp(lexed: LexedPattern, pattern: string): RegexProblem | null {
  let firstError: unknown = null;
  for (const flags of ['', 'u']) {
    try {
      XRegExp(lexed.validationSource, flags);
      return null;
    } catch (error) {
      firstError ??= error;
    }
  }
  return invalidFromXRegExp(pattern, firstError);
}
