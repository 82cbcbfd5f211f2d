import { Select, Stack, Tabs } from '@mantine/core';
import { ROUTE_PERMISSIONS } from '@qcdesk/contracts';
import { useEffect, useMemo, useState } from 'react';
import { useCan } from '../../auth/session-store';
import { CENSOR_BAN_LIST_PATH, censorBanDescription } from '../../entities/censor-ban';
import { type CensorLogRow, censorLogColumns, censorLogDescription } from '../../entities/censor-log';
import { entityPermission } from '../../entity/access';
import { EntityList } from '../../entity/EntityList';
import { WithFilterError } from '../../entity/filter-errors';
import type { EntityDescription } from '../../entity/types';
import { useI18n } from '../../i18n/locale-store';
import { decodeList, encodeList, type ListField } from '../../router/list-state';
import type { RouteLocation } from '../../router/location';
import { lastPlaceOf, navigateTo } from '../../router/router-store';
import { draftOf, useListPlace, valuesOf } from '../../router/use-list-place';
import { DateTimeField } from '../../ui/DateTimeField';
import { shownTime } from '../../ui/date-text';
import { fromInputTime } from '../../ui/times';
import { placeTags } from '../qc/manual-result/list-pieces';
import { CensorExport } from './CensorExport';
import { CensorRescan } from './CensorRescan';

const SETTINGS_TAB = 'settings';
const LOG_TAB = 'log';

/** The screen's own part of the list's place: the send-time range (the description's filters are EntityList's). */
type TimeDraft = { timeFrom: string; timeTo: string };
const EMPTY_TIME: TimeDraft = { timeFrom: '', timeTo: '' };
const TIME_FIELDS: readonly ListField[] = [{ key: 'timeFrom' }, { key: 'timeTo' }];
/** The description's filters as they sit in the query (what the export sends besides the time range). */
const FILTER_FIELDS: readonly ListField[] = [
  { key: 'keyword' },
  ...censorLogDescription.filters.map((f) => ({ key: f.key, defaultValue: f.defaultValue })),
];

/** The time range as the page body takes it (`2026-11-25 10:00:00`); the log's only time basis is the send time. */
function timeBody(draft: TimeDraft): Record<string, string> {
  const body: Record<string, string> = { timeby: 'sendTime' };
  const from = fromInputTime(draft.timeFrom);
  const to = fromInputTime(draft.timeTo);
  if (from) body.timeFrom = from;
  if (to) body.timeTo = to;
  return body;
}

/** The applied filters of the query as the page body has them (trimmed, empty ones left out). */
function appliedFilters(query: Readonly<Record<string, string>>): Record<string, string> {
  const body: Record<string, string> = {};
  for (const [key, value] of Object.entries(decodeList(query, FILTER_FIELDS)))
    if (typeof value === 'string' && value.trim() !== '') body[key] = value.trim();
  return body;
}

/**
 * /cs-censor-log/list: the tabs 敏感词日志 / 敏感词设置 (the library list, as it was last left), the log's filters with
 * the send-time range, the rows with their matched words in red, 导出 (cs-censor-log.export) and 重新扫描
 * (cs-censor-ban.edit). A service line is required: until one is chosen the line's field says 请选择客服号后查询
 * and no call is made (the contract's check of the page body).
 */
export function CensorLogList({ location }: { location: RouteLocation }) {
  const { t } = useI18n();
  const can = useCan();
  const place = useListPlace(location, TIME_FIELDS);
  const applied = useMemo(() => draftOf(place.values, EMPTY_TIME), [place.values]);
  const [draft, setDraft] = useState<TimeDraft>(applied);
  // back/forward or a removed tag: the inputs show the applied range again
  useEffect(() => setDraft(applied), [applied]);

  const lineId = location.query.lineId ?? '';
  // the session link of each row carries the chosen line, so the dialogue can mark the session's matches
  const description = useMemo<EntityDescription<CensorLogRow>>(
    () => ({ ...censorLogDescription, columns: censorLogColumns(lineId) }),
    [lineId],
  );
  const baseFilters = useMemo(() => timeBody(applied), [applied]);
  const exportFilters = useMemo(
    () => ({ ...appliedFilters(location.query), ...baseFilters }),
    [location.query, baseFilters],
  );

  const set = (change: Partial<TimeDraft>) => setDraft((d) => ({ ...d, ...change }));
  const searchFields = (
    <>
      <Select
        label={t('censorLog.timeby')}
        data={[{ value: 'sendTime', label: t('censorLog.sendTime') }]}
        value="sendTime"
        allowDeselect={false}
        w={120}
        readOnly
      />
      <WithFilterError name="timeFrom">
        {(error) => (
          <DateTimeField
            label={t('censorLog.timeFrom')}
            value={draft.timeFrom}
            error={error}
            onChange={(timeFrom) => set({ timeFrom })}
          />
        )}
      </WithFilterError>
      <WithFilterError name="timeTo">
        {(error) => (
          <DateTimeField
            label={t('censorLog.timeTo')}
            dayTime="23:59"
            value={draft.timeTo}
            error={error}
            onChange={(timeTo) => set({ timeTo })}
          />
        )}
      </WithFilterError>
    </>
  );
  const tags = placeTags(applied, {
    timeFrom: { label: t('censorLog.timeFrom'), text: shownTime },
    timeTo: { label: t('censorLog.timeTo'), text: shownTime },
  });

  return (
    <Stack gap="xs">
      <Tabs
        value={LOG_TAB}
        onChange={(value) => {
          if (value === SETTINGS_TAB) navigateTo(lastPlaceOf({ path: CENSOR_BAN_LIST_PATH, query: {} }));
        }}
      >
        <Tabs.List>
          <Tabs.Tab value={LOG_TAB}>{t('censorLog.tab.log')}</Tabs.Tab>
          {can(entityPermission(censorBanDescription.api.base, 'view')) && (
            <Tabs.Tab value={SETTINGS_TAB}>{t('censorLog.tab.settings')}</Tabs.Tab>
          )}
        </Tabs.List>
      </Tabs>
      <EntityList
        description={description}
        location={location}
        baseFilters={baseFilters}
        searchFields={searchFields}
        onSearch={() => encodeList(valuesOf(draft), TIME_FIELDS)}
        onReset={() => setDraft(EMPTY_TIME)}
        extraTags={tags}
        extraActions={(_selected, context) => (
          <>
            {can(ROUTE_PERMISSIONS['/v3/system/censor-log/export']) && <CensorExport filters={exportFilters} />}
            {can(ROUTE_PERMISSIONS['/v3/system/censor-log/rescan']) && (
              <CensorRescan lineId={lineId} onDone={context.reload} />
            )}
          </>
        )}
      />
    </Stack>
  );
}
