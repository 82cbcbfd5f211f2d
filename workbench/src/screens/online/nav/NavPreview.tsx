import { Avatar, Box, Group, Paper, ScrollArea, Stack, Text, UnstyledButton } from '@mantine/core';
import type {
  BottomOnlineConfig,
  NavKind,
  NavOnlineConfig,
  SelfOnlineConfig,
  SideOnlineConfig,
} from '@qcdesk/contracts';
import { IconChevronRight, IconHeadset, IconPhoto } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import type { Translate } from '../../../i18n/locale-store';
import { useI18n } from '../../../i18n/locale-store';
import { useIconUrl } from './NavIconField';
import { type NavItem, subMenusOf } from './nav-items';

/** The phone-width chat window of the preview (px). */
const PHONE_WIDTH = 320;
const PHONE_HEIGHT = 560;

/** A bubble of the preview: the service's (left) or the visitor's (right). */
function Bubble({ mine = false, children }: { mine?: boolean; children: ReactNode }) {
  return (
    <Group justify={mine ? 'flex-end' : 'flex-start'} align="flex-start" gap={6} wrap="nowrap">
      {!mine && (
        <Avatar size={24} radius="xl" color="blue">
          <IconHeadset size={14} />
        </Avatar>
      )}
      <Paper
        px={10}
        py={6}
        radius="md"
        maw={230}
        bg={mine ? 'var(--mantine-color-blue-6)' : 'var(--mantine-color-body)'}
        c={mine ? 'white' : undefined}
        withBorder={!mine}
      >
        <Text size="xs" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
          {children}
        </Text>
      </Paper>
    </Group>
  );
}

/** What the service answers when a visitor taps an item (a taste of its action). */
function answerOf(item: NavItem, t: Translate): { visitor: string; service: string | null } {
  const unset = t('csNav.preview.unset');
  switch (item.type) {
    case 'TEXT':
      return { visitor: item.name, service: item.params.content || unset };
    case 'SEND':
      // SEND puts its content in the visitor's mouth
      return { visitor: item.params.content || unset, service: null };
    case 'LINK':
      return { visitor: item.name, service: t('csNav.preview.link', { url: item.params.url || unset }) };
    case 'AGENT':
      return { visitor: item.name, service: t('csNav.preview.agent') };
    case 'FEED':
      return { visitor: item.name, service: t('csNav.preview.feed', { id: item.params.feedId || unset }) };
    case 'QA':
      return { visitor: item.name, service: t('csNav.preview.qa') };
    default:
      return { visitor: item.name, service: null };
  }
}

interface TapProps {
  onTap: (item: NavItem) => void;
}

/** A small icon of a button: its upload, or a placeholder while it has none. */
function ItemIcon({ path, size }: { path: string | null | undefined; size: number }) {
  const iconUrl = useIconUrl();
  return (
    <Avatar src={iconUrl(path)} size={size} radius="sm" color="gray">
      <IconPhoto size={size * 0.6} />
    </Avatar>
  );
}

/** A list of menus as the visitor sees them; a MENU opens its sub-menus in place. */
function MenuList({ menus, onTap }: { menus: readonly NavItem[] } & TapProps) {
  const [open, setOpen] = useState<number | null>(null);
  return (
    <Stack gap={0}>
      {menus.map((menu, i) => {
        const isMenu = menu.type === 'MENU';
        return (
          // the preview's rows have no identity but their place
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <Box key={i}>
            <UnstyledButton
              w="100%"
              py={5}
              px={4}
              onClick={() => (isMenu ? setOpen(open === i ? null : i) : onTap(menu))}
              style={{ borderTop: i === 0 ? undefined : '1px solid var(--mantine-color-default-border)' }}
            >
              <Group justify="space-between" wrap="nowrap">
                <Text size="xs" c="blue.7">
                  {menu.name}
                </Text>
                {isMenu && <IconChevronRight size={12} />}
              </Group>
            </UnstyledButton>
            {isMenu && open === i && (
              <Stack gap={0} pl={12} pb={4}>
                {subMenusOf(menu).map((sub, j) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: see above
                  <UnstyledButton key={j} py={3} onClick={() => onTap(sub)}>
                    <Text size="xs" c="blue.6">
                      · {sub.name}
                    </Text>
                  </UnstyledButton>
                ))}
              </Stack>
            )}
          </Box>
        );
      })}
    </Stack>
  );
}

/** SELF: the welcome card with its tabs, the chosen tab's menus. */
function SelfCard({ config, onTap }: { config: SelfOnlineConfig } & TapProps) {
  const { t } = useI18n();
  const [chosen, setChosen] = useState(0);
  const current = Math.min(chosen, Math.max(config.tabs.length - 1, 0));
  const tab = config.tabs[current];
  return (
    <Paper withBorder radius="md" p={8} ml={30} data-testid="preview-self">
      {config.tabs.length === 0 ? (
        <Text size="xs" c="dimmed">
          {t('csNav.preview.noTabs')}
        </Text>
      ) : (
        <Stack gap={6}>
          <Group gap={10} wrap="nowrap" style={{ overflowX: 'auto' }}>
            {config.tabs.map((item, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the preview's tabs have no identity but their place
              <UnstyledButton key={i} onClick={() => setChosen(i)}>
                <Text
                  size="xs"
                  fw={i === current ? 700 : 400}
                  c={i === current ? 'blue.7' : 'dimmed'}
                  style={{
                    whiteSpace: 'nowrap',
                    borderBottom: i === current ? '2px solid var(--mantine-color-blue-6)' : '2px solid transparent',
                  }}
                >
                  {item.name}
                </Text>
              </UnstyledButton>
            ))}
          </Group>
          {tab && tab.menus.length === 0 ? (
            <Text size="xs" c="dimmed">
              {t('csNav.preview.noMenus')}
            </Text>
          ) : (
            tab && <MenuList menus={tab.menus} onTap={onTap} />
          )}
        </Stack>
      )}
    </Paper>
  );
}

/** A row of buttons above the input (SELF with icons, BOTTOM without). */
function ButtonBar({ buttons, withIcons, onTap }: { buttons: readonly NavItem[]; withIcons: boolean } & TapProps) {
  if (buttons.length === 0) return null;
  return (
    <Group gap={6} px={8} py={6} wrap="nowrap" style={{ overflowX: 'auto' }} data-testid="preview-bar">
      {buttons.map((button, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the preview's buttons have no identity but their place
        <UnstyledButton key={i} onClick={() => onTap(button)}>
          <Paper withBorder radius="xl" px={8} py={2}>
            <Group gap={4} wrap="nowrap">
              {withIcons && <ItemIcon path={button.icon} size={14} />}
              <Text size="xs" style={{ whiteSpace: 'nowrap' }}>
                {button.name}
              </Text>
            </Group>
          </Paper>
        </UnstyledButton>
      ))}
    </Group>
  );
}

/** SIDE: a narrow bar of icon buttons at the chat's right; a MENU button shows its menus beside it. */
function SideBar({ config, onTap }: { config: SideOnlineConfig } & TapProps) {
  const [open, setOpen] = useState<number | null>(null);
  const menuButton = open === null ? undefined : config.buttons[open];
  if (config.buttons.length === 0) return null;
  return (
    <Box pos="relative" data-testid="preview-side" style={{ display: 'flex' }}>
      {menuButton && menuButton.type === 'MENU' && (
        // the menus open over the chat beside their button, as a visitor's side bar does
        <Paper withBorder shadow="md" radius="md" p={6} w={140} pos="absolute" top={8} right={68} style={{ zIndex: 1 }}>
          <Text size="xs" fw={600} mb={4}>
            {menuButton.name}
          </Text>
          <MenuList menus={menuButton.menus} onTap={onTap} />
        </Paper>
      )}
      <Stack
        gap={10}
        py={10}
        w={64}
        align="center"
        style={{ borderLeft: '1px solid var(--mantine-color-default-border)' }}
      >
        {config.buttons.map((button, i) => (
          <UnstyledButton
            // biome-ignore lint/suspicious/noArrayIndexKey: the preview's buttons have no identity but their place
            key={i}
            onClick={() => (button.type === 'MENU' ? setOpen(open === i ? null : i) : onTap(button))}
          >
            <Stack gap={2} align="center">
              <ItemIcon path={button.icon} size={24} />
              <Text size="10px" ta="center" lineClamp={2} maw={60}>
                {button.name}
              </Text>
            </Stack>
          </UnstyledButton>
        ))}
      </Stack>
    </Box>
  );
}

export interface NavPreviewProps {
  kind: NavKind;
  welcome: string;
  config: NavOnlineConfig;
}

/**
 * What a visitor sees of the navigation being edited (issue 18: SELF, BOTTOM and SIDE), drawn from the values as
 * typed: a phone-width chat window with the welcome, SELF's tabs and menus and its buttons, BOTTOM's bar under the
 * chat, SIDE's bar at its right. Tapping an item plays its action once, so the author can try it.
 */
export function NavPreview({ kind, welcome, config }: NavPreviewProps) {
  const { t } = useI18n();
  const [tapped, setTapped] = useState<{ visitor: string; service: string | null } | null>(null);
  const onTap = (item: NavItem) => setTapped(answerOf(item, t));
  const self = kind === 'SELF' ? (config as SelfOnlineConfig) : null;
  const bar = kind === 'BOTTOM' ? (config as BottomOnlineConfig).buttons : (self?.buttons ?? []);
  const side = kind === 'SIDE' ? (config as SideOnlineConfig) : null;
  return (
    <Stack gap={4} align="center" data-testid="nav-preview" aria-label={t('csNav.preview')}>
      <Text size="sm" fw={600}>
        {t('csNav.preview')}
      </Text>
      <Text size="xs" c="dimmed" ta="center" maw={PHONE_WIDTH}>
        {t('csNav.preview.hint')}
      </Text>
      <Paper
        withBorder
        shadow="sm"
        radius={24}
        w={PHONE_WIDTH}
        h={PHONE_HEIGHT}
        style={{ overflow: 'hidden', display: 'flex', flexDirection: 'column', borderWidth: 6 }}
      >
        <Box py={8} bg="var(--mantine-color-blue-6)">
          <Text size="sm" c="white" ta="center" fw={600}>
            {t('csNav.preview.header')}
          </Text>
        </Box>
        <Group gap={0} align="stretch" wrap="nowrap" style={{ flex: 1, minHeight: 0 }}>
          <ScrollArea style={{ flex: 1 }} bg="var(--mantine-color-gray-0)">
            <Stack gap={8} p={8}>
              <Bubble>{welcome}</Bubble>
              {self && <SelfCard config={self} onTap={onTap} />}
              {tapped && (
                <>
                  <Bubble mine>{tapped.visitor}</Bubble>
                  {tapped.service && <Bubble>{tapped.service}</Bubble>}
                </>
              )}
            </Stack>
          </ScrollArea>
          {side && <SideBar config={side} onTap={onTap} />}
        </Group>
        <Box style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
          <ButtonBar buttons={bar} withIcons={kind === 'SELF'} onTap={onTap} />
          <Group gap={6} px={8} pb={8} pt={bar.length === 0 ? 8 : 0} wrap="nowrap">
            <Paper withBorder radius="xl" px={10} py={4} style={{ flex: 1 }}>
              <Text size="xs" c="dimmed">
                {t('csNav.preview.input')}
              </Text>
            </Paper>
            <Paper radius="xl" px={10} py={4} bg="var(--mantine-color-blue-6)">
              <Text size="xs" c="white">
                {t('csNav.preview.send')}
              </Text>
            </Paper>
          </Group>
        </Box>
      </Paper>
    </Stack>
  );
}
