/**
 * The diff against the saved version of a target, done in the same pass: the saved versions of the rules that
 * changed are loaded beside the target's rules under ids of their own. The scheme links only the target's rules, so
 * the copies change no score; a rule whose saved version is the same is not loaded twice (its diff is empty).
 */
import type { QcRule, QcScheme } from '@qcdesk/engine';
import type { ReplayTarget } from '../target/replay-target';

/** The id a saved copy of rule `id` carries in a corpus run. */
export const savedCopyId = (id: string): string => `__saved__:${id}`;

/**
 * How a rule compares with its saved version: `changed` (both run), `added` (no saved version: every hit is new),
 * `removed` (only the saved version: every hit stops), `same` (nothing can differ).
 */
export type RuleChange = 'changed' | 'added' | 'removed' | 'same';

export interface ComparedRule {
  readonly ruleId: string;
  readonly ruleName: string;
  readonly change: RuleChange;
  /** the id the target's version has in the run (null for a removed rule) */
  readonly currentId: string | null;
  /** the id the saved version has in the run (null for an added or unchanged rule) */
  readonly savedId: string | null;
}

export interface CorpusPlan {
  /** what the pool loads: the target's rules, then the saved copies */
  readonly rules: readonly QcRule[];
  readonly scheme: QcScheme;
  /** null when the target has no saved version (a draft never saved) */
  readonly compared: readonly ComparedRule[] | null;
}

export function corpusPlan(target: ReplayTarget): CorpusPlan {
  if (target.saved === null) return { rules: target.rules, scheme: target.scheme, compared: null };
  const savedById = new Map(target.saved.rules.map((r) => [String(r.id), r]));
  const currentIds = new Set(target.rules.map((r) => String(r.id)));
  const copies: QcRule[] = [];
  const compared: ComparedRule[] = [];
  for (const rule of target.rules) {
    const id = String(rule.id);
    const saved = savedById.get(id);
    const name = rule.name ?? id;
    if (saved === undefined) {
      compared.push({ ruleId: id, ruleName: name, change: 'added', currentId: id, savedId: null });
    } else if (sameRule(rule, saved)) {
      compared.push({ ruleId: id, ruleName: name, change: 'same', currentId: id, savedId: null });
    } else {
      copies.push({ ...saved, id: savedCopyId(id) });
      compared.push({ ruleId: id, ruleName: name, change: 'changed', currentId: id, savedId: savedCopyId(id) });
    }
  }
  for (const saved of target.saved.rules) {
    const id = String(saved.id);
    if (currentIds.has(id)) continue;
    copies.push({ ...saved, id: savedCopyId(id) });
    compared.push({
      ruleId: id,
      ruleName: saved.name ?? id,
      change: 'removed',
      currentId: null,
      savedId: savedCopyId(id),
    });
  }
  return { rules: [...target.rules, ...copies], scheme: target.scheme, compared };
}

/** Rules are the same when their conditions, lambda and scores are (names and key order do not matter). */
function sameRule(a: QcRule, b: QcRule): boolean {
  return canonical(a.conditionConfig) === canonical(b.conditionConfig);
}

function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)),
        )
      : v,
  );
}
