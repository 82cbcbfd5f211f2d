import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { displayText } from './display';

/**
 * A field of a read-only view: its label over its value as text ('--' when absent), without the input's frame,
 * required asterisk, select chevron or the browser's empty date placeholder. `children` shows a value that is more
 * than text (badges, a list).
 */
export function ReadOnlyField({ label, value, children }: { label: ReactNode; value?: unknown; children?: ReactNode }) {
  return (
    <Stack gap={4} data-readonly-field>
      <Text size="sm" fw={500} component="div">
        {label}
      </Text>
      {children ?? (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {displayText(value)}
        </Text>
      )}
    </Stack>
  );
}
