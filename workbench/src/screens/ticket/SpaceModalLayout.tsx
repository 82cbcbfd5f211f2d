import { Alert, Group, LoadingOverlay, Stack, Tabs, Title } from '@mantine/core';
import type { Space } from '@qcdesk/contracts';
import { IconInfoCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { SPACE_AUTH_PATH, SPACE_CONFIG_PATH } from '../../entities/space';
import type { MessageKey } from '../../i18n/dictionary';
import { useI18n } from '../../i18n/locale-store';
import type { RouteLocation } from '../../router/location';
import { navigate } from '../../router/router-store';
import { FormErrorBanner } from '../../ui/FormErrorBanner';

/** The space modal's nav (tickets spec §2 "/ticket/space/config"): base-config and auth, each a route of its own. */
export const SPACE_TABS: readonly { value: 'base-config' | 'auth'; path: string; label: MessageKey }[] = [
  { value: 'base-config', path: SPACE_CONFIG_PATH, label: 'space.tab.base' },
  { value: 'auth', path: SPACE_AUTH_PATH, label: 'space.tab.auth' },
];

export interface SpaceModalLayoutProps {
  location: RouteLocation;
  space: Space | null | undefined;
  loading: boolean;
  /** the space is another organisation's, granted to the user's: said once above the tab */
  shared: boolean;
  banner?: string | null;
  onBannerClose?: () => void;
  children: ReactNode;
}

/**
 * The frame of a space's config and auth screens: the space's name, the two tabs (a tab opens its route at the same
 * space in place of the current one, asking first when the form has unsaved changes) and the screen.
 */
export function SpaceModalLayout({
  location,
  space,
  loading,
  shared,
  banner = null,
  onBannerClose,
  children,
}: SpaceModalLayoutProps) {
  const { t } = useI18n();
  const id = location.query.id ?? '';
  const current = SPACE_TABS.find((tab) => tab.path === location.path)?.value ?? 'base-config';
  return (
    <Stack pos="relative">
      <LoadingOverlay visible={loading} />
      <Group justify="space-between">
        <Title order={4} data-testid="space-name">
          {space?.name ?? ''}
        </Title>
      </Group>
      <Tabs
        value={current}
        onChange={(value) => {
          const tab = SPACE_TABS.find((o) => o.value === value);
          if (tab && tab.value !== current)
            navigate(tab.path, { id, _modal: location.query._modal ?? 'large' }, { replace: true });
        }}
      >
        <Tabs.List>
          {SPACE_TABS.map((tab) => (
            <Tabs.Tab key={tab.value} value={tab.value}>
              {t(tab.label)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {shared && (
        <Alert color="gray" icon={<IconInfoCircle size={18} />}>
          {t('space.sharedReadOnly')}
        </Alert>
      )}
      <FormErrorBanner error={banner} onClose={onBannerClose} />
      {children}
    </Stack>
  );
}
