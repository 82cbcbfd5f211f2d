import type { ModelOperatorType } from '../../rule/types.js';
import { TASK_LABELS } from '../evaluate.js';
import type { ModelLabel } from '../model-provider.js';

/**
 * The labels a service gave one text, kept only when they are the task's (TASK_LABELS): an entry is
 * `{label, confidence}` or a bare label string; a missing confidence counts as 1, others are clamped to [0, 1]; a label
 * given twice keeps its highest confidence. Anything else is dropped, so a service cannot inject labels a rule
 * never asks for.
 */
export function taskLabelsOf(value: unknown, task: ModelOperatorType): ModelLabel[] {
  if (!Array.isArray(value)) return [];
  const known = TASK_LABELS[task];
  const best = new Map<string, number>();
  for (const entry of value) {
    const label = typeof entry === 'string' ? entry : (entry as { label?: unknown } | null)?.label;
    if (typeof label !== 'string') continue;
    const name = label.trim().toUpperCase();
    if (!known.includes(name)) continue;
    const raw = typeof entry === 'string' ? 1 : (entry as { confidence?: unknown }).confidence;
    const confidence = raw === undefined || raw === null ? 1 : Number(raw);
    if (!Number.isFinite(confidence)) continue;
    const clamped = Math.min(1, Math.max(0, confidence));
    best.set(name, Math.max(best.get(name) ?? 0, clamped));
  }
  // in the task's own order, whatever order the service used
  return known.filter((l) => best.has(l)).map((label) => ({ label, confidence: best.get(label)! }));
}
