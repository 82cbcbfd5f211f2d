import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

/** The server's message at the top of a form after a failed save (spec §8). */
export function FormErrorBanner({ error, onClose }: { error: string | null; onClose?: () => void }) {
  if (!error) return null;
  return (
    <Alert
      color="red"
      role="alert"
      icon={<IconAlertCircle size={18} />}
      withCloseButton={onClose !== undefined}
      onClose={onClose}
      mb="sm"
    >
      {error}
    </Alert>
  );
}
