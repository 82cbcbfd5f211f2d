import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Card,
  Collapse,
  Group,
  Modal,
  NumberInput,
  Popover,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import {
  type AngleDetailAnswer,
  type AngleRule,
  LIMITS,
  type QcRule,
  RuleScoreType,
  type SchemeDetailAnswer,
} from '@qcdesk/contracts';
import { IconChevronDown, IconChevronRight, IconEdit, IconLink, IconTrash } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useApi } from '../../../api/api-context';
import { errorText } from '../../../api/client';
import type { RecordId } from '../../../api/resource';
import { useCan } from '../../../auth/session-store';
import { EntityPicker } from '../../../entity/EntityPicker';
import { useI18n } from '../../../i18n/locale-store';
import { summariseConditions } from '../../../rule-editor/summary';
import { confirmAction } from '../../../ui/confirm';
import { ABSENT } from '../../../ui/display';
import { FormErrorBanner } from '../../../ui/FormErrorBanner';
import { notifySuccess } from '../../../ui/notify';
import { linkableRulePicker } from './rule-picker';

interface Props {
  scheme: SchemeDetailAnswer;
  readOnly: boolean;
  /** after any change of angles or links: reload the scheme (and the list underneath) */
  onChanged: () => void;
}

const angleName = (a: AngleDetailAnswer) => a.angleName ?? a.name ?? '';

/** The angle section of a scheme: n/10, total, collapsible rule tables, add/edit/delete angles, link/unlink rules. */
export function AngleSection({ scheme, readOnly, onChanged }: Props) {
  const client = useApi();
  const { t, m } = useI18n();
  const can = useCan();
  const editable = !readOnly && can('qc-scheme.edit');
  const angles = scheme.schemeAngles ?? [];
  const total = angles.reduce((sum, a) => sum + (Number(a.score) || 0), 0);
  const full = angles.length >= LIMITS.maxAngles;
  const [editing, setEditing] = useState<AngleDetailAnswer | 'new' | null>(null);
  const [linking, setLinking] = useState<AngleDetailAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);

  const run = async (work: () => Promise<unknown>) => {
    setError(null);
    try {
      await work();
      notifySuccess();
      onChanged();
    } catch (e) {
      setError(errorText(e));
    }
  };

  const deleteAngle = async (angle: AngleDetailAnswer) => {
    if (!(await confirmAction(m('qc.angle.confirmDelete', { name: angleName(angle) })))) return;
    await run(() => client.request({ path: '/v3/chats/qc-angle/delete', body: { ids: [angle.id], deleted: 'TRASH' } }));
  };
  const unlink = async (rule: AngleRule) => {
    if (!(await confirmAction(m('qc.angleRule.confirmUnlink')))) return;
    await run(() =>
      client.request({ path: '/v3/chats/qc-angle-rule/delete', body: { ids: [rule.id], deleted: 'TRASH' } }),
    );
  };

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Group gap="md">
          <Text fw={600}>{t('scheme.angles')}</Text>
          <Badge variant="light">{t('scheme.angleCount', { count: angles.length, max: LIMITS.maxAngles })}</Badge>
          <Badge variant="light" color={total === 100 ? 'green' : 'orange'}>
            {t('scheme.totalScore', { total })}
          </Badge>
        </Group>
        {editable && (
          // at the limit the button looks disabled but keeps its pointer events, so the tooltip can say why
          // (a natively disabled button never fires the mouse events a tooltip needs)
          <Tooltip label={m('qc.angle.tooMany', { maximum: LIMITS.maxAngles })} disabled={!full}>
            <Button
              size="xs"
              data-disabled={full || undefined}
              aria-disabled={full || undefined}
              onClick={(e) => (full ? e.preventDefault() : setEditing('new'))}
            >
              {t('angle.add')}
            </Button>
          </Tooltip>
        )}
      </Group>
      <FormErrorBanner error={error} onClose={() => setError(null)} />
      {angles.map((angle) => (
        <AngleCard
          key={String(angle.id)}
          angle={angle}
          editable={editable}
          onEdit={() => setEditing(angle)}
          onDelete={() => deleteAngle(angle)}
          onLink={() => setLinking(angle)}
          onUnlink={unlink}
        />
      ))}
      {editing && (
        <AngleEditModal
          schemeId={scheme.id}
          angle={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            notifySuccess();
            onChanged();
          }}
        />
      )}
      {linking && (
        <LinkRulesModal
          schemeId={scheme.id}
          schemeTargetType={scheme.targetType}
          angle={linking}
          onClose={() => setLinking(null)}
          onSaved={() => {
            setLinking(null);
            notifySuccess();
            onChanged();
          }}
        />
      )}
    </Stack>
  );
}

function AngleCard({
  angle,
  editable,
  onEdit,
  onDelete,
  onLink,
  onUnlink,
}: {
  angle: AngleDetailAnswer;
  editable: boolean;
  onEdit: () => void;
  onDelete: () => void;
  onLink: () => void;
  onUnlink: (rule: AngleRule) => void;
}) {
  const { t, locale, label } = useI18n();
  const [open, setOpen] = useState(true);
  const rules = angle.angleRules ?? [];
  return (
    <Card withBorder padding="xs" data-testid={`angle-${angle.id}`}>
      <Group justify="space-between">
        <Group gap="xs">
          <ActionIcon variant="subtle" onClick={() => setOpen(!open)} aria-label={angleName(angle)}>
            {open ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
          </ActionIcon>
          <Text fw={500}>{angleName(angle)}</Text>
          <Badge variant="outline">{angle.score}</Badge>
        </Group>
        {editable && (
          <Group gap={4}>
            <Tooltip label={t('angle.linkRules')}>
              <ActionIcon variant="subtle" onClick={onLink} aria-label={t('angle.linkRules')}>
                <IconLink size={16} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={t('angle.edit')}>
              <ActionIcon variant="subtle" onClick={onEdit} aria-label={t('angle.edit')}>
                <IconEdit size={16} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={t('common.delete')}>
              <ActionIcon variant="subtle" color="red" onClick={onDelete} aria-label={t('common.delete')}>
                <IconTrash size={16} />
              </ActionIcon>
            </Tooltip>
          </Group>
        )}
      </Group>
      <Collapse expanded={open}>
        {rules.length === 0 ? (
          <Text c="dimmed" size="sm" mt="xs">
            {t('angle.noRules')}
          </Text>
        ) : (
          <Table mt="xs" withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('angle.ruleId')}</Table.Th>
                <Table.Th>{t('angle.ruleName')}</Table.Th>
                <Table.Th>{t('angle.ruleScore')}</Table.Th>
                {editable && <Table.Th>{t('common.operation')}</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rules.map((rule) => {
                const score = rule.conditionConfig?.ruleScore;
                const lines = summariseConditions(rule.conditionConfig ?? null, locale);
                return (
                  <Table.Tr key={String(rule.id)}>
                    <Table.Td>{String(rule.ruleId)}</Table.Td>
                    <Table.Td>
                      <Popover width={360} withArrow shadow="md">
                        <Popover.Target>
                          <Anchor component="button" type="button">
                            {rule.ruleName || ABSENT}
                          </Anchor>
                        </Popover.Target>
                        <Popover.Dropdown>
                          {lines.length === 0 ? (
                            <Text size="sm">{ABSENT}</Text>
                          ) : (
                            lines.map((line) => (
                              <Text key={line} size="sm">
                                {line}
                              </Text>
                            ))
                          )}
                        </Popover.Dropdown>
                      </Popover>
                    </Table.Td>
                    <Table.Td>
                      {score ? `${label(RuleScoreType, score.ruleScoreType)} ${score.scoreNum}` : ABSENT}
                    </Table.Td>
                    {editable && (
                      <Table.Td>
                        <Anchor component="button" type="button" c="red" onClick={() => onUnlink(rule)}>
                          {t('angle.unlink')}
                        </Anchor>
                      </Table.Td>
                    )}
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        )}
      </Collapse>
    </Card>
  );
}

function AngleEditModal({
  schemeId,
  angle,
  onClose,
  onSaved,
}: {
  schemeId: RecordId;
  angle: AngleDetailAnswer | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const client = useApi();
  const { t, m } = useI18n();
  const [name, setName] = useState(angle ? angleName(angle) : '');
  const [score, setScore] = useState<number | ''>(angle ? angle.score : '');
  const [errors, setErrors] = useState<{ name?: string; score?: string }>({});
  const [banner, setBanner] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const save = async () => {
    const next: { name?: string; score?: string } = {};
    if (name.trim() === '') next.name = m('common.required');
    else if (name.trim().length > LIMITS.nameMax) next.name = m('common.tooLong', { maximum: LIMITS.nameMax });
    if (score === '' || !Number.isInteger(score) || score < 0 || score > 100) next.score = m('qc.angle.score');
    setErrors(next);
    if (next.name || next.score) return;
    setSaving(true);
    setBanner(null);
    try {
      const body: Record<string, unknown> = { name: name.trim(), score, schemeId };
      if (angle) Object.assign(body, { id: angle.id, version: angle.version ?? undefined });
      await client.request({ path: `/v3/chats/qc-angle/${angle ? 'change' : 'create'}`, body });
      onSaved();
    } catch (e) {
      setBanner(errorText(e));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal opened onClose={onClose} title={angle ? t('angle.edit') : t('angle.add')}>
      <FormErrorBanner error={banner} />
      <Stack>
        <TextInput
          label={t('angle.name')}
          withAsterisk
          value={name}
          maxLength={LIMITS.nameMax}
          error={errors.name}
          onChange={(e) => setName(e.currentTarget.value)}
        />
        <NumberInput
          label={t('angle.score')}
          withAsterisk
          value={score}
          min={0}
          max={100}
          allowDecimal={false}
          allowNegative={false}
          error={errors.score}
          onChange={(v) => setScore(typeof v === 'number' ? v : v === '' ? '' : Number(v))}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button loading={saving} onClick={save}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * Links rules to an angle: the shared EntityPicker over the rules the scheme may link (AI rules in an AI scheme, any
 * rule in a PERSON scheme); the linked ones are shown ticked.
 */
function LinkRulesModal({
  schemeId,
  schemeTargetType,
  angle,
  onClose,
  onSaved,
}: {
  schemeId: RecordId;
  schemeTargetType: string | null | undefined;
  angle: AngleDetailAnswer;
  onClose: () => void;
  onSaved: () => void;
}) {
  const client = useApi();
  const { t, m } = useI18n();
  const description = useMemo(() => linkableRulePicker(client, schemeTargetType), [client, schemeTargetType]);
  const linked = useMemo(() => (angle.angleRules ?? []).map((r) => String(r.ruleId)), [angle]);

  const link = async (chosen: QcRule[]) => {
    await client.request({
      path: '/v3/chats/qc-angle-rule/create',
      body: { angleId: angle.angleId ?? angle.id, schemeId, ruleIds: chosen.map((r) => r.id) },
    });
    onSaved();
  };

  return (
    <EntityPicker
      description={description}
      opened
      title={`${t('angle.linkRules')} · ${angleName(angle)}`}
      takenIds={linked}
      emptyMessage={m('qc.angleRule.rulesRequired')}
      onClose={onClose}
      onPick={link}
    />
  );
}
