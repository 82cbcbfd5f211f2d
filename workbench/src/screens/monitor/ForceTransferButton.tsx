import { Button } from '@mantine/core';
import type { TransferAnswer } from '@qcdesk/contracts';
import { IconArrowsExchange } from '@tabler/icons-react';
import { useState } from 'react';
import { useCan } from '../../auth/session-store';
import { useT } from '../../i18n/locale-store';
import { TransferDialog } from './TransferDialog';

/**
 * The monitor's 'forced transfer' button (tickets spec §2 session detail, session records' alarm actions): opens the
 * transfer dialog for the chat; shown only to whoever holds monitor.transfer.
 */
export interface ForceTransferButtonProps {
  readonly sessionId: string;
  readonly chatId: string;
  /** the agent serving it now (for the caller's own bookkeeping; the server knows) */
  readonly agentId?: string | null;
  /** called once a transfer succeeded, so the screen reloads */
  readonly onTransferred?: (answer: TransferAnswer) => void;
  /** the same, by the name the brief gave it */
  readonly onDone?: (answer: TransferAnswer) => void;
  readonly size?: 'compact-sm' | 'sm';
}

export function ForceTransferButton({ chatId, onTransferred, onDone, size = 'compact-sm' }: ForceTransferButtonProps) {
  const can = useCan();
  const t = useT();
  const [opened, setOpened] = useState(false);
  if (!can('monitor.transfer')) return null;
  return (
    <>
      <Button
        size={size}
        variant="light"
        color="orange"
        leftSection={<IconArrowsExchange size={14} />}
        onClick={() => setOpened(true)}
        data-testid="force-transfer"
      >
        {t('transfer.button')}
      </Button>
      <TransferDialog
        opened={opened}
        chatId={chatId}
        onClose={() => setOpened(false)}
        onTransferred={(answer) => {
          onTransferred?.(answer);
          onDone?.(answer);
        }}
      />
    </>
  );
}
