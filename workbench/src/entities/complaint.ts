import {
  type Complaint,
  ComplaintStatus,
  ComplaintTimeBy,
  ComplaintType,
  complaintFilterSchema,
  LIST_DEFAULTS,
} from '@qcdesk/contracts';
import type { EntityDescription } from '../entity/types';

export const COMPLAINT_BASE = '/v3/chats/complaint';
export const COMPLAINT_LIST_PATH = '/qc/complaint';
/** The filing form (query id = session id, type = AI | MANUAL), opened from the result's detail. */
export const COMPLAINT_FILE = '/qc/complaint/create';

/** The complaint detail route of a complaint. */
export const complaintDetail = (row: Pick<Complaint, 'id' | 'type'>) => ({
  path: '/qc/complaint/detail',
  query: { id: row.id, type: row.type, _modal: 'large' },
});

/** Complaints (qc-area §2 "Complaint list"); the status and date radios are in ComplaintList. */
export const complaintDescription: EntityDescription<Complaint> = {
  name: 'qc-complaint',
  title: 'complaint.title',
  api: { base: COMPLAINT_BASE, detailParam: 'complaintId' },
  // a filter that cannot match is said at its input before any call (issue 15, defect 10)
  filterCheck: (body) => complaintFilterSchema.safeParse(body),
  listPath: COMPLAINT_LIST_PATH,
  softDelete: false,
  keyword: false,
  filters: [
    { key: 'sessionId', label: 'aiResult.sessionId', kind: 'text', primary: true },
    { key: 'resultId', label: 'complaint.resultId', kind: 'text' },
    { key: 'agentId', label: 'aiResult.agentId', kind: 'directory', directory: 'AGENT', primary: true },
    { key: 'groupId', label: 'aiResult.groupId', kind: 'directory', directory: 'GROUP' },
    { key: 'type', label: 'complaint.type', kind: 'select', dictionary: ComplaintType, primary: true },
    {
      key: 'timeby',
      label: 'aiResult.timeby',
      kind: 'select',
      // with the quick date it says which time the days count
      primary: true,
      dictionary: ComplaintTimeBy,
      defaultValue: LIST_DEFAULTS.complaint.timeby,
    },
  ],
  columns: [
    { key: 'id', title: 'complaint.id', width: 80, link: complaintDetail },
    { key: 'sessionId', title: 'aiResult.sessionId', width: 170 },
    { key: 'resultId', title: 'complaint.resultId', width: 90 },
    { key: 'name', title: 'aiResult.agentName', width: 110 },
    {
      key: 'groups',
      title: 'aiResult.groups',
      width: 160,
      kind: 'fold',
      fold: { limit: 3, label: (g) => (g as { groupName?: string | null; groupId: string }).groupName ?? '' },
    },
    { key: 'type', title: 'complaint.type', kind: 'dict', dictionary: ComplaintType, width: 100 },
    { key: 'status', title: 'complaint.status', kind: 'tag', dictionary: ComplaintStatus, width: 100 },
    { key: 'reason', title: 'complaint.reason', width: 180 },
    { key: 'commonReason', title: 'complaint.commonReason', width: 140 },
    { key: 'startTime', title: 'aiResult.sessionStart', kind: 'time', width: 170 },
    { key: 'duration', title: 'aiResult.duration', width: 90 },
    { key: 'createTime', title: 'complaint.createTime', kind: 'time', width: 170 },
    { key: 'modifyTime', title: 'common.modifyTime', kind: 'time', width: 170 },
  ],
  rowActions: [{ label: 'common.view', to: complaintDetail }],
  defaultPageSize: 20,
};
