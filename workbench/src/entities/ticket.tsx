import { Badge, Stack, Text } from '@mantine/core';
import {
  type Ticket,
  type TicketOptions,
  TicketOverdue,
  TicketStatusGroup,
  TicketView,
  ticketFilterSchema,
} from '@qcdesk/contracts';
import { call } from '../api/calls';
import type { ApiClient } from '../api/client';
import type { EntityDescription, FormOption, RouteTarget } from '../entity/types';
import { translate } from '../i18n/locale-store';
import { ABSENT, displayTime } from '../ui/display';

export const TICKET_BASE = '/v3/feed/ticket';
export const TICKET_LIST_PATH = '/ticket/list';
export const TICKET_CREATE_PATH = '/ticket/create';
export const TICKET_DETAIL_PATH = '/ticket/detail';

/** /ticket/detail?id={id}&_modal=large: the ticket, its moves, its history. */
export function ticketDetailTarget(id: string): RouteTarget {
  return { path: TICKET_DETAIL_PATH, query: { id, _modal: 'large' } };
}

/** What the create form, the filters and the assign dialog choose from, read once per client. */
const optionsOf = new WeakMap<ApiClient, Promise<TicketOptions>>();
export function ticketOptions(client: ApiClient, fresh = false): Promise<TicketOptions> {
  let loading = fresh ? undefined : optionsOf.get(client);
  if (loading === undefined) {
    loading = call(client, `${TICKET_BASE}/options`, {});
    // a failed read is tried again next time
    loading.catch(() => optionsOf.delete(client));
    optionsOf.set(client, loading);
  }
  return loading;
}
const kindOptions = async (client: ApiClient): Promise<FormOption[]> =>
  (await ticketOptions(client)).kinds.map((k) => ({ value: k.id, label: k.name }));
const groupOptions = async (client: ApiClient): Promise<FormOption[]> =>
  (await ticketOptions(client)).groups.map((g) => ({ value: g.id, label: g.name }));

/** The ticket's state as a tag in the state's own colour. */
export function TicketStateTag({ row }: { row: Pick<Ticket, 'stateName' | 'stateCode' | 'stateColor'> }) {
  return (
    <Badge color={row.stateColor ?? 'gray'} variant="filled" tt="none" data-testid="ticket-state">
      {row.stateName ?? row.stateCode}
    </Badge>
  );
}

/** The alarm and the timeout, each red once passed; nothing for a resolved or closed ticket. */
export function TicketDeadlines({ row }: { row: Pick<Ticket, 'alarmAt' | 'timeoutAt' | 'alarmed' | 'timedOut'> }) {
  if (!row.alarmAt && !row.timeoutAt) return <Text span>{ABSENT}</Text>;
  return (
    <Stack gap={0}>
      {row.alarmAt && (
        <Text
          size="xs"
          c={row.alarmed ? 'red' : 'dimmed'}
          fw={row.alarmed ? 600 : undefined}
          data-alarmed={row.alarmed}
        >
          {row.alarmed ? translate('ticket.alarmed') : translate('ticket.alarmAt', { time: displayTime(row.alarmAt) })}
        </Text>
      )}
      {row.timeoutAt && (
        <Text
          size="xs"
          c={row.timedOut ? 'red' : 'dimmed'}
          fw={row.timedOut ? 600 : undefined}
          data-timed-out={row.timedOut}
        >
          {row.timedOut
            ? translate('ticket.timedOut')
            : translate('ticket.timeoutAt', { time: displayTime(row.timeoutAt) })}
        </Text>
      )}
    </Stack>
  );
}

/**
 * Tickets (ours: the spec shows only the templates). Tabs 我的待办 (my open tickets), 待认领 (waiting in my ticket
 * groups), 全部; keyword on number or title, kind, status group, overdue, ticket group, session; columns number
 * (opens the detail), title, kind, state in its colour, handler (待认领 while waiting), group, alarm and timeout (red
 * once passed), create time. 新建 opens the create form.
 */
export const ticketDescription: EntityDescription<Ticket> = {
  name: 'ticket',
  title: 'ticket.title',
  api: { base: TICKET_BASE, detailParam: 'ticketId' },
  listPath: TICKET_LIST_PATH,
  softDelete: false,
  tabs: {
    param: 'view',
    dictionary: TicketView,
    defaultValue: 'MINE',
    counts: (answer) => ({
      MINE: answer.myNum as number | undefined,
      WAITING: answer.waitingNum as number | undefined,
    }),
  },
  keyword: true,
  filterCheck: (body) => ticketFilterSchema.safeParse(body),
  filters: [
    { key: 'kindId', label: 'ticket.kind', kind: 'select', options: kindOptions, primary: true },
    { key: 'statusGroup', label: 'ticket.statusGroup', kind: 'select', dictionary: TicketStatusGroup, primary: true },
    { key: 'overdue', label: 'ticket.overdue', kind: 'select', dictionary: TicketOverdue, primary: true },
    { key: 'groupId', label: 'ticket.group', kind: 'select', options: groupOptions },
    { key: 'sessionId', label: 'ticket.sessionId', kind: 'text' },
  ],
  columns: [
    { key: 'number', title: 'ticket.number', width: 120, link: (row) => ticketDetailTarget(row.id) },
    { key: 'title', title: 'ticket.subject', width: 260 },
    { key: 'kindName', title: 'ticket.kind', width: 110 },
    { key: 'stateName', title: 'ticket.state', width: 110, render: (row) => <TicketStateTag row={row} /> },
    {
      key: 'handlerName',
      title: 'ticket.handler',
      width: 110,
      value: (row) => row.handlerName ?? (row.handlerId ? row.handlerId : translate('ticket.waiting')),
    },
    { key: 'groupName', title: 'ticket.group', width: 110 },
    { key: 'timeoutAt', title: 'ticket.deadlines', width: 190, render: (row) => <TicketDeadlines row={row} /> },
    { key: 'createTime', title: 'common.createTime', kind: 'time', width: 170 },
  ],
  create: () => ({ path: TICKET_CREATE_PATH, query: { _modal: 'large' } }),
  rowActions: [{ label: 'common.view', to: (row) => ticketDetailTarget(row.id) }],
  defaultPageSize: 20,
  minTableWidth: 1200,
};
