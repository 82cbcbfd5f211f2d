import { z } from 'zod';
import { QualityStatusMove } from '../enums/qc.js';
import { idSchema, idsSchema, storableString } from '../fields.js';

/** /v3/chats/session/quality-status: `{ids (session ids), status}` — READY_CHECKED moves to be inspected,
 * UNCHECKED releases (a single release only from READY_CHECKED; the server checks each row). */
export const qualityStatusBodySchema = z.object({ ids: idsSchema, status: QualityStatusMove.schema });
export type QualityStatusBody = z.infer<typeof qualityStatusBodySchema>;

/** Whether a manual result in `current` status may be released (set UNCHECKED) on its own. */
export function canRelease(current: string): boolean {
  return current === 'READY_CHECKED';
}

const q = <K extends string>(key: K) => z.object({ [key]: idSchema } as { [P in K]: typeof idSchema });

/** Query of each detail call (`?angleId=` …). */
export const DETAIL_QUERIES = {
  '/v3/chats/qc-angle/detail': q('angleId'),
  '/v3/chats/ai-result/detail': q('sessionId'),
  '/v3/chats/ai-result/detail-complaint': q('complaintId'),
  '/v3/chats/qc-manual-result/detail': q('sessionId'),
  '/v3/chats/qc-manual-result/detail-complaint': q('complaintId'),
  '/v3/chats/qc-scheme/detail': q('schemeId'),
  '/v3/chats/qc-rule/detail': q('ruleId'),
  '/v3/chats/qc-rule/detail-outId': z.object({ ruleOutId: storableString().trim().min(1).max(64) }),
  '/v3/chats/qc-task/detail': q('taskId'),
  '/v3/system/censor-ban/detail': q('banId'),
  '/v3/chats/session/detail': q('sessionId'),
} as const;
