import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { NAV_LIMITS } from '@qcdesk/contracts';
import { IconPlus } from '@tabler/icons-react';
import { useI18n } from '../../../i18n/locale-store';
import { SortableList } from '../../../ui/SortableList';
import { NavItemCard } from './NavItemCard';
import { type NavItem, newButton, removeAt, replaceAt } from './nav-items';

interface NavButtonListProps<B extends NavItem> {
  buttons: B[];
  onChange: (buttons: B[]) => void;
  /** where the buttons' problems are keyed (`buttons`) */
  path: string;
  errors: Readonly<Record<string, string>>;
  disabled: boolean;
  /** SELF and SIDE buttons carry icons */
  withIcon: boolean;
  /** SIDE buttons may open menus */
  withMenus: boolean;
}

/** The buttons of a navigation (SELF, BOTTOM, SIDE): added as 按钮-N, reordered by dragging, removed after asking. */
export function NavButtonList<B extends NavItem>({
  buttons,
  onChange,
  path,
  errors,
  disabled,
  withIcon,
  withMenus,
}: NavButtonListProps<B>) {
  const { t } = useI18n();
  const full = buttons.length >= NAV_LIMITS.buttonsMax;
  return (
    <Stack gap="xs" data-testid="nav-buttons">
      <Group justify="space-between">
        <Title order={6}>
          {t('navEditor.buttons')} ({buttons.length})
        </Title>
        {!disabled &&
          (full ? (
            <Text size="xs" c="dimmed">
              {t('navEditor.buttonsFull', { max: NAV_LIMITS.buttonsMax })}
            </Text>
          ) : (
            <Button
              size="compact-sm"
              variant="light"
              leftSection={<IconPlus size={14} />}
              onClick={() => onChange([...buttons, newButton(buttons, withIcon)])}
            >
              {t('navEditor.addButton')}
            </Button>
          ))}
      </Group>
      {errors[path] && (
        <Text size="xs" c="red" role="alert">
          {errors[path]}
        </Text>
      )}
      {buttons.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('navEditor.noButtons')}
        </Text>
      ) : (
        <SortableList
          items={buttons}
          onChange={onChange}
          itemLabel={(button) => button.name}
          disabled={disabled}
          testId={`sortable-${path}`}
          renderItem={(button, row) => (
            <NavItemCard
              item={button}
              path={`${path}.${row.index}`}
              errors={errors}
              level="button"
              withIcon={withIcon}
              withMenus={withMenus}
              handle={row.handle}
              disabled={disabled}
              onChange={(next) => onChange(replaceAt(buttons, row.index, next))}
              onRemove={() => onChange(removeAt(buttons, row.index))}
            />
          )}
        />
      )}
    </Stack>
  );
}
