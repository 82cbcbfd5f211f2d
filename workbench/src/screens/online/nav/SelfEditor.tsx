import { Button, Divider, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { NAV_LIMITS, type NavMenu, type NavTab, type SelfOnlineConfig } from '@qcdesk/contracts';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useI18n } from '../../../i18n/locale-store';
import { confirmAction } from '../../../ui/confirm';
import { SortableList } from '../../../ui/SortableList';
import type { NavEditorProps } from './editor-types';
import { NavButtonList } from './NavButtonList';
import { NavItemCard } from './NavItemCard';
import { hasErrorUnder, newMenu, newTab, removeAt, replaceAt } from './nav-items';

interface TabPanelProps {
  tab: NavTab;
  index: number;
  errors: Readonly<Record<string, string>>;
  disabled: boolean;
  onChange: (tab: NavTab) => void;
  onRemove: () => void;
}

/** The chosen tab: its name, its menus (dragged to reorder, removed after asking) and the add of 菜单-N. */
function TabPanel({ tab, index, errors, disabled, onChange, onRemove }: TabPanelProps) {
  const { t } = useI18n();
  const path = `tabs.${index}`;
  const menus = tab.menus;
  const setMenus = (next: NavMenu[]) => onChange({ ...tab, menus: next });
  const remove = async () => {
    if (await confirmAction(t('navEditor.removeTabConfirm', { name: tab.name }))) onRemove();
  };
  return (
    <Paper withBorder p="sm" radius="md" data-testid="nav-tab-panel">
      <Stack gap="sm">
        <Group align="flex-end" wrap="nowrap">
          <TextInput
            style={{ flex: 1 }}
            label={t('navEditor.tabName')}
            withAsterisk
            maxLength={NAV_LIMITS.nameMax}
            value={tab.name}
            disabled={disabled}
            error={errors[`${path}.name`]}
            onChange={(e) => onChange({ ...tab, name: e.currentTarget.value })}
          />
          {!disabled && (
            <Button
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={14} />}
              aria-label={t('navEditor.removeTab', { name: tab.name })}
              onClick={() => void remove()}
            >
              {t('common.delete')}
            </Button>
          )}
        </Group>
        <Divider
          label={
            <Text size="sm" fw={500}>
              {t('navEditor.menus')} ({menus.length})
            </Text>
          }
          labelPosition="left"
        />
        {errors[`${path}.menus`] && (
          <Text size="xs" c="red" role="alert">
            {errors[`${path}.menus`]}
          </Text>
        )}
        {menus.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('navEditor.noMenus')}
          </Text>
        ) : (
          <SortableList
            items={menus}
            onChange={setMenus}
            itemLabel={(menu) => menu.name}
            disabled={disabled}
            testId={`sortable-${path}.menus`}
            renderItem={(menu, row) => (
              <NavItemCard
                item={menu}
                path={`${path}.menus.${row.index}`}
                errors={errors}
                level="menu"
                withMenus
                handle={row.handle}
                disabled={disabled}
                onChange={(next) => setMenus(replaceAt(menus, row.index, next))}
                onRemove={() => setMenus(removeAt(menus, row.index))}
              />
            )}
          />
        )}
        {!disabled && menus.length < NAV_LIMITS.menusMax && (
          <Group>
            <Button
              size="compact-sm"
              variant="light"
              leftSection={<IconPlus size={14} />}
              onClick={() => setMenus([...menus, { ...newMenu(menus), menus: [] }])}
            >
              {t('navEditor.addMenu')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * SELF (spec §3.7, §4, §5): up to 5 tabs (the add disappears at 5; new ones are 标签-N), each with its menus (菜单-N;
 * MENU opens one level of sub-menus and starts it with a first one), and the buttons with icons. Tabs, menus,
 * sub-menus and buttons are reordered by dragging (or from the keyboard), and each removal asks first.
 */
export function SelfEditor({ value, onChange, disabled, errors }: NavEditorProps<SelfOnlineConfig>) {
  const { t } = useI18n();
  const tabs = value.tabs;
  const [chosen, setChosen] = useState(0);
  const current = Math.min(chosen, Math.max(tabs.length - 1, 0));
  const tab = tabs[current];
  const full = tabs.length >= NAV_LIMITS.tabsMax;
  const setTabs = (next: NavTab[]) => onChange({ ...value, tabs: next });

  return (
    <Stack gap="md">
      <Stack gap="xs" data-testid="nav-tabs">
        <Group justify="space-between">
          <Title order={6}>
            {t('navEditor.tabs')} ({tabs.length}/{NAV_LIMITS.tabsMax})
          </Title>
          {!disabled &&
            (full ? (
              <Text size="xs" c="dimmed">
                {t('navEditor.tabsFull', { max: NAV_LIMITS.tabsMax })}
              </Text>
            ) : (
              // hidden at 5 tabs (spec §5)
              <Button
                size="compact-sm"
                variant="light"
                leftSection={<IconPlus size={14} />}
                onClick={() => {
                  setTabs([...tabs, newTab(tabs)]);
                  setChosen(tabs.length);
                }}
              >
                {t('navEditor.addTab')}
              </Button>
            ))}
        </Group>
        {errors.tabs && (
          <Text size="xs" c="red" role="alert">
            {errors.tabs}
          </Text>
        )}
        <SortableList
          items={tabs}
          direction="horizontal"
          itemLabel={(item) => item.name}
          disabled={disabled}
          testId="sortable-tabs"
          onChange={(next) => {
            // the chosen tab stays chosen where it moved to
            const moved = tab ? next.indexOf(tab) : -1;
            setTabs(next);
            if (moved >= 0) setChosen(moved);
          }}
          renderItem={(item, row) => {
            const selected = row.index === current;
            const problem = hasErrorUnder(errors, `tabs.${row.index}`);
            return (
              <Group
                gap={2}
                wrap="nowrap"
                px={4}
                style={{
                  border: `1px solid var(--mantine-color-${problem ? 'red-6' : selected ? 'blue-6' : 'default-border'})`,
                  borderRadius: 'var(--mantine-radius-md)',
                  background: selected ? 'var(--mantine-color-blue-light)' : undefined,
                }}
              >
                {row.handle}
                <Button
                  variant="transparent"
                  size="compact-sm"
                  color={problem ? 'red' : selected ? 'blue' : 'dark'}
                  aria-pressed={selected}
                  onClick={() => setChosen(row.index)}
                >
                  {item.name || '—'}
                </Button>
              </Group>
            );
          }}
        />
      </Stack>
      {tab && (
        <TabPanel
          // a new panel for another tab: its sub-menu folds start afresh
          key={current}
          tab={tab}
          index={current}
          errors={errors}
          disabled={disabled}
          onChange={(next) => setTabs(replaceAt(tabs, current, next))}
          onRemove={() => {
            setTabs(removeAt(tabs, current));
            setChosen(Math.max(current - 1, 0));
          }}
        />
      )}
      <NavButtonList
        buttons={value.buttons}
        onChange={(buttons) => onChange({ ...value, buttons })}
        path="buttons"
        errors={errors}
        disabled={disabled}
        withIcon
        withMenus={false}
      />
    </Stack>
  );
}
