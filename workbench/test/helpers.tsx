import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { ApiProvider } from '../src/api/api-context';
import { type ApiClient, ApiError, type ApiRequest } from '../src/api/client';
import { useSessionStore } from '../src/auth/session-store';
import { useLocaleStore } from '../src/i18n/locale-store';
import { ConfirmHost } from '../src/ui/confirm';

export type Handler = (request: ApiRequest) => unknown;

/** An API client answering from handlers by path, recording every request. */
export function fakeClient(handlers: Record<string, Handler>) {
  const calls: ApiRequest[] = [];
  const client: ApiClient = {
    async request<T>(request: ApiRequest): Promise<T> {
      calls.push(request);
      const handler = handlers[request.path];
      if (!handler) throw new ApiError(404, 'NOT_FOUND', `no handler for ${request.path}`);
      return (await handler(request)) as T;
    },
  };
  return { client, calls };
}

/** Renders inside the console's providers, signed in with `permissions`, in Chinese. */
export function renderConsole(ui: ReactNode, options: { client: ApiClient; permissions?: string[] }) {
  useLocaleStore.setState({ locale: 'zh' });
  useSessionStore.getState().setSession({
    user: { username: 'tester' },
    organisation: null,
    permissions: options.permissions ?? [],
  });
  return render(
    <MantineProvider env="test">
      <Notifications />
      <ApiProvider client={options.client}>
        {ui}
        <ConfirmHost />
      </ApiProvider>
    </MantineProvider>,
  );
}
