import { Button, Group, Modal, Text } from '@mantine/core';
import { create } from 'zustand';
import { useT } from '../i18n/locale-store';

interface Pending {
  text: string;
  danger: boolean;
  resolve: (ok: boolean) => void;
}

const useConfirmStore = create<{ pending: Pending | null }>(() => ({ pending: null }));

/** Asks the user; resolves true on OK. One question at a time (a new one answers the old one with false). */
export function confirmAction(text: string, options: { danger?: boolean } = {}): Promise<boolean> {
  useConfirmStore.getState().pending?.resolve(false);
  return new Promise((resolve) => {
    useConfirmStore.setState({ pending: { text, danger: options.danger ?? true, resolve } });
  });
}

function answer(ok: boolean) {
  const { pending } = useConfirmStore.getState();
  useConfirmStore.setState({ pending: null });
  pending?.resolve(ok);
}

/** Mount once near the root. */
export function ConfirmHost() {
  const pending = useConfirmStore((s) => s.pending);
  const t = useT();
  return (
    <Modal opened={pending !== null} onClose={() => answer(false)} title={t('common.confirmTitle')} zIndex={400}>
      <Text>{pending?.text}</Text>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={() => answer(false)}>
          {t('common.cancel')}
        </Button>
        <Button color={pending?.danger ? 'red' : undefined} onClick={() => answer(true)} data-autofocus>
          {t('common.confirm')}
        </Button>
      </Group>
    </Modal>
  );
}
