import { transfer } from 'comlink';
import { CensorLibraryError } from '../censor/censor-library-error.js';
import { censorSession } from '../censor/censor-session.js';
import { compileCensor } from '../censor/compile-censor.js';
import { loadPinyin, registeredPinyin } from '../censor/pinyin.js';
import type { CensorLibrary, CensorOptions, CensorScanner } from '../censor/types.js';
import { compileRules } from '../compile/compile-rule.js';
import { compileScheme } from '../compile/compile-scheme.js';
import { RuleCompileError } from '../errors/rule-compile-error.js';
import { toOutputRecord } from '../explain/output-record.js';
import { summarizeInspection } from '../explain/session-summary.js';
import { type Compiled, type InspectionResult, inspect, inspectAsync, modelTasks } from '../match/inspect.js';
import { outputRecordJson, Utf8Sink, writeOutputRecord } from '../match/output-json.js';
import { lexiconModel } from '../models/lexicon/lexicon-model.js';
import type { ModelProvider, ModelUse } from '../models/model-provider.js';
import { modelFromConfig } from '../models/remote/model-config.js';
import { SessionInputError } from '../transcript/session-input-error.js';
import { type FileRange, isBlank, RangeRecords, readRangeLines, unreadable } from './file-ranges.js';
import {
  type BatchRequest,
  type LoadError,
  type LoadInfo,
  type LoadRequest,
  type Result,
  sessionIdOf,
  type WorkerApi,
  type WorkerSessionOutcome,
} from './protocol.js';
import { replayCall } from './replay-call.js';

/** What the worker's host (worker_threads or a Web Worker) provides: only the test hook needs it. */
export interface WorkerHost {
  /** ends the worker abruptly, as a crash would */
  exit(code: number): void;
  /**
   * Bytes [start, end) of a file, for input 'file-range' (absent where workers cannot read files); valid until the
   * next call.
   */
  readRange?(path: string, start: number, end: number): Uint8Array;
}

/**
 * The worker side of the pool, free of any platform module: compiles once in `load`, then inspects batches.
 * Every answer is data; nothing thrown crosses the boundary.
 */
export function createWorkerApi(host: WorkerHost): WorkerApi {
  let compiled: Compiled | null = null;
  /** the model the rules were compiled with */
  let model: ModelProvider = lexiconModel;
  /** a model config was loaded and the rules have model operators: records say which model answered */
  let reportModel = false;
  /** the size of the last utf8 batch, to size the next one's buffer */
  let lastBatchBytes = 0;
  /** utf8 buffers the pool handed back */
  const spare: ArrayBuffer[] = [];
  let scanner: CensorScanner | null = null;
  let testHooks = false;
  /** batches of an asynchronous model run one after another, as synchronous ones do (the time budget counts on it) */
  let tail: Promise<unknown> = Promise.resolve();
  function loadNow(request: LoadRequest): Result<LoadInfo, LoadError> {
    testHooks = request.testHooks === true;
    try {
      scanner = request.libraries === undefined || request.libraries === null ? null : loadCensor(request.libraries);
    } catch (error) {
      compiled = null;
      scanner = null;
      if (error instanceof CensorLibraryError) {
        return {
          ok: false,
          error: { code: 'CENSOR_LIBRARY', path: error.path, message: error.message, ruleId: null },
        };
      }
      return { ok: false, error: { code: 'INTERNAL', path: '$', message: String(error), ruleId: null } };
    }
    try {
      // each worker has its own provider, so its own breaker: a worker that meets a dead service stops asking it
      model = modelFromConfig(request.model);
      const options = { models: model };
      compiled =
        request.scheme === undefined || request.scheme === null
          ? compileRules(request.rules, options)
          : compileScheme(request.scheme, request.rules, options);
      reportModel = request.model !== undefined && request.model !== null && modelTasks(compiled).size > 0;
    } catch (error) {
      compiled = null;
      if (error instanceof RuleCompileError) {
        return {
          ok: false,
          error: {
            code: error.code,
            path: error.path,
            message: error.message,
            ruleId: error.ruleId,
            zh: error.zh,
            en: error.en,
          },
        };
      }
      return { ok: false, error: { code: 'INTERNAL', path: '$', message: String(error), ruleId: null } };
    }
    const rules = compiled.kind === 'scheme' ? compiled.ruleSet.rules.length : compiled.rules.length;
    return { ok: true, value: { kind: compiled.kind === 'scheme' ? 'scheme' : 'rules', rules } };
  }

  return {
    load(request: LoadRequest) {
      // a pinyin library compiles synchronously once a provider is at hand: the worker imports pinyin-pro first
      if (asksPinyin(request.libraries) && registeredPinyin() === null)
        return loadPinyin().then(() => loadNow(request));
      return loadNow(request);
    },

    replay: replayCall,

    inspect(batch: BatchRequest): WorkerSessionOutcome[] | Promise<WorkerSessionOutcome[]> {
      if (model.classifySync !== undefined) return inspectBatch(batch);
      const run = tail.then(() => inspectBatch(batch));
      tail = run.catch(() => undefined);
      return run;
    },
  };

  /**
   * Inspects a batch, synchronously when the model answers so (the fast path), else session after session with
   * inspectAsync. utf8: every record of the batch is written into one buffer, which is moved (not copied) to the pool;
   * each session's value is a view of its bytes.
   */
  function inspectBatch(batch: BatchRequest): WorkerSessionOutcome[] | Promise<WorkerSessionOutcome[]> {
    if (batch.input === 'file-range') return inspectRanges(batch);
    const sink = batch.output === 'utf8' || batch.output === 'hits-utf8' ? takeSink(batch) : null;
    const current = compiled;
    const out: WorkerSessionOutcome[] = [];
    if (current === null || model.classifySync !== undefined) {
      for (const raw of batch.sessions) out.push(inspectOne(batch, sink, current, raw, null));
      return finishBatch(sink, out);
    }
    return (async () => {
      for (const raw of batch.sessions) {
        const session = prepare(batch, current, raw);
        if (!session.ok) {
          out.push(session.outcome);
          continue;
        }
        // Records need outcomes and evidence only; the full trace is for 'result'.
        let result: InspectionResult | Error;
        try {
          result = await inspectAsync(current, session.value, { trace: traced(batch), output: shapeOf(batch) });
        } catch (error) {
          result = error instanceof Error ? error : new Error(String(error));
        }
        out.push(inspectOne(batch, sink, current, session.value, result));
      }
      return finishBatch(sink, out);
    })();
  }

  /**
   * Input 'file-range': each range is read, split into lines and inspected here, as JSON lines; its records go into
   * one buffer, which moves to the pool (file-ranges.ts).
   */
  function inspectRanges(batch: BatchRequest): WorkerSessionOutcome[] | Promise<WorkerSessionOutcome[]> {
    const output = batch.output === 'hits-utf8' ? 'hits-utf8' : 'utf8';
    const lineBatch: BatchRequest = { ...batch, input: 'json', output, recycled: undefined };
    const current = compiled;
    const outcomes: WorkerSessionOutcome[] = [];
    const buffers: ArrayBuffer[] = [];
    const open = (range: FileRange): RangeRecords | null => {
      try {
        const lines = readRangeLines(host.readRange, range);
        // the buffers handed back are taken in once, with the first sink
        return new RangeRecords(takeSink(buffers.length === 0 ? batch : lineBatch), lines);
      } catch (error) {
        outcomes.push(unreadable(range, error));
        return null;
      }
    };
    const close = (records: RangeRecords): void => {
      const { outcome, buffer } = records.finish();
      lastBatchBytes = records.sink.length;
      outcomes.push(outcome);
      buffers.push(buffer);
    };
    if (current === null || model.classifySync !== undefined) {
      for (const range of batch.sessions as readonly FileRange[]) {
        const records = open(range);
        if (records === null) continue;
        records.lines.forEach((text, k) => {
          if (!isBlank(text)) records.add(k, inspectOne(lineBatch, records.sink, current, text, null));
        });
        close(records);
      }
      return transfer(outcomes, buffers);
    }
    return (async () => {
      for (const range of batch.sessions as readonly FileRange[]) {
        const records = open(range);
        if (records === null) continue;
        for (let k = 0; k < records.lines.length; k++) {
          const text = records.lines[k]!;
          if (isBlank(text)) continue;
          const session = prepare(lineBatch, current, text);
          if (!session.ok) {
            records.add(k, session.outcome);
            continue;
          }
          let result: InspectionResult | Error;
          try {
            result = await inspectAsync(current, session.value, { trace: false, output: shapeOf(lineBatch) });
          } catch (error) {
            result = error instanceof Error ? error : new Error(String(error));
          }
          records.add(k, inspectOne(lineBatch, records.sink, current, session.value, result));
        }
        close(records);
      }
      return transfer(outcomes, buffers);
    })();
  }

  /** A sink for a utf8 batch. Write into a buffer handed back when there is one: fresh memory costs a page fault per page on first write. */
  function takeSink(batch: BatchRequest): Utf8Sink {
    for (const buffer of batch.recycled ?? []) if (spare.length < 4) spare.push(buffer);
    const wanted = Math.max(1 << 16, Math.ceil(lastBatchBytes * 1.25));
    let reuse = spare.findIndex((buffer) => buffer.byteLength >= wanted);
    if (reuse < 0 && spare.length > 0) reuse = 0;
    return new Utf8Sink(reuse < 0 ? wanted : new Uint8Array(spare.splice(reuse, 1)[0]!));
  }

  /** utf8: the [start, end) of each record become views of the batch's buffer, which moves to the pool. */
  function finishBatch(sink: Utf8Sink | null, outcomes: WorkerSessionOutcome[]): WorkerSessionOutcome[] {
    if (sink === null) return outcomes;
    lastBatchBytes = sink.length;
    const buffer = sink.bytes.buffer;
    const views = outcomes.map((o): WorkerSessionOutcome => {
      if (!o.ok) return o;
      const [start, end] = o.value as [number, number];
      return { ok: true, value: new Uint8Array(buffer, start, end - start) };
    });
    return transfer(views, [buffer]);
  }

  function traced(batch: BatchRequest): boolean {
    return batch.output === 'result' || batch.output === 'summary';
  }

  /** The sparse record (only the rules that hit) for 'hits' and 'hits-utf8'. */
  function shapeOf(batch: BatchRequest): 'full' | 'hits' {
    return batch.output === 'hits' || batch.output === 'hits-utf8' ? 'hits' : 'full';
  }

  /** Counts the session on the heartbeat and reads it; a session that cannot be read is an outcome already. */
  function prepare(
    batch: BatchRequest,
    current: Compiled | null,
    raw: unknown,
  ): { ok: true; value: unknown } | { ok: false; outcome: WorkerSessionOutcome } {
    if (batch.heartbeat !== undefined) Atomics.add(batch.heartbeat, 0, 1);
    if (current === null) {
      return {
        ok: false,
        outcome: {
          ok: false,
          error: { sessionId: sessionIdOf(raw, batch.input), code: 'INSPECT_FAILED', message: 'no rules loaded' },
        },
      };
    }
    let session: unknown = raw;
    if (batch.input === 'json') {
      try {
        session = JSON.parse(raw as string);
      } catch (error) {
        return {
          ok: false,
          outcome: { ok: false, error: { sessionId: null, code: 'INVALID_JSON', message: (error as Error).message } },
        };
      }
    }
    if (testHooks) runTestHook(session, batch.attempt, host);
    return { ok: true, value: session };
  }

  /**
   * One session's outcome. `given` is its inspection when it was done beforehand (asynchronously), or the error that
   * stopped it; null: inspect it here, synchronously. With a sink (utf8 output), an ok value is the [start, end) of its
   * record in the sink.
   */
  function inspectOne(
    batch: BatchRequest,
    sink: Utf8Sink | null,
    current: Compiled | null,
    raw: unknown,
    given: InspectionResult | Error | null,
  ): WorkerSessionOutcome {
    let session = raw;
    if (given === null) {
      const prepared = prepare(batch, current, raw);
      if (!prepared.ok) return prepared.outcome;
      session = prepared.value;
    }
    try {
      if (given instanceof Error) throw given;
      // Records need outcomes and evidence only; the full trace is for 'result'.
      const result = given ?? inspect(current!, session, { trace: traced(batch), output: shapeOf(batch) });
      if (batch.output === 'result') return { ok: true, value: result };
      if (batch.output === 'summary') return { ok: true, value: summarizeInspection(current!, result) };
      const used: ModelUse | undefined = reportModel
        ? (result.model ?? { modelId: model.id, fallback: false })
        : undefined;
      const censor = scanner === null ? undefined : censorSession(scanner, session).messages;
      // the extras go last, inside the record's braces
      let extras = '';
      if (censor !== undefined) extras += `,"censor":${JSON.stringify(censor)}`;
      if (used !== undefined) extras += `,"model":${JSON.stringify(used)}`;
      if (sink !== null) {
        const start = sink.length;
        writeOutputRecord(current!, result, sink);
        if (extras !== '') {
          sink.unwrite();
          sink.text(`${extras}}`);
        }
        return { ok: true, value: [start, sink.length] };
      }
      if (batch.output === 'json' || batch.output === 'hits') {
        // The record's JSON text straight from the result (the same bytes as stringifying the record).
        const json = outputRecordJson(current!, result);
        return { ok: true, value: extras === '' ? json : `${json.slice(0, -1)}${extras}}` };
      }
      const record = toOutputRecord(result);
      return {
        ok: true,
        value: {
          ...record,
          ...(censor === undefined ? {} : { censor }),
          ...(used === undefined ? {} : { model: used }),
        },
      };
    } catch (error) {
      const sessionId = sessionIdOf(session, 'value');
      if (error instanceof SessionInputError) {
        return {
          ok: false,
          error: { sessionId, code: 'SESSION_INPUT', path: error.path, message: `${error.en} / ${error.zh}` },
        };
      }
      return {
        ok: false,
        error: {
          sessionId,
          code: 'INSPECT_FAILED',
          message: error instanceof Error ? error.message : String(error),
        },
      };
    }
  }
}

/** Whether some library of the input asks for pinyin (its options' `pinyin`, or the defaults'). */
function asksPinyin(input: unknown): boolean {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) return false;
  const options = (input as { options?: CensorOptions }).options;
  if (options === undefined || options === null) return false;
  return options.defaults?.pinyin === true || Object.values(options.libraries ?? {}).some((o) => o?.pinyin === true);
}

/** Libraries as an array, or `{libraries, options}` (the CLI's libraries.json shapes). */
function loadCensor(input: unknown): CensorScanner {
  if (Array.isArray(input)) return compileCensor(input as CensorLibrary[]);
  if (input !== null && typeof input === 'object') {
    const { libraries, records, options } = input as { libraries?: unknown; records?: unknown; options?: unknown };
    const list = libraries ?? records;
    if (Array.isArray(list)) return compileCensor(list as CensorLibrary[], (options ?? {}) as CensorOptions);
  }
  throw new CensorLibraryError('$', 'expected an array of libraries or {libraries, options} / 敏感词库应为数组');
}

/**
 * Tests only (the pool loads with `testHooks`): a session carrying `__workerTestHook` makes the worker exit
 * ('exit'), exit on its first attempt only ('exit-once'), or hang ('hang').
 */
function runTestHook(session: unknown, attempt: number, host: WorkerHost): void {
  if (session === null || typeof session !== 'object') return;
  const hook = (session as { __workerTestHook?: unknown }).__workerTestHook;
  if (hook === 'exit' || (hook === 'exit-once' && attempt === 1)) host.exit(70);
  if (hook === 'hang' || (hook === 'hang-once' && attempt === 1)) {
    // Blocks this thread for good without spinning: only terminate() ends it.
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
  }
}
