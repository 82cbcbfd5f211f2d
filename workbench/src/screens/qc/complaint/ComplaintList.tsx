import { Group } from '@mantine/core';
import { ComplaintStatusFilter, LIST_DEFAULTS, type QuickDate } from '@qcdesk/contracts';
import { useMemo, useState } from 'react';
import { ApiProvider, useApi } from '../../../api/api-context';
import { COMPLAINT_BASE, complaintDescription } from '../../../entities/complaint';
import { EntityList } from '../../../entity/EntityList';
import type { RouteLocation } from '../../../router/location';
import {
  CountRadios,
  EMPTY_EXTRA,
  type ExtraFilterDraft,
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

/** /qc/complaint: the complaint list with the status radio (PENDING by default, with counts) and the date radio. */
export function ComplaintList({ location }: { location: RouteLocation }) {
  const client = useApi();
  const [status, setStatus] = useState<StatusValue>(LIST_DEFAULTS.complaint.status);
  const [quick, setQuick] = useState<QuickDate>(LIST_DEFAULTS.complaint.quickDate);
  const [draft, setDraft] = useState<ExtraFilterDraft>(EMPTY_EXTRA);
  const [applied, setApplied] = useState<ExtraFilterDraft>(EMPTY_EXTRA);
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
              onChange={setStatus}
            />
            <QuickDateRadios
              value={quick}
              onChange={(value) => {
                setQuick(value);
                setDraft((d) => ({ ...d, timeFrom: '', timeTo: '' }));
                setApplied((d) => ({ ...d, timeFrom: '', timeTo: '' }));
              }}
            />
          </Group>
        }
        searchFields={<TimeRangeInputs draft={draft} onChange={(c) => setDraft((d) => ({ ...d, ...c }))} />}
        onSearch={() => setApplied(draft)}
        onReset={() => {
          setDraft(EMPTY_EXTRA);
          setApplied(EMPTY_EXTRA);
        }}
      />
    </ApiProvider>
  );
}
