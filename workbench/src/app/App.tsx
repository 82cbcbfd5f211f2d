import { Center, Loader } from '@mantine/core';
import { useEffect } from 'react';
import { useApi } from '../api/api-context';
import { SignInPage } from '../auth/SignInPage';
import { useCan, useSessionStore } from '../auth/session-store';
import { navigate, setModalParentResolver, startHashListener, useLocation } from '../router/router-store';
import { ConfirmHost } from '../ui/confirm';
import { Layout } from './Layout';
import { preloadQcScreens } from './preload-screens';
import { RouteView } from './RouteView';
import { findRoute, homeFor } from './route-table';

setModalParentResolver((path) => findRoute(path)?.parent ?? null);

/** Signs in, then shows the console for the hash route. */
export function App() {
  const client = useApi();
  const status = useSessionStore((s) => s.status);
  const load = useSessionStore((s) => s.load);
  const location = useLocation();
  const can = useCan();

  useEffect(() => startHashListener(), []);
  useEffect(() => {
    if (status === 'unknown') load(client).catch(() => useSessionStore.getState().expire());
  }, [client, load, status]);
  // home is the first screen the user may view, known once /v3/auth/me has answered
  const home = status === 'signedIn' ? homeFor(can) : null;
  useEffect(() => {
    if (home && location.path === '/') navigate(home.path, home.query, { replace: true });
  }, [home, location.path]);
  // once signed in, the QC menu's screens are fetched while the browser is idle: a first visit does not wait for them
  useEffect(() => {
    if (status !== 'signedIn') return;
    const { permissions } = useSessionStore.getState();
    return preloadQcScreens((key) => !key || permissions.has(key));
  }, [status]);

  if (status === 'unknown')
    return (
      <Center h="100vh">
        <Loader />
      </Center>
    );
  if (status === 'signedOut') return <SignInPage />;
  return (
    <Layout>
      <RouteView />
      <ConfirmHost />
    </Layout>
  );
}
