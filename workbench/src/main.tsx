import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/dates/styles.css';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ApiProvider } from './api/api-context';
import { createHttpClient } from './api/client';
import { App } from './app/App';
import { theme } from './app/theme';
import { useSessionStore } from './auth/session-store';
import { LocaleDatesProvider } from './ui/dates-locale';

const client = createHttpClient({ onUnauthorized: () => useSessionStore.getState().expire() });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MantineProvider theme={theme}>
      <LocaleDatesProvider>
        <Notifications position="top-center" />
        <ApiProvider client={client}>
          <App />
        </ApiProvider>
      </LocaleDatesProvider>
    </MantineProvider>
  </StrictMode>,
);
