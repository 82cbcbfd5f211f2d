import { Group } from '@mantine/core';
import { ComplaintStatusFilter, LIST_DEFAULTS, type QuickDate } from '@qcdesk/contracts';
import { useEffect, useMemo, useState } from 'react';
import { ApiProvider, useApi } from '../../../api/api-context';
import { COMPLAINT_BASE, complaintDescription } from '../../../entities/complaint';
import { EntityList } from '../../../entity/EntityList';
import { useI18n } from '../../../i18n/locale-store';
import { encodeList, type ListField } from '../../../router/list-state';
import type { RouteLocation } from '../../../router/location';
import { draftOf, useListPlace } from '../../../router/use-list-place';
import {
  CountRadios,
  displayInputTime,
  EMPTY_EXTRA,
  type ExtraFilterDraft,
  placeTags,
  QuickDateRadios,
  readCounts,
  TimeRangeInputs,
  timeFilters,
  useWatchingClient,
} from '../manual-result/list-pieces';

/** The radio's order (all, reviewed, pending, rejected) and the count each shows. */
const STATUS_VALUES = ['ALL', 'ACTIVE', 'PENDING', 'INACTIVE'] as const;
type StatusValue = (typeof STATUS_VALUES)[number];
const COUNT_FIELDS = {
  ALL: 'allCheckedNum',
  PENDING: 'readyCheckedNum',
  ACTIVE: 'checkedNum',
  INACTIVE: 'rejectNum',
} as const satisfies Record<StatusValue, string>;

/** This screen's part of the list's place in the query (the description's filters are EntityList's). */
const PLACE_FIELDS: readonly ListField[] = [
  { key: 'status', defaultValue: LIST_DEFAULTS.complaint.status },
  { key: 'quickDate', defaultValue: LIST_DEFAULTS.complaint.quickDate },
  { key: 'timeFrom' },
  { key: 'timeTo' },
];

/**
 * /qc/complaint: the complaint list with the status radio (PENDING by default, with counts) and the date radio; its
 * place is the route's query.
 */
export function ComplaintList({ location }: { location: RouteLocation }) {
  const client = useApi();
  const { t } = useI18n();
  const place = useListPlace(location, PLACE_FIELDS);
  const status = place.values.status as StatusValue;
  const quick = place.values.quickDate as QuickDate;
  const applied = useMemo(() => draftOf(place.values, EMPTY_EXTRA), [place.values]);
  const [draft, setDraft] = useState<ExtraFilterDraft>(applied);
  // back/forward or a removed tag: the inputs show the applied filters again
  useEffect(() => setDraft(applied), [applied]);
  const [counts, setCounts] = useState<Partial<Record<StatusValue, number>> | null>(null);
  const watching = useWatchingClient(client, `${COMPLAINT_BASE}/page`, (answer) =>
    setCounts(readCounts(answer, COUNT_FIELDS)),
  );

  const baseFilters = useMemo(() => {
    const body: Record<string, unknown> = { ...timeFilters(quick, applied) };
    if (status !== 'ALL') body.status = status;
    return body;
  }, [status, quick, applied]);

  return (
    <ApiProvider client={watching}>
      <EntityList
        description={complaintDescription}
        location={location}
        baseFilters={baseFilters}
        toolbar={
          <Group gap="xl" align="flex-start">
            <CountRadios
              label="complaint.status"
              dictionary={ComplaintStatusFilter}
              values={STATUS_VALUES}
              value={status}
              counts={counts}
              onChange={(value) => place.set({ status: value })}
            />
            <QuickDateRadios
              value={quick}
              // a quick date replaces a time range
              onChange={(value) => place.set({ quickDate: value, timeFrom: '', timeTo: '' })}
            />
          </Group>
        }
        moreSearchFields={<TimeRangeInputs draft={draft} onChange={(c) => setDraft((d) => ({ ...d, ...c }))} />}
        onSearch={() => encodeList({ timeFrom: draft.timeFrom, timeTo: draft.timeTo }, PLACE_FIELDS)}
        onReset={() => setDraft(EMPTY_EXTRA)}
        keepOnReset={['status']}
        extraTags={placeTags(applied, {
          timeFrom: { label: t('aiResult.timeFrom'), text: displayInputTime },
          timeTo: { label: t('aiResult.timeTo'), text: displayInputTime },
        })}
      />
    </ApiProvider>
  );
}
