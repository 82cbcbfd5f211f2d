import type { Evidence } from '../explain/evidence.js';
import type { AngleResult, AngleRuleResult } from '../score/scheme-score.js';
import type { Compiled, InspectionResult, RuleResult } from './inspect.js';
import { type RuleSetPlan, ruleSetPlan, type SchemePlan, schemePlan } from './rule-plan.js';

/**
 * `JSON.stringify(toOutputRecord(result))`, byte for byte, written straight from the result (a full result or a
 * sparse one, `output: 'hits'`, alike): no record objects
 * in between, and the text of every shared result (a rule that could not hit, a link whose rule missed, a
 * condition that did not hit) is made once per compiled set and reused. This is what a worker sends back for
 * `output: 'json'`, where building and serialising the record of a large scheme cost more than inspecting.
 */
export function outputRecordJson(compiled: Compiled, result: InspectionResult): string {
  const set = compiled.kind === 'scheme' ? compiled.ruleSet : compiled;
  const texts = textsOf(ruleSetPlan(set));
  let json = `{"sessionId":${JSON.stringify(result.sessionId)},"rules":[`;
  const rules = result.rules;
  for (let r = 0; r < rules.length; r++) {
    if (r > 0) json += ',';
    const rule = rules[r]!;
    json += rule === texts.plan.rules[r]?.untouched ? texts.untouched[r]! : ruleJson(rule, texts.conditions[r]);
  }
  json += ']';
  if (result.aiScore === undefined) return `${json}}`;
  json += `,"aiScore":${number(result.aiScore)},"isVeto":${result.isVeto ?? false},"angles":`;
  const angles = result.angles ?? [];
  if (compiled.kind !== 'scheme') return `${json}${JSON.stringify(angles)}}`;
  const links = linksOf(schemePlan(compiled));
  json += '[';
  for (let a = 0; a < angles.length; a++) {
    if (a > 0) json += ',';
    json += angleJson(angles[a]!, links.plan.angles[a]?.links, links.miss[a]);
  }
  return `${json}]}`;
}

/**
 * A growable UTF-8 buffer that records are written into (a worker writes a whole batch into one, then moves it
 * to the pool).
 */
export class Utf8Sink {
  bytes: Uint8Array;
  length = 0;

  /** @param initial a capacity, or a buffer to write into (replaced by a larger one when it fills up) */
  constructor(initial: number | Uint8Array = 1 << 16) {
    this.bytes = typeof initial === 'number' ? new Uint8Array(initial) : initial;
  }

  private reserve(more: number): void {
    if (this.length + more <= this.bytes.length) return;
    const larger = new Uint8Array(Math.max(this.bytes.length * 2, this.length + more));
    larger.set(this.bytes.subarray(0, this.length));
    this.bytes = larger;
  }

  /** Appends bytes already encoded. */
  raw(chunk: Uint8Array, from = 0, to = chunk.length): void {
    const count = to - from;
    this.reserve(count);
    const bytes = this.bytes;
    let at = this.length;
    // A short copy is cheaper by hand than through set() and a subarray.
    if (count < 64) for (let i = from; i < to; i++) bytes[at++] = chunk[i]!;
    else {
      bytes.set(chunk.subarray(from, to), at);
      at += count;
    }
    this.length = at;
  }

  /** Appends a string, encoded (as TextEncoder does: a lone surrogate becomes U+FFFD). */
  text(value: string): void {
    const n = value.length;
    if (n > 256) {
      this.long(value);
      return;
    }
    this.reserve(n * 3);
    const bytes = this.bytes;
    let at = this.length;
    for (let i = 0; i < n; i++) {
      let c = value.charCodeAt(i);
      if (c < 0x80) {
        bytes[at++] = c;
        continue;
      }
      if (c < 0x800) {
        bytes[at++] = 0xc0 | (c >> 6);
        bytes[at++] = 0x80 | (c & 0x3f);
        continue;
      }
      if (c >= 0xd800 && c <= 0xdfff) {
        const low = i + 1 < n ? value.charCodeAt(i + 1) : 0;
        if (c <= 0xdbff && low >= 0xdc00 && low <= 0xdfff) {
          const point = (c - 0xd800) * 0x400 + (low - 0xdc00) + 0x10000;
          bytes[at++] = 0xf0 | (point >> 18);
          bytes[at++] = 0x80 | ((point >> 12) & 0x3f);
          bytes[at++] = 0x80 | ((point >> 6) & 0x3f);
          bytes[at++] = 0x80 | (point & 0x3f);
          i++;
          continue;
        }
        c = 0xfffd;
      }
      bytes[at++] = 0xe0 | (c >> 12);
      bytes[at++] = 0x80 | ((c >> 6) & 0x3f);
      bytes[at++] = 0x80 | (c & 0x3f);
    }
    this.length = at;
  }

  /** A long string: the platform's encoder. */
  private long(value: string): void {
    let read = 0;
    for (;;) {
      this.reserve(value.length - read + 16);
      const done = encoder.encodeInto(read === 0 ? value : value.slice(read), this.bytes.subarray(this.length));
      read += done.read;
      this.length += done.written;
      if (read >= value.length) return;
      // three bytes a code unit at most: make room for the rest and go on
      this.reserve((value.length - read) * 3);
    }
  }

  /** Drops the last byte (a record's closing brace, to append fields before it). */
  unwrite(): void {
    this.length--;
  }
}

const encoder = new TextEncoder();
const COMMA = 0x2c;

/**
 * Appends to `sink` the same bytes as `outputRecordJson` encoded: runs of rules that did not hit (and none of
 * whose conditions hit) and of links whose rule missed are copied from text made once per compiled set.
 */
export function writeOutputRecord(compiled: Compiled, result: InspectionResult, sink: Utf8Sink): void {
  const set = compiled.kind === 'scheme' ? compiled.ruleSet : compiled;
  const texts = textsOf(ruleSetPlan(set));
  const misses = missBytesOf(texts);
  sink.text(`{"sessionId":${JSON.stringify(result.sessionId)},"rules":[`);
  const rules = result.rules;
  let run = -1;
  for (let r = 0; r < rules.length; r++) {
    const rule = rules[r]!;
    if (r < misses.count && isMiss(rule)) {
      if (run < 0) run = r;
      continue;
    }
    if (run >= 0) {
      if (run > 0) sink.raw(COMMA_BYTES);
      sink.raw(misses.bytes, misses.start[run]!, misses.end[r - 1]!);
      run = -1;
    }
    if (r > 0) sink.raw(COMMA_BYTES);
    sink.text(rule === texts.plan.rules[r]?.untouched ? texts.untouched[r]! : ruleJson(rule, texts.conditions[r]));
  }
  if (run >= 0) {
    if (run > 0) sink.raw(COMMA_BYTES);
    sink.raw(misses.bytes, misses.start[run]!, misses.end[rules.length - 1]!);
  }
  if (result.aiScore === undefined) {
    sink.raw(CLOSE_LIST);
    return;
  }
  sink.text(`],"aiScore":${number(result.aiScore)},"isVeto":${result.isVeto ?? false},"angles":`);
  const angles = result.angles ?? [];
  if (compiled.kind !== 'scheme') {
    sink.text(`${JSON.stringify(angles)}}`);
    return;
  }
  const links = linkBytesOf(linksOf(schemePlan(compiled)));
  sink.raw(OPEN_BRACKET);
  for (let a = 0; a < angles.length; a++) {
    if (a > 0) sink.raw(COMMA_BYTES);
    const angle = angles[a]!;
    const plan = links.texts.plan.angles[a];
    const bytes = links.bytes[a];
    const list = angle.rules;
    let missed = 0;
    if (plan !== undefined && list.length === plan.links.length) {
      while (missed < list.length && list[missed] === plan.links[missed]!.miss) missed++;
    }
    // No linked rule hit: the whole angle is text made once (its result is its full score). A sparse angle
    // (`output: 'hits'`) lists fewer links than the plan has and is written as it is.
    if (
      plan !== undefined &&
      list.length === plan.links.length &&
      missed === list.length &&
      angle.result === angle.score
    ) {
      const whole = links.whole[a]!;
      if (whole.angleId === angle.angleId && whole.angleName === angle.angleName && whole.score === angle.score) {
        sink.raw(whole.bytes);
        continue;
      }
    }
    sink.text(
      `{"angleId":${JSON.stringify(angle.angleId)},"angleName":${JSON.stringify(angle.angleName)},"score":${number(angle.score)},"result":${number(angle.result)},"rules":[`,
    );
    let from = -1;
    for (let l = 0; l < list.length; l++) {
      const link = list[l]!;
      if (bytes !== undefined && plan !== undefined && l < plan.links.length && link === plan.links[l]!.miss) {
        if (from < 0) from = l;
        continue;
      }
      if (from >= 0) {
        if (from > 0) sink.raw(COMMA_BYTES);
        sink.raw(bytes!.bytes, bytes!.start[from]!, bytes!.end[l - 1]!);
        from = -1;
      }
      if (l > 0) sink.raw(COMMA_BYTES);
      sink.text(linkJson(link));
    }
    if (from >= 0) {
      if (from > 0) sink.raw(COMMA_BYTES);
      sink.raw(bytes!.bytes, bytes!.start[from]!, bytes!.end[list.length - 1]!);
    }
    sink.raw(CLOSE_LIST);
  }
  sink.raw(CLOSE_LIST);
}

const OPEN_BRACKET = new Uint8Array([0x5b]);
/** `]}` */
const CLOSE_LIST = new Uint8Array([0x5d, 0x7d]);
const COMMA_BYTES = new Uint8Array([COMMA]);

/** A rule that did not hit and none of whose conditions hit: its record is fixed (score 0, no hits). */
function isMiss(rule: RuleResult): boolean {
  if (rule.hit) return false;
  const conditions = rule.conditions;
  for (let c = 0; c < conditions.length; c++) if (conditions[c]!.hit) return false;
  return true;
}

/** Fragments joined by commas, encoded once; fragment k spans [start[k], end[k]). */
interface Joined {
  readonly bytes: Uint8Array;
  readonly start: Int32Array;
  readonly end: Int32Array;
  readonly count: number;
}

function join(fragments: readonly string[]): Joined {
  const start = new Int32Array(fragments.length);
  const end = new Int32Array(fragments.length);
  const parts: Uint8Array[] = [];
  let at = 0;
  fragments.forEach((fragment, k) => {
    if (k > 0) at += 1;
    const bytes = encoder.encode(fragment);
    parts.push(bytes);
    start[k] = at;
    at += bytes.length;
    end[k] = at;
  });
  const bytes = new Uint8Array(at);
  parts.forEach((part, k) => {
    bytes.set(part, start[k]!);
    if (k > 0) bytes[start[k]! - 1] = COMMA;
  });
  return { bytes, start, end, count: fragments.length };
}

interface AngleBytes {
  readonly texts: LinkTexts;
  /** per angle: its links' miss texts, joined */
  readonly bytes: readonly Joined[];
  /** per angle: the whole angle when none of its rules hit */
  readonly whole: readonly { angleId: string; angleName: string; score: number; bytes: Uint8Array }[];
}

const missBytes = new WeakMap<RuleTexts, Joined>();
const linkBytes = new WeakMap<LinkTexts, AngleBytes>();

/** Per rule: the record of a miss (hit false, hitCount 0, score 0, every condition false without hits). */
function missBytesOf(texts: RuleTexts): Joined {
  let joined = missBytes.get(texts);
  if (joined === undefined) {
    joined = join(
      texts.plan.rules.map(
        (rule, r) =>
          `{"ruleId":${JSON.stringify(rule.program.id)},"hit":false,"hitCount":0,"score":0,"conditions":{${texts.conditions[r]!.map((c) => c.text).join(',')}}}`,
      ),
    );
    missBytes.set(texts, joined);
  }
  return joined;
}

function linkBytesOf(texts: LinkTexts): AngleBytes {
  let joined = linkBytes.get(texts);
  if (joined === undefined) {
    joined = {
      texts,
      bytes: texts.miss.map((list) => join(list)),
      whole: texts.plan.angles.map((angle, a) => ({
        angleId: angle.angleId,
        angleName: angle.angleName,
        score: angle.score,
        bytes: encoder.encode(
          `{"angleId":${JSON.stringify(angle.angleId)},"angleName":${JSON.stringify(angle.angleName)},"score":${number(angle.score)},"result":${number(angle.score)},"rules":[${texts.miss[a]!.join(',')}]}`,
        ),
      })),
    };
    linkBytes.set(texts, joined);
  }
  return joined;
}

interface RuleTexts {
  readonly plan: RuleSetPlan;
  /** by rule position: the text of its untouched result ('' when it has none) */
  readonly untouched: readonly string[];
  /** by rule position, by condition: the shared miss result and its text */
  readonly conditions: readonly (readonly { readonly miss: unknown; readonly text: string }[])[];
}

interface LinkTexts {
  readonly plan: SchemePlan;
  /** by angle, by link: the text of the shared miss link */
  readonly miss: readonly (readonly string[])[];
}

const ruleTexts = new WeakMap<RuleSetPlan, RuleTexts>();
const linkTexts = new WeakMap<SchemePlan, LinkTexts>();

function textsOf(plan: RuleSetPlan): RuleTexts {
  let texts = ruleTexts.get(plan);
  if (texts === undefined) {
    const conditions = plan.rules.map((rule) =>
      rule.conditions.map((c) => ({ miss: c.miss, text: `${JSON.stringify(c.miss.cid)}:{"hit":false,"hits":[]}` })),
    );
    texts = {
      plan,
      untouched: plan.rules.map((rule, r) => (rule.untouched === null ? '' : ruleJson(rule.untouched, conditions[r]))),
      conditions,
    };
    ruleTexts.set(plan, texts);
  }
  return texts;
}

function linksOf(plan: SchemePlan): LinkTexts {
  let texts = linkTexts.get(plan);
  if (texts === undefined) {
    texts = { plan, miss: plan.angles.map((angle) => angle.links.map((link) => linkJson(link.miss))) };
    linkTexts.set(plan, texts);
  }
  return texts;
}

/** A number as JSON writes it (finite numbers as String does; -0 as 0; NaN and infinities as null). */
function number(value: number): string {
  return Number.isFinite(value) ? String(value) : 'null';
}

function ruleJson(
  rule: RuleResult,
  shared: readonly { readonly miss: unknown; readonly text: string }[] | undefined,
): string {
  let json = `{"ruleId":${JSON.stringify(rule.ruleId)},"hit":${rule.hit},"hitCount":${number(rule.hitCount)},"score":${number(rule.score)},"conditions":{`;
  const conditions = rule.conditions;
  for (let c = 0; c < conditions.length; c++) {
    if (c > 0) json += ',';
    const condition = conditions[c]!;
    const known = shared?.[c];
    if (known !== undefined && condition === known.miss) {
      json += known.text;
      continue;
    }
    json += `${JSON.stringify(condition.cid)}:{"hit":${condition.hit},"hits":[`;
    const hits = condition.hits;
    for (let h = 0; h < hits.length; h++) {
      if (h > 0) json += ',';
      json += hitJson(hits[h]!);
    }
    json += ']}';
  }
  return `${json}}}`;
}

/** One piece of evidence as the record has it: every field but operatorIndex, in the evidence's own order. */
function hitJson(evidence: Evidence): string {
  let json = '{';
  let first = true;
  for (const key in evidence) {
    if (key === 'operatorIndex') continue;
    const value = (evidence as unknown as Record<string, unknown>)[key];
    if (value === undefined) continue;
    const text = typeof value === 'number' ? number(value) : JSON.stringify(value);
    if (text === undefined) continue;
    json += `${first ? '' : ','}${JSON.stringify(key)}:${text}`;
    first = false;
  }
  return `${json}}`;
}

function angleJson(
  angle: AngleResult,
  links: readonly { readonly miss: AngleRuleResult }[] | undefined,
  miss: readonly string[] | undefined,
): string {
  let json = `{"angleId":${JSON.stringify(angle.angleId)},"angleName":${JSON.stringify(angle.angleName)},"score":${number(angle.score)},"result":${number(angle.result)},"rules":[`;
  const rules = angle.rules;
  for (let l = 0; l < rules.length; l++) {
    if (l > 0) json += ',';
    const link = rules[l]!;
    json += link === links?.[l]?.miss && miss !== undefined ? miss[l]! : linkJson(link);
  }
  return `${json}]}`;
}

function linkJson(link: AngleRuleResult): string {
  return `{"ruleId":${JSON.stringify(link.ruleId)},"hit":${link.hit},"delta":${number(link.delta)}}`;
}
