import { ActionIcon, Badge, Button, Group, Paper, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { NAV_LIMITS, type NavSubMenu } from '@qcdesk/contracts';
import { IconChevronDown, IconChevronRight, IconPlus, IconTrash } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import type { MessageKey } from '../../../i18n/dictionary';
import { useI18n } from '../../../i18n/locale-store';
import { confirmAction } from '../../../ui/confirm';
import { SortableList } from '../../../ui/SortableList';
import { ActionSelect, ParamsFields } from './ActionFields';
import { NavIconField } from './NavIconField';
import {
  ACTIONS_WITH_MENU,
  ACTIONS_WITHOUT_MENU,
  hasErrorUnder,
  type NavItem,
  newMenu,
  removeAt,
  replaceAt,
  subMenusOf,
  withAction,
} from './nav-items';

/** What a card is: a SELF tab's menu, a sub-menu, or a button of a bar. */
export type NavItemLevel = 'menu' | 'subMenu' | 'button';

const WORDS: Record<NavItemLevel, { name: MessageKey; remove: MessageKey; confirm: MessageKey }> = {
  menu: { name: 'navEditor.menuName', remove: 'navEditor.removeMenu', confirm: 'navEditor.removeMenuConfirm' },
  subMenu: {
    name: 'navEditor.subMenuName',
    remove: 'navEditor.removeSubMenu',
    confirm: 'navEditor.removeSubMenuConfirm',
  },
  button: { name: 'navEditor.buttonName', remove: 'navEditor.removeButton', confirm: 'navEditor.removeButtonConfirm' },
};

export interface NavItemCardProps<T extends NavItem> {
  item: T;
  /** where its problems are keyed (`tabs.0.menus.1`) */
  path: string;
  errors: Readonly<Record<string, string>>;
  onChange: (next: T) => void;
  /** called once the user has confirmed the removal */
  onRemove: () => void;
  /** the drag handle of its row (SortableList) */
  handle: ReactNode;
  level: NavItemLevel;
  /** SELF and SIDE buttons carry an icon */
  withIcon?: boolean;
  /** a SELF tab's menu and a SIDE button may open sub-menus (action MENU, one level) */
  withMenus?: boolean;
  disabled: boolean;
}

/**
 * One menu or button: its name, its action with that action's inputs, its icon where the kind has one, and, for an
 * item of action MENU, its sub-menus (reordered by dragging, each removed after a confirmation). Choosing MENU opens
 * the item and adds a first sub-menu when there is none (spec §4).
 */
export function NavItemCard<T extends NavItem>({
  item,
  path,
  errors,
  onChange,
  onRemove,
  handle,
  level,
  withIcon = false,
  withMenus = false,
  disabled,
}: NavItemCardProps<T>) {
  const { t } = useI18n();
  const words = WORDS[level];
  const isMenu = withMenus && item.type === 'MENU';
  const [open, setOpen] = useState(isMenu);
  const menus = subMenusOf(item);
  const at = (key: string) => errors[`${path}.${key}`];
  const paramErrors = {
    content: at('params.content'),
    url: at('params.url'),
    feedId: at('params.feedId'),
    spaceId: at('params.spaceId'),
    topicId: at('params.topicId'),
    count: at('params.count'),
  };
  const remove = async () => {
    if (await confirmAction(t(words.confirm, { name: item.name }))) onRemove();
  };
  const setMenus = (next: NavSubMenu[]) => onChange({ ...item, menus: next });
  const subMenuProblem = !open && hasErrorUnder(errors, `${path}.menus`);

  return (
    <Paper
      withBorder
      p="xs"
      radius="md"
      bg={level === 'subMenu' ? 'var(--mantine-color-gray-0)' : undefined}
      data-testid={`nav-item-${path}`}
    >
      <Stack gap={6}>
        <Group gap="xs" align="flex-start" wrap="nowrap">
          <div style={{ paddingTop: 28 }}>{handle}</div>
          <TextInput
            style={{ flex: 1 }}
            label={t(words.name)}
            withAsterisk
            maxLength={NAV_LIMITS.nameMax}
            value={item.name}
            disabled={disabled}
            error={at('name')}
            onChange={(e) => onChange({ ...item, name: e.currentTarget.value })}
          />
          <ActionSelect
            value={item.type}
            actions={withMenus ? ACTIONS_WITH_MENU : ACTIONS_WITHOUT_MENU}
            itemName={item.name}
            disabled={disabled}
            error={at('type')}
            onChange={(type) => {
              if (type === 'MENU') setOpen(true);
              onChange(withAction(item, type));
            }}
          />
          <Group gap={2} pt={26} wrap="nowrap">
            {isMenu && (
              <Tooltip label={t(open ? 'navEditor.closeSubMenus' : 'navEditor.openSubMenus', { name: item.name })}>
                <ActionIcon
                  variant="subtle"
                  color={subMenuProblem ? 'red' : 'gray'}
                  aria-label={t(open ? 'navEditor.closeSubMenus' : 'navEditor.openSubMenus', { name: item.name })}
                  aria-expanded={open}
                  onClick={() => setOpen((o) => !o)}
                >
                  {open ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
                </ActionIcon>
              </Tooltip>
            )}
            {!disabled && (
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t(words.remove, { name: item.name })}
                onClick={() => void remove()}
              >
                <IconTrash size={16} />
              </ActionIcon>
            )}
          </Group>
        </Group>
        <div style={{ paddingLeft: 30 }}>
          <Stack gap={6}>
            <ParamsFields
              type={item.type}
              params={item.params}
              disabled={disabled}
              errors={paramErrors}
              onChange={(params) => onChange({ ...item, params })}
            />
            {withIcon && (
              <NavIconField
                value={item.icon}
                itemName={item.name}
                disabled={disabled}
                error={at('icon')}
                onChange={(icon) => onChange({ ...item, icon })}
              />
            )}
            {isMenu && !open && (
              <Group gap={4}>
                <Badge variant="light" color={subMenuProblem ? 'red' : 'gray'}>
                  {t('navEditor.subMenus')} · {menus.length}
                </Badge>
              </Group>
            )}
            {isMenu && open && (
              <SubMenus menus={menus} path={`${path}.menus`} errors={errors} disabled={disabled} onChange={setMenus} />
            )}
          </Stack>
        </div>
      </Stack>
    </Paper>
  );
}

interface SubMenusProps {
  menus: NavSubMenu[];
  path: string;
  errors: Readonly<Record<string, string>>;
  disabled: boolean;
  onChange: (menus: NavSubMenu[]) => void;
}

/** The sub-menus of a MENU item: one level, no MENU among them. */
function SubMenus({ menus, path, errors, disabled, onChange }: SubMenusProps) {
  const { t } = useI18n();
  return (
    <Stack gap="xs" pt={4}>
      <Text size="sm" fw={500}>
        {t('navEditor.subMenus')}
      </Text>
      {errors[path] && (
        <Text size="xs" c="red" role="alert">
          {errors[path]}
        </Text>
      )}
      <SortableList
        items={menus}
        onChange={onChange}
        itemLabel={(menu) => menu.name}
        disabled={disabled}
        testId={`sortable-${path}`}
        renderItem={(menu, row) => (
          <NavItemCard
            item={menu}
            path={`${path}.${row.index}`}
            errors={errors}
            level="subMenu"
            handle={row.handle}
            disabled={disabled}
            onChange={(next) => onChange(replaceAt(menus, row.index, next))}
            onRemove={() => onChange(removeAt(menus, row.index))}
          />
        )}
      />
      {!disabled && menus.length < NAV_LIMITS.subMenusMax && (
        <Group>
          <Button
            size="compact-sm"
            variant="light"
            leftSection={<IconPlus size={14} />}
            onClick={() => onChange([...menus, newMenu(menus)])}
          >
            {t('navEditor.addSubMenu')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
