import { Button, Checkbox, Popover, Stack } from '@mantine/core';
import { IconColumns } from '@tabler/icons-react';
import { useI18n } from '../i18n/locale-store';
import type { EntityColumn } from './types';

/** Shows and hides a list's columns (at least one stays); the choice is kept per user by `useHiddenColumns`. */
export function ColumnChooser<R>({
  columns,
  hidden,
  onChange,
}: {
  columns: readonly EntityColumn<R>[];
  hidden: readonly string[];
  onChange: (hidden: readonly string[]) => void;
}) {
  const { t } = useI18n();
  const shownCount = columns.filter((c) => !hidden.includes(c.key)).length;
  return (
    <Popover position="bottom-end" shadow="md" withinPortal>
      <Popover.Target>
        <Button variant="default" leftSection={<IconColumns size={16} />}>
          {t('common.columns')}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap={6} mah={360} style={{ overflowY: 'auto' }}>
          {columns.map((column) => {
            const shown = !hidden.includes(column.key);
            return (
              <Checkbox
                key={column.key}
                label={t(column.title)}
                checked={shown}
                disabled={shown && shownCount === 1}
                onChange={() => onChange(shown ? [...hidden, column.key] : hidden.filter((key) => key !== column.key))}
              />
            );
          })}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
