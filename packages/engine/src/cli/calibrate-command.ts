import { createReadStream } from 'node:fs';
import { readFile, stat, writeFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import {
  type CalibrationReport,
  calibrate,
  LabelInputError,
  type LabelledSession,
  labelOfRecord,
  parseFieldPath,
  parseLabelFile,
  readSession,
  SessionInputError,
  type Transcript,
} from '../index.js';
import { compileInputs } from './compile-inputs.js';
import type { CliIo } from './inspect-command.js';
import { CliError, loadRules, readJsonFile } from './load-rules.js';
import { Progress } from './progress.js';

export interface CalibrateCliOptions {
  readonly rules: string;
  readonly scheme: string;
  /** JSON Lines of sessions (`.gz` is read through gunzip) */
  readonly input: string;
  /** a field path of each session record holding its label, e.g. `humanQuality.S` */
  readonly label?: string;
  /** or a CSV / JSON Lines file of `sessionId, score` */
  readonly labels?: string;
  readonly outRules?: string;
  readonly outScheme?: string;
  /** the full report as JSON */
  readonly report?: string;
  readonly suggest: number;
  readonly folds: number;
  readonly seed: number;
  readonly fitVeto: boolean;
  readonly positive: 'ADD' | 'MISSING';
  /** the roles whose phrases may be suggested (default both) */
  readonly suggestRoles?: readonly ('AGENT' | 'CUSTOMER')[];
  readonly quiet: boolean;
}

// Progress appears on a terminal, or in a log for corpora this large (smaller runs finish before it helps).
const PROGRESS_SESSIONS = 2000;

/**
 * `qc-engine calibrate`: reads labelled sessions, runs `calibrate` (evidence, fitted scores, suggestions, k-fold
 * figures), prints the report and writes the calibrated rule file and scheme, which `qc-engine inspect` reads.
 * A malformed session line is reported with its line number and skipped (exit 1); a bad label stops the run (exit 2).
 */
export async function calibrateCommand(options: CalibrateCliOptions, io: CliIo): Promise<number> {
  if (options.label === undefined && options.labels === undefined) {
    throw new CliError('give --label <field path> or --labels <file> / 请指定 --label 字段路径或 --labels 标注文件', 2);
  }
  if (options.folds < 2) throw new CliError('--folds must be at least 2 / --folds 至少为 2', 2);
  // Compile first: a rule that does not compile is reported before any reading.
  await compileInputs(options.rules, options.scheme);
  const rules = await loadRules(options.rules);
  const scheme = await readJsonFile(options.scheme, 'scheme');
  const fileLabels = options.labels === undefined ? null : await readLabels(options.labels);
  const fieldPath = options.label === undefined ? null : labelPath(options.label);

  const sessions: LabelledSession[] = [];
  let read = 0;
  let failed = 0;
  let unlabelled = 0;
  const where = options.input;
  for await (const line of jsonLines(options.input)) {
    read++;
    let record: unknown;
    let transcript: Transcript;
    try {
      record = JSON.parse(line.text);
      transcript = readSession(record);
    } catch (error) {
      failed++;
      io.stderr.write(`${where}:${line.number}: ${lineError(error)}\n`);
      continue;
    }
    let label: number | null;
    try {
      label =
        fileLabels !== null
          ? (fileLabels.get(transcript.sessionId) ?? null)
          : labelOfRecord(record, fieldPath!, `${basename(where)}:${line.number}`);
    } catch (error) {
      if (error instanceof LabelInputError) throw new CliError(error.message, 2);
      throw error;
    }
    if (label === null) unlabelled++;
    else sessions.push({ transcript, label });
  }
  if (sessions.length < options.folds * 2) {
    throw new CliError(
      `only ${sessions.length} labelled session(s) in ${where}; calibration needs at least ${options.folds * 2} / 有标注的会话太少`,
      2,
    );
  }

  const showProgress = !options.quiet && (io.stderr.isTTY === true || sessions.length >= PROGRESS_SESSIONS);
  // The bar measures sessions, not bytes: Progress shows done / total as a fraction.
  const inspecting = new Progress(io.stderr, sessions.length, showProgress);
  let lastStage = '';
  const report = calibrate(rules, scheme, sessions, {
    folds: options.folds,
    seed: options.seed,
    suggest: options.suggest,
    fitVeto: options.fitVeto,
    positive: options.positive,
    suggestOptions: options.suggestRoles === undefined ? undefined : { roles: options.suggestRoles },
    onProgress: ({ stage, done, total }) => {
      if (stage === 'inspect') {
        inspecting.update(done, done);
        if (done === total) inspecting.finish(done, 0);
        return;
      }
      if (!showProgress) return;
      const text =
        stage === 'fold'
          ? `fitting fold ${Math.min(done + 1, total)}/${total}`
          : stage === 'final'
            ? 'final fit'
            : 'indexing phrases';
      if (text !== lastStage && done < total) io.stderr.write(`${text} / 拟合中…\n`);
      lastStage = text;
    },
  });
  io.stdout.write(formatReport(report, { ...options, read, unlabelled }));
  if (options.outRules !== undefined) await writeFile(options.outRules, `${JSON.stringify(report.rules, null, 2)}\n`);
  if (options.outScheme !== undefined)
    await writeFile(options.outScheme, `${JSON.stringify(report.scheme, null, 2)}\n`);
  if (options.report !== undefined) {
    const { rules: _r, scheme: _s, ...rest } = report;
    await writeFile(options.report, `${JSON.stringify(rest, null, 2)}\n`);
  }
  const written = [options.outRules, options.outScheme, options.report].filter((p) => p !== undefined);
  if (written.length > 0) io.stdout.write(`\nwrote 已写入: ${written.join(', ')}\n`);
  return failed > 0 ? 1 : 0;
}

function labelPath(path: string): (string | number)[] {
  try {
    return parseFieldPath(path);
  } catch (error) {
    if (error instanceof LabelInputError) throw new CliError(error.message, 2);
    throw error;
  }
}

async function readLabels(path: string): Promise<Map<string, number>> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new CliError(`cannot read labels ${path}: ${(error as Error).message} / 无法读取标注文件 ${path}`, 2);
  }
  try {
    return parseLabelFile(text, basename(path));
  } catch (error) {
    if (error instanceof LabelInputError) throw new CliError(error.message, 2);
    throw error;
  }
}

async function* jsonLines(path: string): AsyncIterable<{ number: number; text: string }> {
  try {
    await stat(path);
  } catch (error) {
    throw new CliError(`cannot read ${path}: ${(error as Error).message} / 无法读取 ${path}`, 2);
  }
  let stream: Readable = createReadStream(path);
  if (path.endsWith('.gz')) stream = stream.pipe(createGunzip());
  let number = 0;
  for await (const text of createInterface({ input: stream, crlfDelay: Number.POSITIVE_INFINITY })) {
    number++;
    if (text.trim() !== '') yield { number, text };
  }
}

function lineError(error: unknown): string {
  if (error instanceof SyntaxError) return `invalid JSON: ${error.message} / 不是合法的 JSON`;
  if (error instanceof SessionInputError) return `${error.path}: ${error.en} / ${error.zh}`;
  return String(error instanceof Error ? error.message : error);
}

const f3 = (x: number) => (Number.isNaN(x) ? '—' : x.toFixed(3));
const pct = (x: number) => (Number.isNaN(x) ? '—' : `${(x * 100).toFixed(1)}%`);

/** The printed report: the figures, then per-rule evidence, fitted scores, suggestions and disagreements. */
export function formatReport(
  report: CalibrationReport,
  context: Pick<CalibrateCliOptions, 'label' | 'labels' | 'folds' | 'seed'> & { read: number; unlabelled: number },
): string {
  const out: string[] = [];
  const source = context.label !== undefined ? `field ${context.label}` : `file ${context.labels}`;
  out.push(
    `calibration 校准 — ${report.sessions.toLocaleString('en')} labelled sessions 有标注会话 (of ${context.read.toLocaleString('en')} read, ${context.unlabelled.toLocaleString('en')} without a label) · labels ${source} · ${context.folds} folds · seed ${context.seed}`,
    '',
  );
  const cv = report.crossValidated;
  const spreadText = (s: CalibrationReport['crossValidated']['before']) =>
    `${f3(s.mean)} (sd ${f3(s.sd)}, ${f3(s.min)} … ${f3(s.max)})`;
  out.push(
    `Spearman with the labels 与人工标注的秩相关, out-of-fold 交叉验证:`,
    `  before 校准前  ${spreadText(cv.before)}`,
    `  after  校准后  ${spreadText(cv.after)}`,
    `  per fold 各折: ${report.folds.map((f) => `${f3(f.before)} → ${f3(f.after)}`).join(' · ')}`,
    `in-sample over all labelled sessions 全部样本内: before ${f3(report.before)} → after ${f3(report.after)}`,
    '',
    'per-rule evidence 规则证据 (mean label with / without a hit; diff with 95% bootstrap CI; AUC for the lowest-judged quarter)',
  );
  const scoreOf = new Map<string, string>();
  for (const s of report.scores) {
    if (s.suggested) continue;
    const text = `${s.before}→${s.after}${s.fitted ? '' : ' (fixed)'}`;
    scoreOf.set(s.ruleId, scoreOf.has(s.ruleId) ? `${scoreOf.get(s.ruleId)}, ${text}` : text);
  }
  out.push(
    `  ${'rule 规则'.padEnd(30)} ${'type'.padEnd(5)} ${'hits'.padStart(6)} ${'rate'.padStart(6)} ${'with'.padStart(7)} ${'without'.padStart(7)} ${'diff [95% CI]'.padEnd(26)} ${'AUC'.padStart(5)}  score 分值`,
  );
  for (const e of report.evidence) {
    const ci = e.ci === null ? '' : ` [${f3(e.ci[0])}, ${f3(e.ci[1])}]`;
    out.push(
      `  ${e.ruleId.padEnd(30)} ${(e.scoreType ?? '—').padEnd(5)} ${String(e.hits).padStart(6)} ${pct(e.hitRate).padStart(6)} ${f3(e.meanWithHit).padStart(7)} ${f3(e.meanWithoutHit).padStart(7)} ${`${f3(e.difference)}${ci}`.padEnd(26)} ${f3(e.aucLowQuarter).padStart(5)}  ${scoreOf.get(e.ruleId) ?? '—'}`,
    );
  }
  if (report.veto.before.join() !== report.veto.after.join()) {
    out.push(`  veto 一票否决: [${report.veto.before.join(', ')}] → [${report.veto.after.join(', ')}]`);
  }
  if (report.suggestions.length > 0) {
    out.push(
      '',
      'suggested rules 建议规则 (weighted log-odds, low vs high quarter; z > 0 marks low-judged sessions; fitted score, 0 = left out)',
    );
    for (const s of report.suggestions) {
      const e = s.evidence;
      out.push(
        `  ${s.ruleId.padEnd(22)} ${s.role.padEnd(8)} 「${s.phrase}」${' '.repeat(Math.max(0, 6 - s.phrase.length) * 2)} z ${s.z.toFixed(2).padStart(6)}  low ${String(s.low).padStart(4)}/${s.lowSessions}  high ${String(s.high).padStart(4)}/${s.highSessions}  diff ${f3(e.difference)}  ${s.scoreType} ${s.score}`,
      );
    }
  }
  if (report.disagreements.length > 0) {
    out.push('', 'largest disagreements, scheme as given 分歧最大的会话 (percentile ranks: AI vs people)');
    for (const d of report.disagreements) {
      out.push(
        `  ${d.sessionId.padEnd(28)} AI ${String(d.aiScore).padStart(6)} (${pct(d.aiPercentile).padStart(6)})  label ${String(d.label).padStart(7)} (${pct(d.labelPercentile).padStart(6)})`,
      );
    }
  }
  return `${out.join('\n')}\n`;
}
