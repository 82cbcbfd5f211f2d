import {
  type CsTime,
  type CsTimeConfig,
  csTimeContract,
  type GeneralPeriod,
  type SpecialPeriod,
  type TodayTime,
  WEEKDAY_LABELS,
  type Weekday,
} from '@qcdesk/contracts';
import { contractApi } from '../entity/access';
import type { EntityDescription, RouteTarget } from '../entity/types';
import type { Locale } from '../i18n/dictionary';
import { useLocaleStore } from '../i18n/locale-store';

export type CsTimeRecord = CsTime;

export const CS_TIME_LIST_PATH = '/csTime/list';
export const CS_TIME_EDIT_PATH = '/csTime/edit';
/** Spec §2: "80% (navigation and time create)". */
export const CS_TIME_DRAWER = '80%';

/** /csTime/edit?id={id}&_drawer=80% (create without id). */
export function csTimeEditTarget(id?: string): RouteTarget {
  return { path: CS_TIME_EDIT_PATH, query: { id, _drawer: CS_TIME_DRAWER } };
}

/** `09:00-18:00`, seconds dropped. */
export function spanText(span: Pick<TodayTime, 'beginTime' | 'endTime'>): string {
  return `${span.beginTime.slice(0, 5)}-${span.endTime.slice(0, 5)}`;
}

/** `周一、周二 09:00-18:00` */
export function generalText(period: GeneralPeriod, locale: Locale): string {
  const days = period.daysOfWeek.map((d) => WEEKDAY_LABELS[d as Weekday]?.[locale] ?? String(d));
  return `${days.join(locale === 'zh' ? '、' : ', ')} ${spanText(period)}`;
}

/** `2026-10-01~2026-10-07 10:00-16:00 国庆` */
export function specialText(period: SpecialPeriod): string {
  return [`${period.beginDate}~${period.endDate}`, spanText(period), period.remark ?? ''].join(' ').trim();
}

/** Every period of a config as one line each: general ones first. */
export function periodLines(config: CsTimeConfig | undefined, locale: Locale): string[] {
  if (!config) return [];
  return [...config.generalPeriods.map((p) => generalText(p, locale)), ...config.specialPeriods.map(specialText)];
}

/**
 * Service times (online-service-config §2.3): name, today's times, the periods and the groups that use them; the
 * trash with restore and empty. The form is its own screen (screens/staffing/CsTimeEdit), in an 80 % drawer.
 */
export const csTimeDescription: EntityDescription<CsTimeRecord> = {
  name: 'cs-time',
  title: 'csTime.title',
  api: contractApi(csTimeContract),
  listPath: CS_TIME_LIST_PATH,
  softDelete: true,
  keyword: true,
  filters: [],
  columns: [
    { key: 'name', title: 'common.name', link: (row) => csTimeEditTarget(row.id) },
    {
      key: 'todayTimes',
      title: 'csTime.todayTimes',
      kind: 'fold',
      fold: { limit: 3, label: (span) => spanText(span as TodayTime) },
    },
    {
      key: 'periods',
      title: 'csTime.periods',
      kind: 'fold',
      value: (row) => periodLines(row.config, useLocaleStore.getState().locale),
      fold: { limit: 3, label: (line) => String(line) },
    },
    {
      key: 'groups',
      title: 'csTime.groups',
      kind: 'fold',
      fold: { limit: 3, label: (g) => (g as { groupName?: string | null; groupId: string }).groupName ?? '' },
    },
    { key: 'modifyTime', title: 'common.modifyTime', kind: 'time', width: 120 },
  ],
  create: () => csTimeEditTarget(),
  rowActions: [{ label: 'common.edit', permission: 'csTime.edit', to: (row) => csTimeEditTarget(row.id) }],
};
