import { Button, Group, Stack } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { useI18n } from '../i18n/locale-store';
import type { DrawerForm } from './Drawer';

export interface SavableFormProps {
  /** the drawer the form lies in (`useDrawerForm`), or null on a page or in a modal */
  drawer: DrawerForm | null;
  /** false: no save at all (no permission, or a read-only view) */
  editable: boolean;
  saving: boolean;
  onSave: () => void;
  children: ReactNode;
}

/**
 * A form's fields and how they are saved: on a page or in a modal, its own save button under them; inside a drawer,
 * a `<form>` that the drawer's confirm button submits (Enter in a field submits it too).
 */
export function SavableForm({ drawer, editable, saving, onSave, children }: SavableFormProps) {
  const { t } = useI18n();
  if (drawer)
    return (
      <form
        id={drawer.formId}
        noValidate
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          onSave();
        }}
      >
        {children}
      </form>
    );
  return (
    <Stack>
      {children}
      {editable && (
        <Group justify="flex-end">
          <Button loading={saving} onClick={onSave}>
            {t('common.save')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
