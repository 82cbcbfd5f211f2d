import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { ApiProvider } from '../src/api/api-context';
import { API_CALL_SCHEMAS } from '../src/api/calls';
import { type ApiClient, ApiError, type ApiRequest } from '../src/api/client';
import { useSessionStore } from '../src/auth/session-store';
import { useLocaleStore } from '../src/i18n/locale-store';
import { ConfirmHost } from '../src/ui/confirm';

export type Handler = (request: ApiRequest) => unknown;

/**
 * An API client answering from handlers by path, recording every request. An answer to a call the contracts
 * describe (API_CALL_SCHEMAS) must fit that call's response schema, so a screen tested against a fake cannot read
 * what the server never answers: a misfit fails the test with the path and the schema's complaint.
 */
export function fakeClient(handlers: Record<string, Handler>) {
  const calls: ApiRequest[] = [];
  const client: ApiClient = {
    async request<T>(request: ApiRequest): Promise<T> {
      calls.push(request);
      const handler = handlers[request.path];
      if (!handler) throw new ApiError(404, 'NOT_FOUND', `no handler for ${request.path}`);
      const answer = await handler(request);
      const schema = API_CALL_SCHEMAS[request.path]?.response;
      const checked = schema?.safeParse(answer);
      if (checked && !checked.success)
        throw new Error(`fake answer of ${request.path} does not fit its contract: ${checked.error.message}`);
      return answer as T;
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
