import { ActiveStatus, type QcScheme, qcSchemeContract, SchemeType, TargetType } from '@qcdesk/contracts';
import { contractApi } from '../entity/access';
import type { EntityDescription } from '../entity/types';
import { message } from '../i18n/locale-store';
import { ABSENT, displayTime } from '../ui/display';

/** QC schemes (qc-area §2 "QC scheme list"). */
export const qcSchemeDescription: EntityDescription<QcScheme> = {
  name: 'qc-scheme',
  title: 'scheme.title',
  api: contractApi(qcSchemeContract),
  listPath: '/qc/scheme/list',
  softDelete: true,
  status: {
    active: 'ACTIVE',
    inactive: 'INACTIVE',
    activateTip: (query) => ((query.targetType ?? 'AI') === 'AI' ? message('qc.scheme.activateTip') : null),
  },
  tabs: {
    param: 'targetType',
    dictionary: TargetType,
    defaultValue: 'AI',
    label: (value) => (value === 'PERSON' ? 'scheme.tab.PERSON' : 'scheme.tab.AI'),
  },
  keyword: true,
  filters: [
    { key: 'type', label: 'scheme.type', kind: 'select', dictionary: SchemeType },
    { key: 'status', label: 'common.status', kind: 'select', dictionary: ActiveStatus },
  ],
  columns: [
    {
      key: 'name',
      title: 'common.name',
      link: (row) => ({
        path: '/qc/scheme/config',
        query: { id: row.id, targetType: row.targetType ?? undefined, _modal: 'large' },
      }),
    },
    { key: 'type', title: 'scheme.type', kind: 'dict', dictionary: SchemeType },
    { key: 'status', title: 'common.status', kind: 'tag', dictionary: ActiveStatus },
    {
      key: 'validTime',
      title: 'scheme.validTime',
      value: (row) =>
        row.startTime || row.endTime ? `${displayTime(row.startTime)} ~ ${displayTime(row.endTime)}` : ABSENT,
    },
    { key: 'modifyTime', title: 'common.modifyTime', kind: 'time' },
  ],
  fields: ['id', 'name', 'type', 'targetType', 'status', 'startTime', 'endTime', 'modifyTime', 'version'],
  create: (query) => ({
    path: '/qc/scheme/config',
    query: { targetType: query.targetType ?? 'AI', _modal: 'large' },
  }),
  rowActions: [
    {
      label: 'common.view',
      to: (row) => ({ path: '/qc/scheme/view', query: { id: row.id, targetType: row.targetType ?? undefined } }),
    },
  ],
};
