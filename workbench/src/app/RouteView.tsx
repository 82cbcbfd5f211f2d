import { Center, Loader, Modal, Stack, Text, Title } from '@mantine/core';
import { Suspense } from 'react';
import { useCan } from '../auth/session-store';
import { useI18n } from '../i18n/locale-store';
import { overlayOf, pageKey, type RouteLocation } from '../router/location';
import { routeTitle } from '../router/route-types';
import { closeModal, useRouterStore } from '../router/router-store';
import { Drawer } from '../ui/Drawer';
import { findRoute } from './route-table';

const MODAL_SIZES = { small: 'md', large: '80%', full: '100%' } as const;

function RouteBody({ location }: { location: RouteLocation }) {
  const { t, m } = useI18n();
  const can = useCan();
  const route = findRoute(location.path);
  if (!route) return <Title order={4}>{t('notFound.title')}</Title>;
  if (!can(route.permission)) return <Text c="dimmed">{m('common.noViewPermission')}</Text>;
  const Component = route.component;
  return (
    <Suspense
      fallback={
        <Center p="xl">
          <Loader />
        </Center>
      }
    >
      <Component location={location} />
    </Suspense>
  );
}

/**
 * The screen of the current hash route. A route with `_modal` opens as a modal, one with `_drawer` as a drawer from
 * the right, over the page beneath, which stays mounted (keyed by its path and query, not by the navigation) so its
 * paging and selection survive.
 */
export function RouteView() {
  const current = useRouterStore((s) => s.current);
  const background = useRouterStore((s) => s.background);
  const { t } = useI18n();
  const overlay = overlayOf(current);
  const page = overlay ? background : current;
  const route = findRoute(current.path);
  const title = route ? t(routeTitle(route, current)) : '';
  return (
    <>
      {page && (
        <Stack key={pageKey(page)}>
          {findRoute(page.path) && <Title order={3}>{t(routeTitle(findRoute(page.path)!, page))}</Title>}
          <RouteBody location={page} />
        </Stack>
      )}
      {overlay?.kind === 'modal' && (
        <Modal
          opened
          onClose={closeModal}
          size={MODAL_SIZES[overlay.size]}
          fullScreen={overlay.size === 'full'}
          title={title}
          closeOnClickOutside={false}
        >
          <RouteBody key={current.key} location={current} />
        </Modal>
      )}
      {overlay?.kind === 'drawer' && (
        <Drawer opened onClose={closeModal} width={overlay.width} title={title}>
          <RouteBody key={current.key} location={current} />
        </Drawer>
      )}
    </>
  );
}
