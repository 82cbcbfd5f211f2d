/**
 * Which parts of the rule the user has touched, so that the compiler's verdict is shown only where it helps: a new
 * rule does not open with "add a condition" in red, a condition just added does not open with "keywords are empty";
 * the problem shows once the user edited or left that part, or tried to save (issue 15, defect 7).
 *
 * Keys: `cond:{uid}` for a condition (its card), `conditions` for the list itself (added or deleted), `lambda`, and
 * `rule` for the rest of the form.
 */
import type { RuleDraft } from './draft';

export type Touched = ReadonlySet<string>;

export const conditionKey = (uid: string) => `cond:${uid}`;

/** The touched parts after the edit `before` → `after`: a condition changed in place, the list, the combination. */
export function touchedByEdit(touched: Touched, before: RuleDraft, after: RuleDraft): Touched {
  const next = new Set(touched);
  if (before.conditions.length !== after.conditions.length) {
    // added or deleted: the list is touched, not the conditions renamed or newly added with it
    next.add('conditions');
  } else {
    after.conditions.forEach((condition, i) => {
      if (condition !== before.conditions[i]) next.add(conditionKey(condition.uid));
    });
  }
  if (before.lambdaType !== after.lambdaType || before.expression !== after.expression) next.add('lambda');
  if (before.ruleScore !== after.ruleScore) next.add('rule');
  return next.size === touched.size ? touched : next;
}

/** The key of the part a builder field (`conditions.3.operators.0.param.regex`, `lambda`) belongs to. */
export function touchKeyOf(field: string, draft: RuleDraft): string {
  const condition = /^conditions\.(\d+)/.exec(field);
  if (condition) {
    const uid = draft.conditions[Number(condition[1])]?.uid;
    return uid === undefined ? 'conditions' : conditionKey(uid);
  }
  if (field === 'conditions' || field === 'lambda') return field;
  return 'rule';
}
