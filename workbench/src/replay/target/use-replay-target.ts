/** The target the tester's address names, loaded from the server (and the rule editor's draft for `draft=1`). */

import type { QcRule } from '@qcdesk/engine';
import { useEffect, useState } from 'react';
import { useApi } from '../../api/api-context';
import type { ApiClient } from '../../api/client';
import { errorText } from '../../api/client';
import type { MessageKey } from '../../i18n/dictionary';
import type { ReplayQuery } from '../replay-query';
import { useReplayDraft } from './draft-store';
import {
  draftTarget,
  loadRuleRecord,
  loadRuleTarget,
  loadSchemeTarget,
  type ReplayTarget,
  type RuleDraftInput,
  ruleFromRecord,
} from './replay-target';

export type TargetState =
  | { status: 'none'; notice: MessageKey | null }
  | { status: 'loading' }
  | { status: 'ready'; target: ReplayTarget; notice: MessageKey | null }
  | { status: 'failed'; message: string };

/** The saved version of a draft's rule, to diff the draft against; a rule that cannot be read leaves no diff, not no run. */
async function savedRuleOf(client: ApiClient, draft: RuleDraftInput): Promise<QcRule | null> {
  if (draft.ruleId === null) return null;
  return loadRuleRecord(client, draft.ruleId)
    .then(ruleFromRecord)
    .catch(() => null);
}

export function useReplayTarget(query: ReplayQuery): TargetState {
  const client = useApi();
  const draft = useReplayDraft((s) => s.draft);
  const calibrated = useReplayDraft((s) => s.calibrated);
  const [state, setState] = useState<TargetState>({ status: 'none', notice: null });
  const { ruleId, schemeId, withinSchemeId } = query;
  const wantsDraft = query.draft;

  useEffect(() => {
    let live = true;
    const settle = (next: TargetState) => live && setState(next);
    const load = async (): Promise<TargetState> => {
      if (wantsDraft && calibrated !== null) {
        const label = `${calibrated.label} (校准草稿 calibrated draft)`;
        return { status: 'ready', target: { ...calibrated, kind: 'draft', label }, notice: null };
      }
      if (wantsDraft && draft !== null) {
        const savedRule = await savedRuleOf(client, draft);
        if (withinSchemeId === null) return { status: 'ready', target: draftTarget(draft, savedRule), notice: null };
        const within = await loadSchemeTarget(client, withinSchemeId);
        const target = draftTarget(draft, savedRule, within);
        // draftTarget scores the draft alone when the scheme does not link its rule: say so
        return { status: 'ready', target, notice: target.scheme === within.scheme ? null : 'replay.target.notLinked' };
      }
      if (wantsDraft && ruleId === null) return { status: 'none', notice: 'replay.target.draftGone' };
      if (schemeId !== null && !wantsDraft)
        return { status: 'ready', target: await loadSchemeTarget(client, schemeId), notice: null };
      if (ruleId !== null) {
        // a reload loses the draft (it lives in memory only): fall back to the saved rule and say so
        const notice: MessageKey | null = wantsDraft ? 'replay.target.draftGone' : null;
        return { status: 'ready', target: await loadRuleTarget(client, ruleId), notice };
      }
      return { status: 'none', notice: null };
    };
    setState({ status: 'loading' });
    load()
      .then(settle)
      .catch((error: unknown) => settle({ status: 'failed', message: errorText(error) }));
    return () => {
      live = false;
    };
  }, [client, draft, calibrated, wantsDraft, ruleId, schemeId, withinSchemeId]);
  return state;
}
