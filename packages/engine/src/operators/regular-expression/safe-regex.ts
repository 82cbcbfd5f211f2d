/**
 * The REGULAR_EXPRESSION operator's regex compiler: XRegExp syntax in, a matcher that can never
 * hang out. The pipeline:
 *
 * 1. lex the XRegExp pattern into ECMAScript `u`-mode syntax (xregexp-syntax.ts),
 * 2. validate with XRegExp itself (its refusal = REGEX_INVALID),
 * 3. parse with regjsparser, refuse what RE2 cannot run (REGEX_UNSUPPORTED) and what would
 *    backtrack catastrophically (REGEX_CATASTROPHIC, backtracking-analysis.ts),
 * 4. translate to RE2 syntax and compile with re2js, which matches in linear time (to-re2.ts),
 * 5. derive the literal prefilter that skips re2js when a required literal is absent.
 */
import { RE2JS } from 're2js';
import { findCatastrophicBacktracking } from './backtracking-analysis.js';
import { literalMatcher, requiredLiterals } from './literal-prefilter.js';
import { type ParsedRegex, parseSource } from './regex-ast.js';
import { emptyPattern, unsupported } from './regex-problems.js';
import { toRe2Source } from './to-re2.js';
import { findEmptyPreference, findUnsupported } from './unsupported-constructs.js';
import { type LexedPattern, lexXRegExp } from './xregexp-syntax.js';
import { messageOf, validateWithXRegExp } from './xregexp-validation.js';

export interface RegexProblem {
  code: 'REGEX_INVALID' | 'REGEX_CATASTROPHIC' | 'REGEX_UNSUPPORTED';
  /** offending substring of the user's pattern ('' when unknown) */
  part: string;
  /** index of `part` in the pattern (0 when unknown) */
  index: number;
  /** Chinese message, e.g. '正则表达式存在灾难性回溯风险：嵌套量词 "(a+)+"' */
  zh: string;
  /** English message, e.g. 'the regular expression can backtrack catastrophically: nested quantifier "(a+)+"' */
  en: string;
}
export interface RegexSpan {
  start: number;
  end: number;
}
/** How often the prefilter spared the regex engine; for tests and the benchmark. */
export interface SafeRegexStats {
  /** texts the regex engine (re2js) ran on */
  readonly engineRuns: number;
  /** texts the literal prefilter rejected without running the engine */
  readonly prefilterSkips: number;
}
export interface SafeRegex {
  readonly pattern: string; // as the user wrote it
  /** false when the options or a leading `(?i)` make matching case-insensitive */
  readonly caseSensitive: boolean;
  readonly requiredLiterals: readonly string[] | null; // the prefilter's literals, null when no prefilter
  readonly stats: SafeRegexStats;
  test(text: string): boolean;
  /** every non-overlapping match left to right (like String.prototype.matchAll with the g flag); an empty match is reported once as start === end and the scan advances one code unit (both units of a surrogate pair) */
  matchAll(text: string): RegexSpan[];
}
export type SafeRegexResult = { ok: true; regex: SafeRegex } | { ok: false; problem: RegexProblem };
export interface SafeRegexOptions {
  caseSensitive: boolean;
  /** use the literal prefilter (default true); false runs re2js on every text, for differential tests */
  prefilter?: boolean;
}

class CompiledSafeRegex implements SafeRegex {
  readonly stats = { engineRuns: 0, prefilterSkips: 0 };

  constructor(
    readonly pattern: string,
    readonly caseSensitive: boolean,
    readonly requiredLiterals: readonly string[] | null,
    private readonly engine: RE2JS,
    private readonly prefilter: RegExp | null,
  ) {}

  private worthRunning(text: string): boolean {
    if (this.prefilter === null || this.prefilter.test(text)) {
      this.stats.engineRuns++;
      return true;
    }
    this.stats.prefilterSkips++;
    return false;
  }

  test(text: string): boolean {
    return this.worthRunning(text) && this.engine.test(text);
  }

  matchAll(text: string): RegexSpan[] {
    if (!this.worthRunning(text)) return [];
    const matcher = this.engine.matcher(text);
    const spans: RegexSpan[] = [];
    let from = 0;
    while (from <= text.length && matcher.find(from)) {
      const start = matcher.start();
      const end = matcher.end();
      spans.push({ start, end });
      from = end > start ? end : afterEmptyMatch(text, end);
    }
    return spans;
  }
}

/** One code unit on, but never into the middle of a surrogate pair (as with the `u` flag). */
function afterEmptyMatch(text: string, at: number): number {
  const unit = text.charCodeAt(at);
  const next = text.charCodeAt(at + 1);
  const pair = unit >= 0xd800 && unit <= 0xdbff && next >= 0xdc00 && next <= 0xdfff;
  return at + (pair ? 2 : 1);
}

type Parsed = { ok: true; parsed: ParsedRegex } | { ok: false; problem: RegexProblem };

function parse(pattern: string, lexed: LexedPattern, caseSensitive: boolean): Parsed {
  const flags = lexed.modifierFlags;
  const base = { lexed, pattern, caseInsensitive: !caseSensitive || flags.includes('i'), dotAll: flags.includes('s') };
  try {
    return { ok: true, parsed: { ...base, ast: parseSource(lexed.source, 'u') } };
  } catch (error) {
    if (!(error instanceof SyntaxError)) throw error;
    // XRegExp accepted it, so this is web-legacy syntax: read it the legacy way to name the construct
    try {
      const legacy = findUnsupported({ ...base, ast: parseSource(lexed.source, '') });
      if (legacy !== null) return { ok: false, problem: legacy };
    } catch {
      // not even legacy syntax: report the strict parser's complaint below
    }
    const message = messageOf(error).split('\n')[0] ?? '';
    const at = Number(/at position (\d+)/.exec(message)?.[1] ?? Number.NaN);
    const origin = Number.isNaN(at) ? undefined : lexed.origins[at];
    const part = origin === undefined ? '' : pattern.slice(origin[0], origin[1]);
    return { ok: false, problem: unsupported('legacy-syntax', part, origin?.[0] ?? 0, message) };
  }
}

function compile(pattern: string, options: SafeRegexOptions): SafeRegexResult {
  const fail = (problem: RegexProblem): SafeRegexResult => ({ ok: false, problem });
  if (typeof pattern !== 'string' || pattern.trim() === '') return fail(emptyPattern());
  const lexed = lexXRegExp(pattern);
  const invalid = validateWithXRegExp(lexed, pattern) ?? lexed.problem;
  if (invalid !== null) return fail(invalid);
  if (lexed.modifierFlags.includes('m')) {
    return fail(unsupported('multiline', pattern.slice(0, lexed.modifierFlags.length + 3), 0));
  }
  const result = parse(pattern, lexed, options.caseSensitive);
  if (!result.ok) return fail(result.problem);
  const { parsed } = result;
  const refusal = findUnsupported(parsed) ?? findEmptyPreference(parsed) ?? findCatastrophicBacktracking(parsed);
  if (refusal !== null) return fail(refusal);
  let engine: RE2JS;
  try {
    engine = RE2JS.compile(toRe2Source(parsed), parsed.caseInsensitive ? RE2JS.CASE_INSENSITIVE : 0);
  } catch (error) {
    return fail(unsupported('too-complex', '', 0, messageOf(error)));
  }
  const literals = options.prefilter === false ? null : requiredLiterals(parsed);
  const prefilter = literals === null ? null : literalMatcher(literals, parsed.caseInsensitive);
  return { ok: true, regex: new CompiledSafeRegex(pattern, !parsed.caseInsensitive, literals, engine, prefilter) };
}

/**
 * Compiles a REGULAR_EXPRESSION operator pattern. Never throws: every refusal is a problem
 * naming the offending part of the pattern.
 */
export function compileSafeRegex(pattern: string, options: SafeRegexOptions): SafeRegexResult {
  try {
    return compile(pattern, options);
  } catch (error) {
    // e.g. a stack overflow on absurdly deep nesting
    return { ok: false, problem: unsupported('too-complex', '', 0, messageOf(error)) };
  }
}
