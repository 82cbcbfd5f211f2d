/**
 * The worker's `replay` call: compiles the rules (and scheme) it is given and replays one session, answering data.
 * It carries its own rules instead of using what `load` compiled, so a replay never disturbs (nor depends on) a corpus
 * run that shares the pool; compiling one rule or scheme is cheap next to replaying.
 */
import { compileRules } from '../compile/compile-rule.js';
import { compileScheme } from '../compile/compile-scheme.js';
import { RuleCompileError } from '../errors/rule-compile-error.js';
import type { Compiled } from '../match/inspect.js';
import { type PresetModelAnswers, presetModel } from '../models/remote/preset-model.js';
import { type ReplayResult, replaySession } from '../replay/replay-session.js';
import { SessionInputError } from '../transcript/session-input-error.js';
import type { Result } from './protocol.js';

export interface ReplayRequest {
  readonly rules: readonly unknown[];
  /** the scheme scoring the rules; absent or null: the rules alone (no scores) */
  readonly scheme?: unknown;
  /** the session, in any shape `inspect` reads */
  readonly session: unknown;
  /**
   * Model labels fetched beforehand (the console asks its server, which calls the organisation's AI platform); absent:
   * the built-in lexicon model labels the texts here. With it, the result names the model (`model`).
   */
  readonly model?: PresetModelAnswers | null;
}

/**
 * Why a replay failed: a rule or the scheme does not compile (`ruleId`, `path` inside it), the session is malformed
 * (`SESSION_INPUT`, `path` inside the session), or something else went wrong (`INTERNAL`).
 */
export interface ReplayError {
  readonly code: string;
  readonly path: string;
  readonly ruleId: string | null;
  readonly zh: string;
  readonly en: string;
  readonly message: string;
}

export function replayCall(request: ReplayRequest): Result<ReplayResult, ReplayError> {
  let compiled: Compiled;
  const preset = request.model ?? null;
  const options = preset === null ? {} : { models: presetModel(preset) };
  try {
    compiled =
      request.scheme === undefined || request.scheme === null
        ? compileRules(request.rules, options)
        : compileScheme(request.scheme, request.rules, options);
  } catch (error) {
    return { ok: false, error: asReplayError(error) };
  }
  try {
    const replay = replaySession(compiled, request.session);
    if (preset === null) return { ok: true, value: replay };
    return { ok: true, value: { ...replay, model: { modelId: preset.modelId, fallback: preset.fallback } } };
  } catch (error) {
    return { ok: false, error: asReplayError(error) };
  }
}

function asReplayError(error: unknown): ReplayError {
  if (error instanceof RuleCompileError) {
    const { code, path, ruleId, zh, en, message } = error;
    return { code, path, ruleId, zh, en, message };
  }
  if (error instanceof SessionInputError) {
    return {
      code: 'SESSION_INPUT',
      path: error.path,
      ruleId: null,
      zh: error.zh,
      en: error.en,
      message: error.message,
    };
  }
  const message = error instanceof Error ? error.message : String(error);
  return {
    code: 'INTERNAL',
    path: '$',
    ruleId: null,
    zh: `内部错误：${message}`,
    en: `internal error: ${message}`,
    message,
  };
}
