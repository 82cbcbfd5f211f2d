import { ActionIcon, Badge, Button, Collapse, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  addIvrNode,
  IVR_MESSAGES,
  IVR_ROOT_KEYS,
  IVR_ROOT_NAMES,
  type IvrEdit,
  type IvrHotlineConfig,
  type IvrNode,
  type IvrPath,
  type IvrRootKey,
  moveIvrNode,
  NAV_LIMITS,
  removeIvrNode,
  updateIvrNode,
} from '@qcdesk/contracts';
import { IconChevronDown, IconChevronRight, IconLock, IconPlus, IconTrash } from '@tabler/icons-react';
import { type ReactNode, useRef, useState } from 'react';
import { useI18n } from '../../../i18n/locale-store';
import { confirmAction } from '../../../ui/confirm';
import { notifyWarning } from '../../../ui/notify';
import { SortableList } from '../../../ui/SortableList';
import type { NavEditorProps } from './editor-types';
import { countBelow, ivrErrorPath, movedIndex, pathOfNode } from './ivr-edits';

/** What the rows ask of the tree; each goes through the contracts' tree helpers on the tree as it is then. */
interface TreeActions {
  /** adds a child (节点-N) under `parent`; true when it was added */
  add: (parent: IvrPath) => boolean;
  update: (path: IvrPath, patch: Partial<Pick<IvrNode, 'name' | 'code' | 'dn'>>) => void;
  /** the children of `parent` in the order a drag handed back */
  move: (parent: IvrPath, before: readonly IvrNode[], after: readonly IvrNode[]) => void;
  /** asks, then deletes the node and everything under it */
  remove: (node: IvrNode) => Promise<void>;
  /** a fixed root: refused with the contracts' message */
  removeRoot: (key: IvrRootKey) => void;
}

interface TreeProps {
  actions: TreeActions;
  errors: Readonly<Record<string, string>>;
  disabled: boolean;
}

/** A level of the tree: its nodes in order, reordered by dragging (siblings only). */
function NodeList({ nodes, parent, ...tree }: TreeProps & { nodes: IvrNode[]; parent: IvrPath }) {
  return (
    <SortableList
      items={nodes}
      onChange={(next) => tree.actions.move(parent, nodes, next)}
      itemLabel={(node) => node.name}
      disabled={tree.disabled}
      gap={4}
      testId={`sortable-${ivrErrorPath(parent)}`}
      renderItem={(node, row) => (
        <NodeRow node={node} path={[...parent, row.index] as unknown as IvrPath} handle={row.handle} {...tree} />
      )}
    />
  );
}

/** A short caption inside an input, so that code and extension stay told apart once filled. */
function caption(text: string) {
  return (
    <Text size="10px" c="dimmed">
      {text}
    </Text>
  );
}

/** One node: name, code and extension (dn), add a child, delete; its children folded below it. */
function NodeRow({ node, path, handle, ...tree }: TreeProps & { node: IvrNode; path: IvrPath; handle: ReactNode }) {
  const { t } = useI18n();
  const { actions, errors, disabled } = tree;
  const [open, setOpen] = useState(true);
  const at = ivrErrorPath(path);
  const level = path.length - 1;
  const mayAdd = level < NAV_LIMITS.ivrDepthMax && node.nodes.length < NAV_LIMITS.ivrChildrenMax;
  const name = node.name || '—';
  const toggle = t(open ? 'ivrEditor.collapse' : 'ivrEditor.expand', { name });
  return (
    <Paper withBorder p={6} radius="sm" data-testid={`ivr-node-${at}`}>
      <Group gap={6} wrap="nowrap" align="flex-start">
        <div style={{ paddingTop: 4 }}>{handle}</div>
        {node.nodes.length > 0 ? (
          <ActionIcon
            variant="subtle"
            color="gray"
            mt={2}
            aria-label={toggle}
            aria-expanded={open}
            onClick={() => setOpen((o) => !o)}
          >
            {open ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
          </ActionIcon>
        ) : (
          <div style={{ width: 28 }} />
        )}
        <TextInput
          size="xs"
          style={{ flex: 1 }}
          aria-label={t('ivrEditor.nodeName')}
          placeholder={t('ivrEditor.nodeName')}
          maxLength={NAV_LIMITS.nameMax}
          value={node.name}
          disabled={disabled}
          error={errors[`${at}.name`] ?? errors[at]}
          onChange={(e) => actions.update(path, { name: e.currentTarget.value })}
        />
        <TextInput
          size="xs"
          w={130}
          aria-label={t('ivrEditor.code')}
          leftSection={caption(t('ivrEditor.code'))}
          leftSectionWidth={44}
          maxLength={NAV_LIMITS.ivrCodeMax}
          value={node.code ?? ''}
          disabled={disabled}
          error={errors[`${at}.code`]}
          onChange={(e) => actions.update(path, { code: e.currentTarget.value })}
        />
        <TextInput
          size="xs"
          w={130}
          aria-label={t('ivrEditor.dn')}
          leftSection={caption(t('ivrEditor.dn'))}
          leftSectionWidth={50}
          maxLength={NAV_LIMITS.ivrDnMax}
          value={node.dn ?? ''}
          disabled={disabled}
          error={errors[`${at}.dn`]}
          onChange={(e) => actions.update(path, { dn: e.currentTarget.value })}
        />
        {!disabled && (
          <Group gap={2} wrap="nowrap" mt={2}>
            <ActionIcon
              variant="subtle"
              aria-label={t('ivrEditor.addChild', { name })}
              disabled={!mayAdd}
              onClick={() => actions.add(path) && setOpen(true)}
            >
              <IconPlus size={14} />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('ivrEditor.removeNode', { name })}
              onClick={() => void actions.remove(node)}
            >
              <IconTrash size={14} />
            </ActionIcon>
          </Group>
        )}
      </Group>
      {node.nodes.length > 0 && (
        <Collapse expanded={open}>
          <div style={{ margin: '6px 0 0 34px' }}>
            <NodeList nodes={node.nodes} parent={path} {...tree} />
          </div>
        </Collapse>
      )}
    </Paper>
  );
}

interface SectionProps extends TreeProps {
  /** the route tree, or a fixed root */
  section: IvrPath;
  title: ReactNode;
  hint?: string;
  nodes: IvrNode[];
  /** the root's own refused delete button (a fixed root only) */
  rootKey?: IvrRootKey;
}

/** The route tree or one of the fixed roots: its title, the add of a first-level node, its nodes. */
function Section({ section, title, hint, nodes, rootKey, ...tree }: SectionProps) {
  const { t, pick } = useI18n();
  const { actions, errors, disabled } = tree;
  const at = ivrErrorPath(section);
  const rootName = rootKey ? pick(IVR_ROOT_NAMES[rootKey]) : '';
  return (
    <Paper
      withBorder
      p="sm"
      radius="md"
      bg={rootKey ? 'var(--mantine-color-gray-0)' : undefined}
      data-testid={rootKey ? `ivr-root-${rootKey}` : 'ivr-routes'}
    >
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="xs">
            {title}
            {hint && (
              <Text size="xs" c="dimmed">
                {hint}
              </Text>
            )}
          </Group>
          {!disabled && (
            <Group gap={4} wrap="nowrap">
              {nodes.length < NAV_LIMITS.ivrChildrenMax && (
                <Button
                  size="compact-xs"
                  variant="light"
                  leftSection={<IconPlus size={12} />}
                  aria-label={rootKey ? t('ivrEditor.addChild', { name: rootName }) : undefined}
                  onClick={() => actions.add(section)}
                >
                  {t('ivrEditor.addNode')}
                </Button>
              )}
              {rootKey && (
                // shown so that the refusal is said, not guessed (spec §4: the score roots cannot be deleted)
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={t('ivrEditor.removeNode', { name: rootName })}
                  onClick={() => actions.removeRoot(rootKey)}
                >
                  <IconTrash size={14} />
                </ActionIcon>
              )}
            </Group>
          )}
        </Group>
        {errors[at] && (
          <Text size="xs" c="red" role="alert">
            {errors[at]}
          </Text>
        )}
        {nodes.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('ivrEditor.noNodes')}
          </Text>
        ) : (
          <NodeList nodes={nodes} parent={section} {...tree} />
        )}
      </Stack>
    </Paper>
  );
}

/**
 * IVR (spec §3.7, §4, §5): the route tree and the two fixed roots InScore and OutScore, each node with its name, code
 * and extension (dn), a child added under it, siblings reordered by dragging. Every change goes through the
 * contracts' tree helpers: deleting a node asks, then says 删除成功, or 未找到该节点 when the node is gone meanwhile;
 * deleting a root is refused with its message.
 */
export function IvrEditor({ value, onChange, disabled, errors }: NavEditorProps<IvrHotlineConfig>) {
  const { t, m, pick } = useI18n();
  // a confirmation answers after renders: the edit applies to the tree as it is then
  const latest = useRef(value);
  latest.current = value;
  const say = (edit: IvrEdit) => {
    if (!edit.message) return;
    const text = m(edit.message, { maximum: NAV_LIMITS.ivrDepthMax });
    if (edit.ok) notifications.show({ color: 'green', message: text });
    else notifyWarning(text);
  };
  const apply = (edit: IvrEdit): boolean => {
    if (edit.ok) onChange(edit.config);
    say(edit);
    return edit.ok;
  };
  const actions: TreeActions = {
    add: (parent) => apply(addIvrNode(latest.current, parent)),
    update: (path, patch) => void apply(updateIvrNode(latest.current, path, patch)),
    move: (parent, before, after) => {
      const moved = movedIndex(before, after);
      if (moved) apply(moveIvrNode(latest.current, [...parent, moved.from] as unknown as IvrPath, moved.to));
    },
    remove: async (node) => {
      const below = countBelow(node);
      const question =
        below > 0
          ? t('ivrEditor.removeNodeConfirm', { name: node.name, count: below })
          : t('ivrEditor.removeLeafConfirm', { name: node.name });
      if (!(await confirmAction(question))) return;
      const tree = latest.current;
      // by its key where it has one, else by being this very node: never another node that took its place
      const at = node.key || pathOfNode(tree, node);
      if (at === null) {
        notifyWarning(m(IVR_MESSAGES.missing));
        return;
      }
      apply(removeIvrNode(tree, at));
    },
    removeRoot: (key) => void apply(removeIvrNode(latest.current, [key])),
  };
  const tree = { actions, errors, disabled };

  return (
    <Stack gap="sm" data-testid="nav-ivr-editor">
      <Section
        section={['ivrRoutes']}
        title={<Title order={6}>{t('ivrEditor.routes')}</Title>}
        hint={t('ivrEditor.routesHint')}
        nodes={value.ivrRoutes}
        {...tree}
      />
      {IVR_ROOT_KEYS.map((key) => (
        <Section
          key={key}
          section={[key]}
          rootKey={key}
          title={
            <Group gap={6}>
              <IconLock size={14} />
              <Title order={6}>{pick(IVR_ROOT_NAMES[key])}</Title>
              <Badge size="xs" variant="light" color="gray" tt="none">
                {key}
              </Badge>
              <Badge size="xs" variant="outline" color="gray">
                {t('ivrEditor.fixed')}
              </Badge>
            </Group>
          }
          nodes={key === 'InScore' ? value.inScore.nodes : value.outScore.nodes}
          {...tree}
        />
      ))}
    </Stack>
  );
}
