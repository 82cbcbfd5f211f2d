import { Box, Button, Group, LoadingOverlay, NavLink, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { LINE_SCREENS } from '../../../entities/cs-line';
import { useI18n } from '../../../i18n/locale-store';
import { formatHash, type RouteLocation } from '../../../router/location';
import { navigate } from '../../../router/router-store';
import { FormErrorBanner } from '../../../ui/FormErrorBanner';
import type { LineScreen } from './use-line-screen';

/** The height of the modal's sticky header (Mantine's ModalBase header: min-height 3.75rem). */
const BELOW_HEADER = 'calc(3.75rem * var(--mantine-scale))';

export interface LineModalLayoutProps {
  location: RouteLocation;
  /** the line's name, in the title (empty while it loads) */
  name: string | null | undefined;
  loading: boolean;
  /** the server's message at the top (spec §8), closable */
  banner?: string | null;
  onBannerClose?: () => void;
  /** the save button beside the title; none for a screen without one or a user who may not change lines */
  onSave?: () => void;
  saving?: boolean;
  children: ReactNode;
}

/**
 * The line modal (online-service-config §2.1): the side menu of its seven screens, each opened at the same line in
 * place of the current one, the line's name as the title with the screen's save beside it, and the screen.
 */
export function LineModalLayout({
  location,
  name,
  loading,
  banner = null,
  onBannerClose,
  onSave,
  saving = false,
  children,
}: LineModalLayoutProps) {
  const { t } = useI18n();
  const id = location.query.id ?? '';
  return (
    <Group align="flex-start" wrap="nowrap" gap="lg">
      {/* the menu and the title with its save stay in view, under the modal's own header, while a screen scrolls */}
      <Box
        component="nav"
        aria-label={t('csLine.menu')}
        w={180}
        style={{ flexShrink: 0, position: 'sticky', top: BELOW_HEADER }}
      >
        {LINE_SCREENS.map((screen) => {
          const query = { id, _modal: location.query._modal ?? 'full' };
          return (
            <NavLink
              key={screen.path}
              href={formatHash({ path: screen.path, query })}
              label={t(screen.title)}
              active={screen.path === location.path}
              aria-current={screen.path === location.path ? 'page' : undefined}
              onClick={(event) => {
                // the modal stays open: the screen replaces the current one at the same line
                event.preventDefault();
                navigate(screen.path, query, { replace: true });
              }}
            />
          );
        })}
      </Box>
      <Stack pos="relative" style={{ flex: 1, minWidth: 0 }}>
        <LoadingOverlay visible={loading || saving} />
        <Group
          justify="space-between"
          wrap="nowrap"
          py={4}
          style={{ position: 'sticky', top: BELOW_HEADER, zIndex: 3, background: 'var(--mantine-color-body)' }}
        >
          <Title order={4} data-testid="line-name">
            {name ?? ''}
          </Title>
          {onSave && (
            <Button loading={saving} onClick={onSave}>
              {t('common.save')}
            </Button>
          )}
        </Group>
        <FormErrorBanner error={banner} onClose={onBannerClose} />
        {children}
      </Stack>
    </Group>
  );
}

/** What the frame reads of a block screen (none of it depends on the block's values). */
type FramedScreen = Pick<LineScreen<unknown>, 'line' | 'loading' | 'banner' | 'setBanner' | 'editable' | 'saving'>;

/**
 * A block screen's frame: the line modal fed from its line screen. Save runs `onSave` while there is something to save
 * and the user may change lines; `loading` adds the screen's own loads to the line's.
 */
export function LineScreenFrame({
  location,
  screen,
  onSave,
  loading = false,
  children,
}: {
  location: RouteLocation;
  screen: FramedScreen;
  onSave?: (() => void) | null | false;
  loading?: boolean;
  children: ReactNode;
}) {
  return (
    <LineModalLayout
      location={location}
      name={screen.line?.name}
      loading={screen.loading || loading}
      banner={screen.banner}
      onBannerClose={() => screen.setBanner(null)}
      onSave={screen.editable && onSave ? onSave : undefined}
      saving={screen.saving}
    >
      {children}
    </LineModalLayout>
  );
}
