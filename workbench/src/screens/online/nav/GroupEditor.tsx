import { ActionIcon, Badge, Button, Group, NumberInput, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { type CsGroup, type GroupOnlineConfig, NAV_LIMITS, weightToPercent } from '@qcdesk/contracts';
import { IconPlus, IconTrash, IconX } from '@tabler/icons-react';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useApi } from '../../../api/api-context';
import { EntityPicker } from '../../../entity/EntityPicker';
import { useI18n } from '../../../i18n/locale-store';
import { confirmAction } from '../../../ui/confirm';
import { SortableList } from '../../../ui/SortableList';
import type { NavEditorProps } from './editor-types';
import {
  addRouteGroups,
  type GroupRoute,
  type GroupRouteGroup,
  newRoute,
  onlineGroupPicker,
  routeTotal,
  weightOfInput,
} from './group-routes';
import { removeAt, replaceAt } from './nav-items';

interface WeightInputProps {
  weight: number;
  onChange: (weight: number) => void;
  label: string;
  error: string | undefined;
  disabled: boolean;
}

/**
 * A weight as a percent 0..100 with 2 decimals, stored as a fraction (spec §9). Only a typed value is converted back,
 * so a stored weight the screen cannot show exactly is kept as it is until the user changes it.
 */
function WeightInput({ weight, onChange, label, error, disabled }: WeightInputProps) {
  const shown = weightToPercent(weight);
  const [draft, setDraft] = useState<number | string>(shown);
  // a weight changed from outside shows; what the user is typing ('12.', '') stays while it means the same weight
  useEffect(() => setDraft((d) => (weightOfInput(d) === weight ? d : shown)), [weight, shown]);
  return (
    <NumberInput
      w={120}
      size="xs"
      aria-label={label}
      value={draft}
      min={0}
      max={NAV_LIMITS.weightPercentMax}
      decimalScale={2}
      allowNegative={false}
      clampBehavior="strict"
      suffix="%"
      disabled={disabled}
      error={error}
      onChange={(value) => {
        setDraft(value);
        const next = weightOfInput(value);
        if (next !== null && next !== weight) onChange(next);
      }}
      onBlur={() => setDraft((d) => (weightOfInput(d) === null ? shown : d))}
    />
  );
}

interface RouteCardProps {
  route: GroupRoute;
  index: number;
  handle: ReactNode;
  errors: Readonly<Record<string, string>>;
  disabled: boolean;
  onChange: (route: GroupRoute) => void;
  onRemove: () => void;
  onAddGroups: () => void;
}

/** One route: its name, its skill groups with their weights (dragged to reorder), and their total. */
function RouteCard({ route, index, handle, errors, disabled, onChange, onRemove, onAddGroups }: RouteCardProps) {
  const { t } = useI18n();
  const path = `routes.${index}`;
  const total = routeTotal(route);
  const off = route.groups.length > 0 && total !== 100;
  const groupLabel = (g: GroupRouteGroup) => g.groupName ?? g.groupId;
  const setGroups = (groups: GroupRouteGroup[]) => onChange({ ...route, groups });
  const remove = async () => {
    if (await confirmAction(t('groupEditor.removeRouteConfirm', { name: route.name }))) onRemove();
  };
  return (
    <Paper withBorder p="sm" radius="md" data-testid={`nav-route-${index}`}>
      <Stack gap="xs">
        <Group gap="xs" align="flex-start" wrap="nowrap">
          <div style={{ paddingTop: 28 }}>{handle}</div>
          <TextInput
            style={{ flex: 1 }}
            label={t('groupEditor.routeName')}
            withAsterisk
            maxLength={NAV_LIMITS.nameMax}
            value={route.name}
            disabled={disabled}
            error={errors[`${path}.name`] ?? errors[`${path}.id`]}
            onChange={(e) => onChange({ ...route, name: e.currentTarget.value })}
          />
          {route.id && (
            <Badge variant="light" color="gray" mt={30}>
              {t('groupEditor.routeId', { id: route.id })}
            </Badge>
          )}
          {!disabled && (
            <ActionIcon
              mt={28}
              variant="subtle"
              color="red"
              aria-label={t('groupEditor.removeRoute', { name: route.name })}
              onClick={() => void remove()}
            >
              <IconTrash size={16} />
            </ActionIcon>
          )}
        </Group>
        <Stack gap={6} pl={30}>
          <Group justify="space-between">
            <Text size="sm" fw={500}>
              {t('groupEditor.groups')} ({route.groups.length})
            </Text>
            {!disabled && route.groups.length < NAV_LIMITS.routeGroupsMax && (
              <Button size="compact-xs" variant="light" leftSection={<IconPlus size={12} />} onClick={onAddGroups}>
                {t('groupEditor.addGroups')}
              </Button>
            )}
          </Group>
          {errors[`${path}.groups`] && (
            <Text size="xs" c="red" role="alert">
              {errors[`${path}.groups`]}
            </Text>
          )}
          {route.groups.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('groupEditor.noGroups')}
            </Text>
          ) : (
            <SortableList
              items={route.groups}
              itemKey={(g) => g.groupId}
              itemLabel={groupLabel}
              onChange={setGroups}
              disabled={disabled}
              gap={4}
              testId={`sortable-${path}.groups`}
              renderItem={(g, row) => {
                const at = `${path}.groups.${row.index}`;
                return (
                  <Group gap="xs" wrap="nowrap" align="flex-start" data-testid={`route-group-${g.groupId}`}>
                    <div style={{ paddingTop: 4 }}>{row.handle}</div>
                    <Text size="sm" style={{ flex: 1 }} pt={5} c={errors[`${at}.groupId`] ? 'red' : undefined}>
                      {groupLabel(g)}
                      {errors[`${at}.groupId`] && (
                        <Text span size="xs" c="red" ml="xs">
                          {errors[`${at}.groupId`]}
                        </Text>
                      )}
                    </Text>
                    <WeightInput
                      weight={g.weight}
                      label={t('groupEditor.weight', { name: groupLabel(g) })}
                      disabled={disabled}
                      error={errors[`${at}.weight`]}
                      onChange={(weight) => setGroups(replaceAt(route.groups, row.index, { ...g, weight }))}
                    />
                    {!disabled && (
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        mt={2}
                        aria-label={t('groupEditor.removeGroup', { name: groupLabel(g) })}
                        onClick={() => setGroups(removeAt(route.groups, row.index))}
                      >
                        <IconX size={14} />
                      </ActionIcon>
                    )}
                  </Group>
                );
              }}
            />
          )}
          {route.groups.length > 0 && (
            <Group gap="xs" data-testid={`route-total-${index}`}>
              <Text size="sm" fw={500} c={off ? 'orange' : 'teal'}>
                {t('groupEditor.total', { total })}
              </Text>
              {off && (
                <Text size="xs" c="orange">
                  {t('groupEditor.totalHint')}
                </Text>
              )}
            </Group>
          )}
        </Stack>
      </Stack>
    </Paper>
  );
}

/**
 * GROUP (spec §3.7, §5, §9): routes to ONLINE skill groups, each group with a weight typed as 0..100 % and stored as a
 * fraction, the total of each route shown (with a hint unless it is 100 %). Groups come from the skill-group picker;
 * one already in the route is ignored. Routes and groups are reordered by dragging; deleting a route asks first.
 */
export function GroupEditor({ value, onChange, disabled, errors }: NavEditorProps<GroupOnlineConfig>) {
  const { t } = useI18n();
  const client = useApi();
  const picker = useMemo(() => onlineGroupPicker(client), [client]);
  const [picking, setPicking] = useState<GroupRoute | null>(null);
  // a confirmation or the picker answers after renders: they change the routes as they are then
  const latest = useRef(value);
  latest.current = value;
  const routes = value.routes;
  const setRoutes = (next: GroupRoute[]) => onChange({ ...latest.current, routes: next });
  const full = routes.length >= NAV_LIMITS.routesMax;

  return (
    <Stack gap="sm" data-testid="nav-group-editor">
      <Group justify="space-between">
        <Title order={6}>
          {t('groupEditor.routes')} ({routes.length})
        </Title>
        {!disabled &&
          (full ? (
            <Text size="xs" c="dimmed">
              {t('groupEditor.routesFull', { max: NAV_LIMITS.routesMax })}
            </Text>
          ) : (
            <Button
              size="compact-sm"
              variant="light"
              leftSection={<IconPlus size={14} />}
              onClick={() => setRoutes([...routes, newRoute(routes)])}
            >
              {t('groupEditor.addRoute')}
            </Button>
          ))}
      </Group>
      {errors.routes && (
        <Text size="xs" c="red" role="alert">
          {errors.routes}
        </Text>
      )}
      {routes.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('groupEditor.noRoutes')}
        </Text>
      ) : (
        <SortableList
          items={routes}
          itemLabel={(route) => route.name}
          onChange={setRoutes}
          disabled={disabled}
          testId="sortable-routes"
          renderItem={(route, row) => (
            <RouteCard
              route={route}
              index={row.index}
              handle={row.handle}
              errors={errors}
              disabled={disabled}
              onChange={(next) => setRoutes(replaceAt(routes, row.index, next))}
              onRemove={() => setRoutes(latest.current.routes.filter((r) => r !== route))}
              onAddGroups={() => setPicking(route)}
            />
          )}
        />
      )}
      <EntityPicker<CsGroup>
        description={picker}
        opened={picking !== null}
        onClose={() => setPicking(null)}
        takenIds={picking?.groups.map((g) => g.groupId) ?? []}
        onPick={(rows) => {
          const target = picking;
          setPicking(null);
          if (!target) return;
          const picked = rows.map((g) => ({ groupId: g.id, groupName: g.name }));
          setRoutes(latest.current.routes.map((r) => (r === target ? addRouteGroups(r, picked) : r)));
        }}
      />
    </Stack>
  );
}
