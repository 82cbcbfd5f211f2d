import type { QcScheme, SchemeConfig } from '@qcdesk/contracts';
import { fromInputTime, toInputTime } from '../../../ui/times';

/** The scheme form as edited: flat, with input-friendly times. */
export interface SchemeForm {
  id: string | number | null;
  version: number | null;
  name: string;
  type: string | null;
  targetType: string;
  startTime: string;
  endTime: string;
  comments: string;
  style: string | null;
  compareOperator: string | null;
  num: number | null;
  appraises: { appraise: string; required: boolean }[];
  vetoStatements: string[];
  vetoRules: string[];
}

export function toSchemeForm(scheme: QcScheme | null, targetType: string): SchemeForm {
  const config: Partial<SchemeConfig> = scheme?.schemeConfig ?? {};
  const kind = scheme?.targetType ?? targetType;
  const veto = (config.veto ?? []).map(String);
  return {
    id: scheme?.id ?? null,
    version: scheme?.version ?? null,
    name: scheme?.name ?? '',
    type: scheme?.type ?? 'TEXT',
    targetType: kind,
    startTime: toInputTime(scheme?.startTime),
    endTime: toInputTime(scheme?.endTime),
    comments: scheme?.comments ?? '',
    style: scheme?.style ?? (kind === 'PERSON' ? 'SCORE' : null),
    compareOperator: config.compareOperator ?? null,
    num: config.num ?? null,
    appraises: (config.appraises ?? []).map((a) => ({ appraise: a.appraise, required: a.required === true })),
    vetoStatements: kind === 'PERSON' ? veto : [],
    vetoRules: kind === 'PERSON' ? [] : veto,
  };
}

/** The body of /v3/chats/qc-scheme/create or /change. */
export function toSaveBody(form: SchemeForm): Record<string, unknown> {
  const person = form.targetType === 'PERSON';
  const body: Record<string, unknown> = {
    name: form.name.trim(),
    type: form.type,
    targetType: form.targetType,
    startTime: fromInputTime(form.startTime),
    endTime: fromInputTime(form.endTime),
    comments: form.comments.trim() === '' ? null : form.comments.trim(),
    style: person ? form.style : null,
    schemeConfig: person
      ? {
          num: form.style === 'PASS' ? form.num : null,
          compareOperator: form.style === 'PASS' ? form.compareOperator : null,
          appraises: form.appraises
            .map((a) => ({ appraise: a.appraise.trim(), required: a.required }))
            .filter((a) => a.appraise !== ''),
          veto: form.vetoStatements.map((v) => v.trim()).filter((v) => v !== ''),
        }
      : { veto: form.vetoRules },
  };
  if (form.id !== null) Object.assign(body, { id: form.id, version: form.version });
  return body;
}

/** Moves item `from` one place up or down. */
export function move<T>(list: readonly T[], from: number, by: -1 | 1): T[] {
  const to = from + by;
  if (to < 0 || to >= list.length) return [...list];
  const next = [...list];
  [next[from], next[to]] = [next[to]!, next[from]!];
  return next;
}
