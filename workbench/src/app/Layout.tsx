import { AppShell, Button, Group, NavLink, ScrollArea, Text, Title } from '@mantine/core';
import { IconChecklist, IconEye, IconHeadset, IconMessageOff, IconSettings, IconTicket } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useApi } from '../api/api-context';
import { useCan, useSessionStore } from '../auth/session-store';
import { useI18n, useLocaleStore } from '../i18n/locale-store';
import { formatHash } from '../router/location';
import type { AreaKey } from '../router/route-types';
import { forgetPlaces, lastPlaceOf, navigate, navigateTo, useLocation } from '../router/router-store';
import { NAV } from './route-table';

const ICONS: Record<AreaKey, ReactNode> = {
  qc: <IconChecklist size={18} />,
  online: <IconHeadset size={18} />,
  ticket: <IconTicket size={18} />,
  censor: <IconMessageOff size={18} />,
  monitor: <IconEye size={18} />,
  system: <IconSettings size={18} />,
};

/** Header (name, language switch, user, sign out) and the side navigation by area, filtered by permission. */
export function Layout({ children }: { children: ReactNode }) {
  const client = useApi();
  const { t, locale } = useI18n();
  const setLocale = useLocaleStore((s) => s.setLocale);
  const user = useSessionStore((s) => s.user);
  const signOut = useSessionStore((s) => s.signOut);
  const can = useCan();
  const location = useLocation();
  const here = formatHash({ path: location.path, query: location.path === '/coming' ? location.query : {} });

  return (
    <AppShell header={{ height: 52 }} navbar={{ width: 220, breakpoint: 'sm' }} padding="md">
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between">
          <Title order={4}>{t('app.name')}</Title>
          <Group gap="sm">
            <Button variant="subtle" size="xs" onClick={() => setLocale(locale === 'zh' ? 'en' : 'zh')}>
              {t('app.language')}
            </Button>
            <Text size="sm">{user?.nick ?? user?.name ?? user?.username ?? ''}</Text>
            <Button
              variant="default"
              size="xs"
              // the next user to sign in starts on his own home, not on the screen left open
              onClick={() =>
                void signOut(client).finally(() => {
                  forgetPlaces();
                  navigate('/', {}, { replace: true });
                })
              }
            >
              {t('app.signOut')}
            </Button>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar>
        <ScrollArea>
          {NAV.map((area) => {
            const entries = area.entries.filter((e) => can(e.permission));
            if (entries.length === 0) return null;
            return (
              <NavLink
                key={area.key}
                label={t(area.label)}
                leftSection={ICONS[area.key]}
                defaultOpened={area.key === 'qc'}
                childrenOffset={28}
              >
                {entries.map((entry) => (
                  <NavLink
                    key={formatHash(entry.to)}
                    label={t(entry.label)}
                    active={formatHash(entry.to) === here}
                    onClick={() => navigateTo(lastPlaceOf(entry.to))}
                  />
                ))}
              </NavLink>
            );
          })}
        </ScrollArea>
      </AppShell.Navbar>
      <AppShell.Main>{children}</AppShell.Main>
    </AppShell>
  );
}
