import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertCircle, IconRefresh } from '@tabler/icons-react';
import { useT } from '../i18n/locale-store';

/**
 * The server's message at the top of a form after a failed save (spec §8), or of a screen whose load failed: given
 * `onRetry` (e.g. useLoad's `reload`), it offers 重试 / Retry beside the message.
 */
export function FormErrorBanner({
  error,
  onClose,
  onRetry,
}: {
  error: string | null;
  onClose?: () => void;
  onRetry?: () => void;
}) {
  const t = useT();
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
      {onRetry ? (
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Text size="sm" c="inherit">
            {error}
          </Text>
          <Button
            size="compact-sm"
            variant="light"
            color="red"
            leftSection={<IconRefresh size={14} />}
            onClick={onRetry}
          >
            {t('common.retry')}
          </Button>
        </Group>
      ) : (
        error
      )}
    </Alert>
  );
}
