import { Center, Loader, Modal, Stack, Text, Title } from '@mantine/core';
import { Suspense } from 'react';
import { useCan } from '../auth/session-store';
import { useI18n } from '../i18n/locale-store';
import { modalOf, pageKey, type RouteLocation } from '../router/location';
import { routeTitle } from '../router/route-types';
import { closeModal, useRouterStore } from '../router/router-store';
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
 * The screen of the current hash route. A route with `_modal` opens as a modal over the page beneath, which stays
 * mounted (keyed by its path and query, not by the navigation) so its paging and selection survive.
 */
export function RouteView() {
  const current = useRouterStore((s) => s.current);
  const background = useRouterStore((s) => s.background);
  const { t } = useI18n();
  const size = modalOf(current);
  const page = size ? background : current;
  const route = findRoute(current.path);
  return (
    <>
      {page && (
        <Stack key={pageKey(page)}>
          {findRoute(page.path) && <Title order={3}>{t(routeTitle(findRoute(page.path)!, page))}</Title>}
          <RouteBody location={page} />
        </Stack>
      )}
      {size && (
        <Modal
          opened
          onClose={closeModal}
          size={MODAL_SIZES[size]}
          fullScreen={size === 'full'}
          title={route ? t(routeTitle(route, current)) : ''}
          closeOnClickOutside={false}
        >
          <RouteBody key={current.key} location={current} />
        </Modal>
      )}
    </>
  );
}
