import { Button, Group } from '@mantine/core';
import type { TransferAnswer } from '@qcdesk/contracts';
import { IconHeadphones } from '@tabler/icons-react';
import { useCan } from '../../auth/session-store';
import { useT } from '../../i18n/locale-store';
import { navigate } from '../../router/router-store';
import { ForceTransferButton } from './ForceTransferButton';
import { sessionLocation } from './monitor-links';

/**
 * The alarm actions of a live session (tickets spec §2 session-record: "alarm action with Listen and Force
 * transfer"): Listen opens the session's detail, whose transcript grows as the chat goes on; Force transfer opens
 * the transfer dialog.
 */
export function AlarmActions({
  agentId,
  sessionId,
  chatId,
  onTransferred,
}: {
  agentId: string;
  sessionId: string;
  chatId: string;
  onTransferred?: (answer: TransferAnswer) => void;
}) {
  const can = useCan();
  const t = useT();
  const listen = () => {
    const to = sessionLocation(agentId, sessionId);
    navigate(to.path, to.query);
  };
  return (
    <Group gap="xs" wrap="nowrap" data-testid="alarm-actions">
      {can('monitor-agent.view') && (
        <Button size="compact-sm" variant="light" leftSection={<IconHeadphones size={14} />} onClick={listen}>
          {t('alarm.listen')}
        </Button>
      )}
      <ForceTransferButton sessionId={sessionId} chatId={chatId} agentId={agentId} onTransferred={onTransferred} />
    </Group>
  );
}
