import type { ModelOperatorType } from '../rule/types.js';
import { LABEL_THRESHOLD, type ModelProvider } from './model-provider.js';

/** One hand-labelled sentence of the model evaluation set (`fixtures/models/eval-set.jsonl`). */
export interface EvalItem {
  readonly text: string;
  readonly task: ModelOperatorType;
  readonly labels: readonly string[];
  readonly source: string;
}

/** Precision, recall and F1 of one label (or of a micro average), with the counts behind them. */
export interface LabelScore {
  readonly task: ModelOperatorType;
  readonly label: string;
  readonly tp: number;
  readonly fp: number;
  readonly fn: number;
  /** sentences labelled with it by hand */
  readonly support: number;
  readonly precision: number;
  readonly recall: number;
  readonly f1: number;
}

/** The labels each task can give, in the order of ENGINE-SEMANTICS.md. */
export const TASK_LABELS: Record<ModelOperatorType, readonly string[]> = {
  CUSTOMER_CHECK_MODEL: [
    'COMPLAINT',
    'ESCALATION',
    'QUESTIONING_SERVICE',
    'PUBLIC_OPINION',
    'PRAISE',
    'ABUSE',
    'ANGER',
  ],
  ABUSE_MODEL: ['SARCASM', 'GUIDING_COMPLAINT', 'PASSING_THE_BUCK', 'ABUSE'],
};

/** Reads the JSONL evaluation set (one `EvalItem` a line). */
export function parseEvalSet(jsonl: string): EvalItem[] {
  return jsonl
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as EvalItem);
}

function score(task: ModelOperatorType, label: string, tp: number, fp: number, fn: number): LabelScore {
  const precision = tp + fp === 0 ? 1 : tp / (tp + fp);
  const recall = tp + fn === 0 ? 1 : tp / (tp + fn);
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { task, label, tp, fp, fn, support: tp + fn, precision, recall, f1 };
}

/**
 * Runs a provider's synchronous classifier over the set, task by task, and scores every label (a label
 * counts as given at `LABEL_THRESHOLD`), then a micro average per task (label `micro`).
 */
export function evaluateModel(provider: ModelProvider, items: readonly EvalItem[]): LabelScore[] {
  if (provider.classifySync === undefined) throw new Error(`model ${provider.id} has no classifySync`);
  const out: LabelScore[] = [];
  for (const task of Object.keys(TASK_LABELS) as ModelOperatorType[]) {
    const mine = items.filter((item) => item.task === task);
    const predicted = provider
      .classifySync(
        mine.map((item) => item.text),
        task,
      )
      .map((labels) => new Set(labels.filter((l) => l.confidence >= LABEL_THRESHOLD).map((l) => l.label)));
    let sumTp = 0;
    let sumFp = 0;
    let sumFn = 0;
    for (const label of TASK_LABELS[task]) {
      let tp = 0;
      let fp = 0;
      let fn = 0;
      mine.forEach((item, i) => {
        const gold = item.labels.includes(label);
        const got = predicted[i]!.has(label);
        if (gold && got) tp++;
        else if (got) fp++;
        else if (gold) fn++;
      });
      sumTp += tp;
      sumFp += fp;
      sumFn += fn;
      out.push(score(task, label, tp, fp, fn));
    }
    out.push(score(task, 'micro', sumTp, sumFp, sumFn));
  }
  return out;
}
