import {
  Anchor,
  Badge,
  Button,
  Group,
  LoadingOverlay,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Textarea,
  Timeline,
  Title,
} from '@mantine/core';
import {
  TICKET_LIMITS,
  type TicketDetail as TicketDetailAnswer,
  type TicketEvent,
  type TicketMoveOption,
  TicketStatusGroup,
} from '@qcdesk/contracts';
import { IconArrowRight, IconHandGrab, IconMessage, IconUserShare } from '@tabler/icons-react';
import { useState } from 'react';
import { useApi } from '../../api/api-context';
import { call } from '../../api/calls';
import { errorText } from '../../api/client';
import { useLoad } from '../../api/use-load';
import { AI_RESULT_DETAIL } from '../../entities/ai-result';
import { TICKET_DETAIL_PATH, TicketDeadlines, TicketStateTag, ticketOptions } from '../../entities/ticket';
import type { MessageKey } from '../../i18n/dictionary';
import { useI18n } from '../../i18n/locale-store';
import type { RouteLocation } from '../../router/location';
import { navigate } from '../../router/router-store';
import { displayTime } from '../../ui/display';
import { FormErrorBanner } from '../../ui/FormErrorBanner';
import { notifySuccess } from '../../ui/notify';
import { InfoGrid } from '../qc/ai-result/SessionPanel';
import { FileLink } from '../qc/complaint/ComplaintDetail';
import { fieldValueText } from './TicketFieldInput';

type Panel = { kind: 'move'; move: TicketMoveOption } | { kind: 'assign' } | null;

/**
 * /ticket/detail?id={id} (modal): the ticket's number, state and handler; the moves its kind's flow allows from its
 * state now, each naming the target state and who will handle it there (only for its handler or a manager); claim
 * (waiting in a group of mine), hand on (转派), remarks; its fields, attachments and deadlines; a link to the QC
 * session it was opened from; and its history, oldest first.
 */
export function TicketDetail({ location }: { location: RouteLocation }) {
  const client = useApi();
  const { t, label } = useI18n();
  const ticketId = location.query.id;
  const loaded = useLoad(
    () => call(client, '/v3/feed/ticket/detail', { query: { ticketId: ticketId ?? '' } }),
    [client, ticketId],
    { enabled: Boolean(ticketId) },
  );
  const ticket = loaded.data;
  const [panel, setPanel] = useState<Panel>(null);
  const [remark, setRemark] = useState('');
  const [comment, setComment] = useState('');
  const [banner, setBanner] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  /** runs a change, then shows the ticket again (and the list beneath reloads) */
  const act = async (change: () => Promise<unknown>) => {
    setBusy(true);
    setBanner(null);
    try {
      await change();
      notifySuccess();
      setPanel(null);
      setRemark('');
      setComment('');
      navigate(TICKET_DETAIL_PATH, { ...location.query, _reload: 'list' }, { replace: true });
      loaded.reload();
    } catch (e) {
      setBanner(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  if (!ticketId) return <FormErrorBanner error={t('ticket.notFound')} />;
  return (
    <Stack gap="md" pos="relative" mih={200}>
      <LoadingOverlay visible={loaded.loading && !ticket} />
      <FormErrorBanner error={banner ?? loaded.error} onClose={() => setBanner(null)} onRetry={loaded.reload} />
      {ticket && (
        <>
          <Group justify="space-between" align="flex-start">
            <Stack gap={4}>
              <Group gap="sm">
                <Title order={4} data-testid="ticket-number">
                  {ticket.number}
                </Title>
                <TicketStateTag row={ticket} />
                {/* the status group, where the state's own name does not already say it */}
                {label(TicketStatusGroup, ticket.statusGroup) !== ticket.stateName && (
                  <Badge variant="light" color="gray" tt="none">
                    {label(TicketStatusGroup, ticket.statusGroup)}
                  </Badge>
                )}
              </Group>
              <Text fw={600}>{ticket.title}</Text>
              <Text size="sm" data-testid="ticket-handler">
                {t('ticket.handler')}：
                {ticket.handlerId
                  ? (ticket.handlerName ?? ticket.handlerId)
                  : t('ticket.waitingIn', { group: ticket.groupName ?? '--' })}
              </Text>
            </Stack>
            <Group gap="xs">
              {ticket.actions.claim && (
                <Button
                  leftSection={<IconHandGrab size={16} />}
                  loading={busy}
                  onClick={() =>
                    void act(() =>
                      call(client, '/v3/feed/ticket/claim', { body: { id: ticket.id, version: ticket.version } }),
                    )
                  }
                >
                  {t('ticket.claim')}
                </Button>
              )}
              {ticket.actions.assign && (
                <Button
                  variant="default"
                  leftSection={<IconUserShare size={16} />}
                  onClick={() => setPanel({ kind: 'assign' })}
                >
                  {t('ticket.assign')}
                </Button>
              )}
            </Group>
          </Group>

          <Paper withBorder p="sm">
            <Text fw={600} mb="xs">
              {t('ticket.moves')}
            </Text>
            {ticket.moves.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('ticket.noMoves')}
              </Text>
            ) : (
              <Group gap="xs" data-testid="ticket-moves">
                {ticket.moves.map((move) => (
                  <Button
                    key={move.nodeId}
                    variant={panel?.kind === 'move' && panel.move.nodeId === move.nodeId ? 'filled' : 'light'}
                    color={move.stateColor ?? undefined}
                    disabled={!ticket.actions.move}
                    rightSection={<IconArrowRight size={14} />}
                    data-move-to={move.stateTo}
                    onClick={() => setPanel({ kind: 'move', move })}
                  >
                    {t('ticket.moveTo', { node: move.nodeName, state: move.stateName ?? move.stateTo })}
                  </Button>
                ))}
              </Group>
            )}
            {!ticket.actions.move && ticket.moves.length > 0 && (
              <Text size="xs" c="dimmed" mt={6}>
                {t('ticket.onlyHandler')}
              </Text>
            )}
            {panel?.kind === 'move' && (
              <Stack gap="xs" mt="sm" data-testid="move-panel">
                <Text size="sm">
                  {t('ticket.moveConfirm', { state: panel.move.stateName ?? panel.move.stateTo })}
                  {' · '}
                  {moveHandlerText(panel.move, t)}
                </Text>
                <Textarea
                  label={t('ticket.remark')}
                  rows={2}
                  maxLength={TICKET_LIMITS.remarkMax}
                  value={remark}
                  onChange={(e) => setRemark(e.currentTarget.value)}
                />
                <Group justify="flex-end" gap="xs">
                  <Button variant="default" onClick={() => setPanel(null)}>
                    {t('common.cancel')}
                  </Button>
                  <Button
                    loading={busy}
                    onClick={() =>
                      void act(() =>
                        call(client, '/v3/feed/ticket/move', {
                          body: {
                            id: ticket.id,
                            version: ticket.version,
                            stateTo: panel.move.stateTo,
                            remark: remark.trim() === '' ? null : remark,
                          },
                        }),
                      )
                    }
                  >
                    {t('common.confirm')}
                  </Button>
                </Group>
              </Stack>
            )}
            {panel?.kind === 'assign' && (
              <AssignPanel
                ticket={ticket}
                busy={busy}
                onCancel={() => setPanel(null)}
                onAssign={(target, note) =>
                  void act(() =>
                    call(client, '/v3/feed/ticket/assign', {
                      body: { id: ticket.id, version: ticket.version, ...target, remark: note },
                    }),
                  )
                }
              />
            )}
          </Paper>

          <Paper withBorder p="sm">
            <InfoGrid
              items={[
                ['ticket.kind', ticket.kindName],
                ['ticket.group', ticket.groupName],
                ['ticket.lastHandler', ticket.lastHandlerName],
                ['ticket.creator', ticket.creatorName],
                ['common.createTime', displayTime(ticket.createTime)],
                ['ticket.stateSince', displayTime(ticket.stateSince)],
                ['ticket.deadlines', <TicketDeadlines key="deadlines" row={ticket} />],
                [
                  'ticket.sessionId',
                  ticket.sessionId ? (
                    <Anchor
                      key="session"
                      size="sm"
                      data-testid="ticket-session"
                      onClick={() => navigate(AI_RESULT_DETAIL, { id: ticket.sessionId!, _modal: 'large' })}
                    >
                      {t('ticket.openSession', { id: ticket.sessionId })}
                    </Anchor>
                  ) : null,
                ],
              ]}
            />
          </Paper>

          <Paper withBorder p="sm">
            <Text fw={600} mb="xs">
              {t('ticket.fields')}
            </Text>
            <Stack gap={6}>
              {ticket.content && (
                <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                  {ticket.content}
                </Text>
              )}
              {ticket.fields.map((field) => (
                <Group key={field.fieldId} gap="xs" wrap="nowrap" align="flex-start">
                  <Text size="sm" c="dimmed" w={120}>
                    {field.label}
                  </Text>
                  <Text size="sm" data-field-value={field.fieldId}>
                    {fieldValueText(field, ticket.fieldValues[field.fieldId])}
                  </Text>
                </Group>
              ))}
              {ticket.attachments.length > 0 && (
                <Group gap="xs">
                  <Text size="sm" c="dimmed" w={120}>
                    {t('ticket.attachments')}
                  </Text>
                  {ticket.attachments.map((file) => (
                    <FileLink key={file.path} path={file.path} name={file.name} />
                  ))}
                </Group>
              )}
            </Stack>
          </Paper>

          <Paper withBorder p="sm">
            <Text fw={600} mb="xs">
              {t('ticket.history')}
            </Text>
            <Timeline active={ticket.events.length - 1} bulletSize={18} lineWidth={2} data-testid="ticket-history">
              {ticket.events.map((event) => (
                <Timeline.Item key={event.id} title={eventTitle(event, t)}>
                  {event.remark && (
                    <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>
                      {event.remark}
                    </Text>
                  )}
                  <Text size="xs" c="dimmed">
                    {displayTime(event.time)}
                  </Text>
                </Timeline.Item>
              ))}
            </Timeline>
            {ticket.actions.comment && (
              <Stack gap="xs" mt="sm">
                <Textarea
                  aria-label={t('ticket.comment')}
                  placeholder={t('ticket.commentPlaceholder')}
                  rows={2}
                  maxLength={TICKET_LIMITS.remarkMax}
                  value={comment}
                  onChange={(e) => setComment(e.currentTarget.value)}
                />
                <Group justify="flex-end">
                  <Button
                    variant="default"
                    leftSection={<IconMessage size={16} />}
                    disabled={comment.trim() === ''}
                    loading={busy}
                    onClick={() =>
                      void act(() =>
                        call(client, '/v3/feed/ticket/comment', { body: { id: ticket.id, remark: comment } }),
                      )
                    }
                  >
                    {t('ticket.comment')}
                  </Button>
                </Group>
              </Stack>
            )}
          </Paper>
        </>
      )}
    </Stack>
  );
}

type T = (key: MessageKey, params?: Record<string, string | number>) => string;

/** Who handles the ticket after a move, as its node says. */
export function moveHandlerText(move: TicketMoveOption, t: T): string {
  const names = move.handlers.map((h) => h.name ?? h.id).join('、');
  switch (move.handlerType) {
    case 'CREATOR':
      return t('ticket.handlerType.CREATOR');
    case 'LAST':
      return t('ticket.handlerType.LAST');
    case 'GROUP':
      return t('ticket.handlerType.GROUP', { names });
    case 'STAFF':
      return t('ticket.handlerType.STAFF', { names });
  }
}

/** One line of the history. */
export function eventTitle(event: TicketEvent, t: T): string {
  const actor = event.actorName ?? event.actorId ?? '--';
  switch (event.type) {
    case 'CREATED':
      return t('ticket.event.created', { actor, state: event.toStateName ?? event.toState ?? '--' });
    case 'MOVED':
      return t('ticket.event.moved', {
        actor,
        from: event.fromStateName ?? event.fromState ?? '--',
        to: event.toStateName ?? event.toState ?? '--',
        node: event.nodeName ?? '--',
      });
    case 'ASSIGNED':
      if (event.handlerId === null || event.handlerId === undefined)
        return t('ticket.event.waiting', { group: event.groupName ?? '--' });
      if (event.routed && event.groupName)
        return t('ticket.event.routed', { group: event.groupName, handler: event.handlerName ?? event.handlerId });
      // a move's node named the handler (creator, previous handler, staff)
      if (event.routed && event.nodeName)
        return t('ticket.event.byNode', { node: event.nodeName, handler: event.handlerName ?? event.handlerId });
      return t('ticket.event.assigned', { actor, handler: event.handlerName ?? event.handlerId });
    case 'CLAIMED':
      return t('ticket.event.claimed', { actor });
    case 'COMMENTED':
      return t('ticket.event.commented', { actor });
  }
}

/** 转派: to a person (his choice: capacity does not apply) or into a ticket group (routed by its rule). */
function AssignPanel({
  ticket,
  busy,
  onCancel,
  onAssign,
}: {
  ticket: TicketDetailAnswer;
  busy: boolean;
  onCancel: () => void;
  onAssign: (target: { handlerId: string } | { groupId: string }, remark: string | null) => void;
}) {
  const client = useApi();
  const { t } = useI18n();
  const options = useLoad(() => ticketOptions(client), [client]);
  const [to, setTo] = useState<'PERSON' | 'GROUP'>('PERSON');
  const [target, setTarget] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const choices =
    to === 'PERSON'
      ? (options.data?.staff ?? [])
          .filter((s) => s.id !== ticket.handlerId)
          .map((s) => ({ value: s.id, label: s.name ?? s.id }))
      : (options.data?.groups ?? []).map((g) => ({ value: g.id, label: g.name }));
  return (
    <Stack gap="xs" mt="sm" data-testid="assign-panel">
      <SegmentedControl
        value={to}
        onChange={(value) => {
          setTo(value as 'PERSON' | 'GROUP');
          setTarget(null);
        }}
        data={[
          { value: 'PERSON', label: t('ticket.assignPerson') },
          { value: 'GROUP', label: t('ticket.assignGroup') },
        ]}
      />
      <Select
        label={to === 'PERSON' ? t('ticket.assignPerson') : t('ticket.assignGroup')}
        searchable
        data={choices}
        value={target}
        onChange={setTarget}
      />
      <Textarea
        label={t('ticket.remark')}
        rows={2}
        maxLength={TICKET_LIMITS.remarkMax}
        value={note}
        onChange={(e) => setNote(e.currentTarget.value)}
      />
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
        <Button
          loading={busy}
          disabled={target === null}
          onClick={() =>
            target !== null &&
            onAssign(to === 'PERSON' ? { handlerId: target } : { groupId: target }, note.trim() === '' ? null : note)
          }
        >
          {t('common.confirm')}
        </Button>
      </Group>
    </Stack>
  );
}
