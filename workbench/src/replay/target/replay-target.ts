/**
 * What the replay tester evaluates (issue 6 "Pick what to test"): a saved rule, a saved scheme, or the draft open in
 * the rule editor. Every target is reduced to the engine's own inputs (`QcRule[]` and a `QcScheme`), so the single
 * replay and the corpus replay hand the same thing to the worker pool.
 */

import {
  type QcRule as RuleRecord,
  ruleRunsInScheme,
  type SchemeDetailAnswer as SchemeRecord,
} from '@qcdesk/contracts';
import type { ConditionConfig, QcRule, QcScheme } from '@qcdesk/engine';
import type { ApiClient } from '../../api/client';

export type ReplayTargetKind = 'rule' | 'scheme' | 'draft';

export interface ReplayTarget {
  kind: ReplayTargetKind;
  /** what the tester's header shows, e.g. the rule or scheme name ('(草稿)' marks a draft) */
  label: string;
  /** every rule the target evaluates, in the engine's input shape */
  rules: QcRule[];
  /**
   * the scheme that scores them: the saved scheme, or for a rule or a draft a one-angle scheme of 100 around it
   * (`soloScheme`), so that every target has a score to chart
   */
  scheme: QcScheme;
  /** for a draft of a saved rule, and for saved targets themselves: the saved version, to diff against */
  saved: { rules: QcRule[]; scheme: QcScheme } | null;
}

/** The id a draft of a rule that was never saved carries. */
export const UNSAVED_RULE_ID = 'draft';

/** The rule editor's draft as the tester receives it (unsaved changes included). */
export interface RuleDraftInput {
  /** the saved rule's id, or null for a rule not saved yet */
  ruleId: string | number | null;
  name: string;
  conditionConfig: ConditionConfig;
}

function parseConfig(config: RuleRecord['conditionConfig']): ConditionConfig {
  if (config === null || config === undefined) return { conditions: [] };
  if (typeof config === 'string') return JSON.parse(config) as ConditionConfig;
  return config;
}

export function ruleFromRecord(record: RuleRecord): QcRule {
  return { id: String(record.id), name: record.name, conditionConfig: parseConfig(record.conditionConfig) };
}

/**
 * A rule alone is scored as a scheme with one angle of 100 that links it: a SUB rule deducts from 100, an ADD rule
 * cannot raise it above 100 (ENGINE-SEMANTICS "Scheme"). That keeps one score chart for every kind of target.
 */
export function soloScheme(rule: QcRule): QcScheme {
  return {
    id: `solo-${rule.id}`,
    name: rule.name ?? String(rule.id),
    targetType: 'AI',
    schemeAngles: [
      { angleId: 'solo', angleName: rule.name ?? String(rule.id), score: 100, angleRules: [{ ruleId: rule.id }] },
    ],
    schemeConfig: { veto: [] },
  };
}

export function schemeFromRecord(record: SchemeRecord): QcScheme {
  return {
    id: String(record.id),
    name: record.name,
    targetType: record.targetType ?? 'AI',
    schemeAngles: (record.schemeAngles ?? []).map((angle) => ({
      angleId: String(angle.angleId ?? angle.id),
      angleName: angle.angleName ?? angle.name ?? String(angle.id),
      score: angle.score,
      angleRules: (angle.angleRules ?? []).map((link) => ({
        ruleId: String(link.ruleId),
        ruleName: link.ruleName ?? undefined,
        conditionConfig: link.conditionConfig?.ruleScore ? { ruleScore: link.conditionConfig.ruleScore } : null,
      })),
    })),
    schemeConfig: { veto: (record.schemeConfig?.veto ?? []).map(String) },
  };
}

export async function loadRuleRecord(client: ApiClient, id: string | number): Promise<RuleRecord> {
  return client.request<RuleRecord>({ path: '/v3/chats/qc-rule/detail', query: { ruleId: String(id) } });
}

export async function loadRuleTarget(client: ApiClient, id: string | number): Promise<ReplayTarget> {
  const rule = ruleFromRecord(await loadRuleRecord(client, id));
  const scheme = soloScheme(rule);
  return { kind: 'rule', label: rule.name ?? String(rule.id), rules: [rule], scheme, saved: { rules: [rule], scheme } };
}

/**
 * A saved scheme with the rules it runs (loaded one by one: a scheme links tens of rules, not thousands): as a QC task
 * runs it, only live rules, and in an AI scheme only AI rules (`ruleRunsInScheme`, the server's own test). The others
 * are dropped from its angles and vetoes too, so the replay scores what a task would.
 */
export async function loadSchemeTarget(client: ApiClient, id: string | number): Promise<ReplayTarget> {
  const record = await client.request<SchemeRecord>({
    path: '/v3/chats/qc-scheme/detail',
    query: { schemeId: String(id) },
  });
  const linked = schemeFromRecord(record);
  const ids = [...new Set(linked.schemeAngles.flatMap((a) => a.angleRules.map((r) => String(r.ruleId))))];
  const records = await Promise.all(ids.map((ruleId) => loadRuleRecord(client, ruleId)));
  const running = records.filter((r) => ruleRunsInScheme(r, linked.targetType));
  const rules = running.map(ruleFromRecord);
  const kept = new Set(rules.map((r) => String(r.id)));
  const scheme: QcScheme = {
    ...linked,
    schemeAngles: linked.schemeAngles.map((angle) => ({
      ...angle,
      angleRules: angle.angleRules.filter((link) => kept.has(String(link.ruleId))),
    })),
    schemeConfig: {
      ...linked.schemeConfig,
      veto: (linked.schemeConfig?.veto ?? []).filter((v) => kept.has(String(v))),
    },
  };
  return { kind: 'scheme', label: record.name, rules, scheme, saved: { rules, scheme } };
}

/**
 * The rule editor's draft as a target. With `within`, a saved scheme that links the draft's rule, the draft replaces
 * that rule in it (the scheme scores the draft); otherwise the draft is scored alone. `saved` is the saved version of
 * the same target (the saved rule, or the scheme as saved) when there is one, for the corpus diff.
 */
export function draftTarget(
  draft: RuleDraftInput,
  savedRule: QcRule | null,
  within: ReplayTarget | null = null,
): ReplayTarget {
  const id = draft.ruleId === null ? UNSAVED_RULE_ID : String(draft.ruleId);
  const rule: QcRule = { id, name: draft.name, conditionConfig: draft.conditionConfig };
  const label = `${draft.name || id} (草稿 draft)`;
  if (within?.rules.some((r) => String(r.id) === id)) {
    const rules = within.rules.map((r) => (String(r.id) === id ? rule : r));
    return { kind: 'draft', label, rules, scheme: within.scheme, saved: within.saved };
  }
  const scheme = soloScheme(rule);
  return {
    kind: 'draft',
    label,
    rules: [rule],
    scheme,
    saved: savedRule === null ? null : { rules: [savedRule], scheme: soloScheme(savedRule) },
  };
}
