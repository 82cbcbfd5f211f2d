import { Anchor, Button, Group, Paper, Stack, Switch, Table, Text, Textarea, TextInput, Title } from '@mantine/core';
import { type CsGroup, type CsLine, LINE_LIMITS, NavKind } from '@qcdesk/contracts';
import { useMemo, useRef, useState } from 'react';
import { useApi } from '../../../api/api-context';
import type { ApiClient } from '../../../api/client';
import { useCan } from '../../../auth/session-store';
import { scoreConfigOptions } from '../../../entities/score-config';
import { spaceOptions } from '../../../entities/space';
import { summaryOptions } from '../../../entities/summary-config';
import { CreatableSelect } from '../../../entity/CreatableSelect';
import { EntityPicker } from '../../../entity/EntityPicker';
import { useI18n } from '../../../i18n/locale-store';
import type { RouteLocation } from '../../../router/location';
import { LineScreenFrame } from './LineModalLayout';
import { appOptions, chatbotOptions, groupName, hotlineGroupPicker, lineNavOptions } from './line-options';
import {
  addGroups,
  hotlineGroupsBody,
  type LineGroupValue,
  type LineNavValues,
  navsBody,
  navValuesOf,
} from './line-save';
import { HotlineGroupDrawer, useLineShortcuts, useMayCreateGroup } from './line-shortcuts';
import { type KnownNames, NavChoiceField, NavSelect } from './NavSelect';
import { navShortcut } from './nav-shortcut';
import { scoreShortcut } from './score-shortcut';
import { summaryShortcut } from './summary-shortcut';
import { useLineScreen } from './use-line-screen';

interface Values {
  name: string;
  code: string;
  intro: string;
  appId: string | null;
  customerChatbotId: string | null;
  agentChatbotId: string | null;
  ticketSpaceId: string | null;
  replySpaceId: string | null;
  scoreConfigId: string | null;
  summaryConfigId: string | null;
  login: boolean;
  navs: LineNavValues;
  hotlineGroups: LineGroupValue[];
}

function valuesOf(line: CsLine): Values {
  return {
    name: line.name,
    code: line.code ?? '',
    intro: line.intro ?? '',
    appId: line.appId ?? null,
    customerChatbotId: line.customerChatbotId ?? null,
    agentChatbotId: line.agentChatbotId ?? null,
    ticketSpaceId: line.ticketSpaceId ?? null,
    replySpaceId: line.replySpaceId ?? null,
    scoreConfigId: line.scoreConfigId ?? null,
    summaryConfigId: line.summaryConfigId ?? null,
    login: line.basicConfig?.login ?? false,
    navs: navValuesOf(line.navs ?? []),
    hotlineGroups: (line.hotlineGroups ?? []).map((g) => ({ groupId: g.groupId, groupName: g.groupName })),
  };
}

/** The inputs of the basic-info section, by the body's field name (a problem the check or server names goes there). */
const SHOWN = new Set([
  'name',
  'code',
  'intro',
  'appId',
  'customerChatbotId',
  'agentChatbotId',
  'ticketSpaceId',
  'replySpaceId',
  'scoreConfigId',
  'summaryConfigId',
]);

const ticketSpaces = (client: ApiClient) => spaceOptions(client, 'TICKET');
const quickSpaces = (client: ApiClient) => spaceOptions(client, 'CS_QUICK');

/** The names of what the line's navigation rows bind, from the record. */
function knownNames(line: CsLine | null): KnownNames {
  const names = new Map<string, string>();
  for (const nav of line?.navs ?? []) {
    if (nav.navName) names.set(nav.navId, nav.navName);
    if (nav.timeId && nav.timeName) names.set(nav.timeId, nav.timeName);
  }
  return names;
}

/**
 * /online/csLine/config?id=&_modal=full (online-service-config §2.1): basic info (name, code, app, the two chatbots,
 * ticket and quick-reply spaces, the satisfaction config and the service summary (each with its create shortcut),
 * must-login, intro), the online navigations (bottom, side, and the skill-group and self-service kinds either in one
 * or time-divided) and the hotline section (IVR navigation, hotline skill groups). The save sends id, name, version
 * and this screen's fields; the other blocks stay as stored.
 */
export function LineConfig({ location }: { location: RouteLocation }) {
  const { t, label } = useI18n();
  const client = useApi();
  const screen = useLineScreen(location, valuesOf, (field) => SHOWN.has(field));
  const { line, values, set, editable, errors } = screen;
  const shortcuts = useLineShortcuts();
  const scoreCreate = scoreShortcut(t, useCan());
  const summaryCreate = summaryShortcut(t, useCan());
  // each navigation select creates one of its kind in an 80 % drawer
  const navCan = useCan();
  const navCreate = (kind: NavKind) => navShortcut(kind, t, (k) => label(NavKind, k), navCan);
  const mayCreateGroup = useMayCreateGroup();
  const names = useMemo(() => knownNames(line), [line]);
  const [picking, setPicking] = useState(false);
  const [creatingGroup, setCreatingGroup] = useState(false);
  const sections = {
    basic: useRef<HTMLDivElement>(null),
    online: useRef<HTMLDivElement>(null),
    hotline: useRef<HTMLDivElement>(null),
  };
  const picker = useMemo(() => hotlineGroupPicker(client), [client]);

  const save = () => {
    if (!values) return;
    void screen.save(
      {
        code: values.code.trim() || null,
        intro: values.intro.trim() || null,
        appId: values.appId,
        customerChatbotId: values.customerChatbotId,
        agentChatbotId: values.agentChatbotId,
        ticketSpaceId: values.ticketSpaceId,
        replySpaceId: values.replySpaceId,
        scoreConfigId: values.scoreConfigId,
        summaryConfigId: values.summaryConfigId,
        basicConfig: { login: values.login },
        navs: navsBody(values.navs),
        hotlineGroups: hotlineGroupsBody(values.hotlineGroups),
      },
      values.name,
    );
  };

  const disabled = !editable;
  const setNavs = (patch: Partial<LineNavValues>) => values && set({ navs: { ...values.navs, ...patch } });
  // a group already in the table is ignored (spec §2.1); read the latest values, a created group arrives later
  const addHotline = (picked: LineGroupValue[]) =>
    screen.setValues((v) => (v ? { ...v, hotlineGroups: addGroups(v.hotlineGroups, picked) } : v));

  return (
    <LineScreenFrame location={location} screen={screen} onSave={values && save}>
      {values && line && (
        <Stack>
          <Group gap="md" role="navigation" aria-label={t('csLine.screen.config')}>
            {(['basic', 'online', 'hotline'] as const).map((key) => (
              <Anchor
                key={key}
                component="button"
                type="button"
                size="sm"
                onClick={() => sections[key].current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' })}
              >
                {t(`csLine.section.${key}`)}
              </Anchor>
            ))}
          </Group>

          <Paper withBorder p="md" ref={sections.basic}>
            <Stack gap="sm">
              <Title order={5}>{t('csLine.section.basic')}</Title>
              <TextInput
                label={t('common.name')}
                withAsterisk
                value={values.name}
                maxLength={LINE_LIMITS.nameMax}
                error={errors.name}
                disabled={disabled}
                onChange={(e) => set({ name: e.currentTarget.value }, 'name')}
              />
              <TextInput
                label={t('csLine.code')}
                value={values.code}
                maxLength={LINE_LIMITS.codeMax}
                error={errors.code}
                disabled={disabled}
                onChange={(e) => set({ code: e.currentTarget.value }, 'code')}
              />
              <CreatableSelect
                label={t('csLine.app')}
                value={values.appId}
                onChange={(appId) => set({ appId }, 'appId')}
                load={appOptions}
                own={{ id: line.appId, name: line.appName }}
                error={errors.appId}
                disabled={disabled}
                onLoadError={screen.setBanner}
              />
              <CreatableSelect
                label={t('csLine.customerChatbot')}
                value={values.customerChatbotId}
                onChange={(customerChatbotId) => set({ customerChatbotId }, 'customerChatbotId')}
                load={chatbotOptions}
                own={{ id: line.customerChatbotId, name: line.customerChatbotNick }}
                create={shortcuts.chatbot}
                error={errors.customerChatbotId}
                disabled={disabled}
                onLoadError={screen.setBanner}
              />
              <CreatableSelect
                label={t('csLine.agentChatbot')}
                value={values.agentChatbotId}
                onChange={(agentChatbotId) => set({ agentChatbotId }, 'agentChatbotId')}
                load={chatbotOptions}
                own={{ id: line.agentChatbotId, name: line.agentChatbotNick }}
                create={shortcuts.chatbot}
                error={errors.agentChatbotId}
                disabled={disabled}
                onLoadError={screen.setBanner}
              />
              <CreatableSelect
                label={t('csLine.ticketSpace')}
                value={values.ticketSpaceId}
                onChange={(ticketSpaceId) => set({ ticketSpaceId }, 'ticketSpaceId')}
                load={ticketSpaces}
                own={{ id: line.ticketSpaceId, name: line.ticketSpaceName }}
                create={shortcuts.space('TICKET')}
                error={errors.ticketSpaceId}
                disabled={disabled}
                onLoadError={screen.setBanner}
              />
              <CreatableSelect
                label={t('csLine.replySpace')}
                value={values.replySpaceId}
                onChange={(replySpaceId) => set({ replySpaceId }, 'replySpaceId')}
                load={quickSpaces}
                own={{ id: line.replySpaceId, name: line.replySpaceName }}
                create={shortcuts.space('CS_QUICK')}
                error={errors.replySpaceId}
                disabled={disabled}
                onLoadError={screen.setBanner}
              />
              <CreatableSelect
                label={t('csLine.scoreConfig')}
                value={values.scoreConfigId}
                onChange={(scoreConfigId) => set({ scoreConfigId }, 'scoreConfigId')}
                load={scoreConfigOptions}
                own={{ id: line.scoreConfigId, name: line.scoreConfigName }}
                create={scoreCreate}
                error={errors.scoreConfigId}
                disabled={disabled}
                onLoadError={screen.setBanner}
              />
              <CreatableSelect
                label={t('csLine.summaryConfig')}
                value={values.summaryConfigId}
                onChange={(summaryConfigId) => set({ summaryConfigId }, 'summaryConfigId')}
                load={summaryOptions}
                own={{ id: line.summaryConfigId, name: line.summaryConfigName }}
                create={summaryCreate}
                error={errors.summaryConfigId}
                disabled={disabled}
                onLoadError={screen.setBanner}
              />
              <Switch
                label={t('csLine.login')}
                checked={values.login}
                disabled={disabled}
                onChange={(e) => set({ login: e.currentTarget.checked })}
              />
              <Textarea
                label={t('csLine.intro')}
                value={values.intro}
                maxLength={LINE_LIMITS.textMax}
                error={errors.intro}
                disabled={disabled}
                onChange={(e) => set({ intro: e.currentTarget.value }, 'intro')}
              />
            </Stack>
          </Paper>

          <Paper withBorder p="md" ref={sections.online}>
            <Stack gap="sm">
              <Title order={5}>{t('csLine.section.online')}</Title>
              <NavSelect
                label={label(NavKind, 'BOTTOM')}
                kind="BOTTOM"
                value={values.navs.BOTTOM}
                onChange={(BOTTOM) => setNavs({ BOTTOM })}
                loader={lineNavOptions}
                names={names}
                create={navCreate('BOTTOM')}
                disabled={disabled}
              />
              <NavSelect
                label={label(NavKind, 'SIDE')}
                kind="SIDE"
                value={values.navs.SIDE}
                onChange={(SIDE) => setNavs({ SIDE })}
                loader={lineNavOptions}
                names={names}
                create={navCreate('SIDE')}
                disabled={disabled}
              />
              {(['GROUP', 'SELF'] as const).map((kind) => (
                <NavChoiceField
                  key={kind}
                  label={label(NavKind, kind)}
                  kind={kind}
                  value={values.navs[kind]}
                  onChange={(choice) => setNavs({ [kind]: choice })}
                  loader={lineNavOptions}
                  names={names}
                  timeShortcut={shortcuts.time}
                  navShortcut={navCreate(kind)}
                  disabled={disabled}
                />
              ))}
            </Stack>
          </Paper>

          <Paper withBorder p="md" ref={sections.hotline}>
            <Stack gap="sm">
              <Title order={5}>{t('csLine.section.hotline')}</Title>
              <NavSelect
                label={label(NavKind, 'IVR')}
                kind="IVR"
                value={values.navs.IVR}
                onChange={(IVR) => setNavs({ IVR })}
                loader={lineNavOptions}
                names={names}
                create={navCreate('IVR')}
                disabled={disabled}
              />
              <Group justify="space-between">
                <Text fw={500} size="sm">
                  {t('csLine.hotlineGroups')}
                </Text>
                {!disabled && (
                  <Group gap="xs">
                    <Button size="xs" variant="light" onClick={() => setPicking(true)}>
                      {t('csLine.addGroup')}
                    </Button>
                    {mayCreateGroup && (
                      <Button size="xs" variant="default" onClick={() => setCreatingGroup(true)}>
                        {t('csLine.createGroup')}
                      </Button>
                    )}
                  </Group>
                )}
              </Group>
              <Table withTableBorder data-testid="hotline-groups">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('common.name')}</Table.Th>
                    {!disabled && <Table.Th w={100}>{t('common.operation')}</Table.Th>}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {values.hotlineGroups.map((group) => (
                    <Table.Tr key={group.groupId}>
                      <Table.Td>{group.groupName ?? group.groupId}</Table.Td>
                      {!disabled && (
                        <Table.Td>
                          <Button
                            size="compact-xs"
                            variant="subtle"
                            color="red"
                            aria-label={`${t('csLine.removeGroup')} ${group.groupName ?? group.groupId}`}
                            onClick={() =>
                              set({ hotlineGroups: values.hotlineGroups.filter((g) => g.groupId !== group.groupId) })
                            }
                          >
                            {t('csLine.removeGroup')}
                          </Button>
                        </Table.Td>
                      )}
                    </Table.Tr>
                  ))}
                  {values.hotlineGroups.length === 0 && (
                    <Table.Tr>
                      <Table.Td colSpan={2}>
                        <Text size="sm" c="dimmed" ta="center">
                          {t('common.noData')}
                        </Text>
                      </Table.Td>
                    </Table.Tr>
                  )}
                </Table.Tbody>
              </Table>
            </Stack>
          </Paper>
        </Stack>
      )}
      <EntityPicker<CsGroup>
        description={picker}
        opened={picking}
        onClose={() => setPicking(false)}
        takenIds={values?.hotlineGroups.map((g) => g.groupId) ?? []}
        onPick={(rows) => {
          addHotline(rows.map((g) => ({ groupId: g.id, groupName: g.name })));
          setPicking(false);
        }}
      />
      <HotlineGroupDrawer
        opened={creatingGroup}
        onClose={() => setCreatingGroup(false)}
        onSaved={async (id) => {
          setCreatingGroup(false);
          const name = await groupName(client, String(id)).catch(() => null);
          addHotline([{ groupId: String(id), groupName: name }]);
        }}
      />
    </LineScreenFrame>
  );
}
