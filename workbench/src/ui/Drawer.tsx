import { Button, Group, Drawer as MantineDrawer, Stack } from '@mantine/core';
import { createContext, type ReactNode, useContext, useEffect, useId, useMemo, useState } from 'react';
import { useI18n } from '../i18n/locale-store';
import type { DrawerWidth } from '../router/location';

/**
 * What a form inside a drawer uses: the id its `<form>` takes, so the drawer's confirm button submits it, and a
 * way to show that it is saving. A form that finds none renders its own save button.
 */
export interface DrawerForm {
  formId: string;
  setSaving: (saving: boolean) => void;
  /** the form says it is there: the drawer then shows its confirm button */
  claim: () => () => void;
}

const DrawerFormContext = createContext<DrawerForm | null>(null);

/**
 * The drawer a form lies in, if any; the form then gives up its own save button for the drawer's footer. A form
 * that cannot be saved (`savable` false: no permission) leaves the drawer without a confirm button.
 */
export function useDrawerForm(savable = true): DrawerForm | null {
  const drawer = useContext(DrawerFormContext);
  useEffect(() => (savable ? drawer?.claim() : undefined), [drawer, savable]);
  return drawer;
}

/** Mantine takes a px width as a number and a share of the window as text. */
function sizeOf(width: DrawerWidth): number | string {
  return width.endsWith('%') ? width : Number(width);
}

export interface DrawerProps {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  /** the spec's widths: 600, 736, 900 (skill-group create) and 80 % (navigation and service-time editors) */
  width: DrawerWidth;
  children: ReactNode;
}

/**
 * A drawer from the right (spec "Drawers opened from selectors"): a title, the content, and a footer with cancel
 * and, when a form inside claims it, confirm, which submits that form. Opened inline by a selector's create
 * shortcut, or by a route with `_drawer=<width>`.
 */
export function Drawer({ opened, onClose, title, width, children }: DrawerProps) {
  const { t } = useI18n();
  const formId = `drawer-form-${useId()}`;
  const [saving, setSaving] = useState(false);
  const [forms, setForms] = useState(0);
  const form = useMemo<DrawerForm>(
    () => ({
      formId,
      setSaving,
      claim: () => {
        setForms((n) => n + 1);
        return () => setForms((n) => n - 1);
      },
    }),
    [formId],
  );
  return (
    <MantineDrawer
      opened={opened}
      onClose={onClose}
      position="right"
      size={sizeOf(width)}
      title={title}
      closeOnClickOutside={false}
      data-drawer-width={width}
      styles={{ content: { display: 'flex', flexDirection: 'column' }, body: { flex: 1, overflowY: 'auto' } }}
    >
      <Stack justify="space-between" mih="100%">
        <DrawerFormContext.Provider value={form}>{children}</DrawerFormContext.Provider>
        <Group justify="flex-end" pt="sm" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          {forms > 0 && (
            <Button type="submit" form={formId} loading={saving}>
              {t('common.confirm')}
            </Button>
          )}
        </Group>
      </Stack>
    </MantineDrawer>
  );
}
