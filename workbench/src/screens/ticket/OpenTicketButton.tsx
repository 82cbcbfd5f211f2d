import { Button } from '@mantine/core';
import { IconTicket } from '@tabler/icons-react';
import { useCan } from '../../auth/session-store';
import { TICKET_BASE, TICKET_CREATE_PATH } from '../../entities/ticket';
import { mayUse } from '../../entity/access';
import { useI18n } from '../../i18n/locale-store';
import { navigate } from '../../router/router-store';

/**
 * 创建工单 on a QC result or session: opens the ticket form prefilled with the session, its AI result (when there is
 * one) and a title naming the session and its score; the ticket links back to the session. Shown to whoever may
 * open tickets.
 */
export function OpenTicketButton({
  sessionId,
  aiResultId,
  score,
  modal,
}: {
  sessionId: string | null | undefined;
  aiResultId?: string | null | undefined;
  score?: number | null | undefined;
  modal?: string | undefined;
}) {
  const can = useCan();
  const { t } = useI18n();
  if (!sessionId || !mayUse(can, TICKET_BASE, 'create')) return null;
  const title =
    score === null || score === undefined
      ? t('ticket.sessionTitle', { id: sessionId })
      : t('ticket.sessionTitleScored', { id: sessionId, score: Math.round(score) });
  return (
    <Button
      variant="default"
      leftSection={<IconTicket size={16} />}
      data-testid="open-ticket"
      onClick={() =>
        navigate(TICKET_CREATE_PATH, {
          sessionId,
          ...(aiResultId ? { aiResultId } : {}),
          title,
          _modal: modal ?? 'large',
        })
      }
    >
      {t('ticket.openForSession')}
    </Button>
  );
}
