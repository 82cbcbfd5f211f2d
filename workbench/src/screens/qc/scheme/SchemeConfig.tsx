import {
  ActionIcon,
  Badge,
  Button,
  Divider,
  Group,
  LoadingOverlay,
  MultiSelect,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import {
  CompareOperator,
  LIMITS,
  type SchemeDetailAnswer,
  SchemeType,
  ScoringStyle,
  schemeSaveSchema,
  TargetType,
  toFieldErrors,
} from '@qcdesk/contracts';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { type ReactNode, useMemo, useRef, useState } from 'react';
import { useApi } from '../../../api/api-context';
import { errorText } from '../../../api/client';
import { resource } from '../../../api/resource';
import { useLoad } from '../../../api/use-load';
import { useCan } from '../../../auth/session-store';
import { qcSchemeDescription } from '../../../entities/qc-scheme';
import { useI18n } from '../../../i18n/locale-store';
import type { RouteLocation } from '../../../router/location';
import { navigate, useRouterStore } from '../../../router/router-store';
import { DateTimeField } from '../../../ui/DateTimeField';
import { ABSENT, displayTime } from '../../../ui/display';
import { FormErrorBanner } from '../../../ui/FormErrorBanner';
import { notifySuccess } from '../../../ui/notify';
import { ReadOnlyField } from '../../../ui/ReadOnlyField';
import { AngleSection } from './AngleSection';
import { move, type SchemeForm, toSaveBody, toSchemeForm } from './scheme-form';

/**
 * /qc/scheme/config (query id, targetType) and, read-only, /qc/scheme/view: basic info, the PERSON block or the
 * AI veto rules, and once the scheme exists its angles. On save it reopens itself with _reload=list.
 */
export function SchemeConfig({ location, readOnly }: { location: RouteLocation; readOnly: boolean }) {
  const client = useApi();
  const api = useMemo(
    () => resource<SchemeDetailAnswer>(client, qcSchemeDescription.api.base, { detailParam: 'schemeId' }),
    [client],
  );
  const { t, options, label, locale } = useI18n();
  const can = useCan();
  const id = location.query.id ?? null;
  const targetType = location.query.targetType === 'PERSON' ? 'PERSON' : 'AI';
  const [form, setForm] = useState<SchemeForm>(() => toSchemeForm(null, targetType));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [banner, setBanner] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const editable = !readOnly && can('qc-scheme.edit');

  // a reload after an angle changed keeps what is being typed and takes only the new version
  const keepForm = useRef(false);
  const loaded = useLoad(() => api.detail(id!), [api, id], {
    enabled: id !== null,
    onLoad: (answer) => {
      if (keepForm.current) setForm((f) => ({ ...f, version: answer.version ?? f.version }));
      else setForm(toSchemeForm(answer, targetType));
      keepForm.current = false;
    },
    onError: setBanner,
  });
  const scheme: SchemeDetailAnswer | null = loaded.data;
  const loading = loaded.loading;
  const reloadKeepingForm = () => {
    keepForm.current = true;
    loaded.reload();
  };

  const set = (change: Partial<SchemeForm>) => setForm((f) => ({ ...f, ...change }));
  const person = form.targetType === 'PERSON';

  // the veto rules can only be rules linked in the scheme's angles; one unlinked since is no veto any more
  const linkedRules = (scheme?.schemeAngles ?? []).flatMap((a) => a.angleRules ?? []);
  const vetoOptions = [...new Map(linkedRules.map((r) => [String(r.ruleId), r.ruleName ?? String(r.ruleId)]))].map(
    ([value, name]) => ({ value, label: name }),
  );
  const vetoRules = form.vetoRules.filter((ruleId) => vetoOptions.some((o) => o.value === ruleId));

  const save = async () => {
    const body = toSaveBody({ ...form, vetoRules });
    const checked = schemeSaveSchema.safeParse(body);
    if (!checked.success) {
      const next: Record<string, string> = {};
      for (const problem of toFieldErrors(checked.error, locale)) next[problem.field] ??= problem.message;
      setErrors(next);
      return;
    }
    setErrors({});
    setSaving(true);
    setBanner(null);
    try {
      const savedId = await api.save(body);
      notifySuccess();
      navigate(
        location.path,
        { id: savedId, targetType: form.targetType, _reload: 'list', _modal: location.query._modal ?? 'large' },
        { replace: true },
      );
    } catch (e) {
      setBanner(errorText(e));
    } finally {
      setSaving(false);
    }
  };

  const disabled = !editable;

  return (
    <Stack gap="md" pos="relative">
      <LoadingOverlay visible={loading} />
      {readOnly && (
        <Group gap="xs">
          <Badge color={form.targetType === 'AI' ? 'blue' : 'grape'}>{label(TargetType, form.targetType)}</Badge>
          <Title order={4}>{form.name}</Title>
        </Group>
      )}
      <FormErrorBanner error={banner} onClose={() => setBanner(null)} />
      <Text fw={600}>{t('scheme.basicInfo')}</Text>
      {disabled ? (
        // read-only: the values as text, '--' when absent, no asterisks, chevrons or empty date placeholders
        <>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <ReadOnlyField label={t('common.name')} value={form.name} />
            <ReadOnlyField label={t('scheme.type')} value={form.type ? label(SchemeType, form.type) : null} />
            <ReadOnlyField label={t('scheme.targetType')} value={label(TargetType, form.targetType)} />
            <div />
            <ReadOnlyField label={t('scheme.startTime')} value={form.startTime ? displayTime(form.startTime) : null} />
            <ReadOnlyField label={t('scheme.endTime')} value={form.endTime ? displayTime(form.endTime) : null} />
          </SimpleGrid>
          <ReadOnlyField label={t('common.comments')} value={form.comments} />
        </>
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('common.name')}
              withAsterisk
              value={form.name}
              maxLength={LIMITS.nameMax}
              readOnly={disabled}
              error={errors.name}
              onChange={(e) => set({ name: e.currentTarget.value })}
            />
            <Select
              label={t('scheme.type')}
              withAsterisk
              data={options(SchemeType)}
              value={form.type}
              readOnly={disabled}
              error={errors.type}
              onChange={(type) => set({ type })}
            />
            <TextInput label={t('scheme.targetType')} value={label(TargetType, form.targetType)} readOnly />
            <div />
            <DateTimeField
              label={t('scheme.startTime')}
              w="100%"
              value={form.startTime}
              readOnly={disabled}
              error={errors.startTime}
              onChange={(startTime) => set({ startTime })}
            />
            <DateTimeField
              label={t('scheme.endTime')}
              w="100%"
              dayTime="23:59"
              value={form.endTime}
              readOnly={disabled}
              error={errors.endTime}
              onChange={(endTime) => set({ endTime })}
            />
          </SimpleGrid>
          <Textarea
            label={t('common.comments')}
            value={form.comments}
            maxLength={LIMITS.commentsMax}
            readOnly={disabled}
            error={errors.comments}
            onChange={(e) => set({ comments: e.currentTarget.value })}
          />
        </>
      )}

      {person ? (
        <>
          <Divider label={t('scheme.personBlock')} labelPosition="left" />
          {disabled ? (
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <ReadOnlyField label={t('scheme.style')} value={form.style ? label(ScoringStyle, form.style) : null} />
              {form.style === 'PASS' && (
                <>
                  <ReadOnlyField
                    label={t('scheme.compareOperator')}
                    value={
                      form.compareOperator
                        ? `${form.compareOperator} ${label(CompareOperator, form.compareOperator)}`
                        : null
                    }
                  />
                  <ReadOnlyField label={t('scheme.num')} value={form.num} />
                </>
              )}
            </SimpleGrid>
          ) : (
            <Group align="flex-end">
              <Stack gap={4}>
                <Text size="sm" fw={500}>
                  {t('scheme.style')}
                </Text>
                <SegmentedControl
                  data={options(ScoringStyle)}
                  value={form.style ?? ''}
                  readOnly={disabled}
                  onChange={(style) => !disabled && set({ style })}
                />
                {errors.style && (
                  <Text c="red" size="xs">
                    {errors.style}
                  </Text>
                )}
              </Stack>
              {form.style === 'PASS' && (
                <>
                  <Select
                    label={t('scheme.compareOperator')}
                    withAsterisk
                    data={options(CompareOperator).map((o) => ({ value: o.value, label: `${o.value} ${o.label}` }))}
                    value={form.compareOperator}
                    readOnly={disabled}
                    error={errors['schemeConfig.compareOperator']}
                    onChange={(compareOperator) => set({ compareOperator })}
                    w={180}
                  />
                  <NumberInput
                    label={t('scheme.num')}
                    withAsterisk
                    value={form.num ?? ''}
                    min={0}
                    allowDecimal={false}
                    allowNegative={false}
                    readOnly={disabled}
                    error={errors['schemeConfig.num']}
                    onChange={(v) => set({ num: typeof v === 'number' ? v : null })}
                    w={120}
                  />
                </>
              )}
            </Group>
          )}
          {form.style === 'PASS' && form.compareOperator && form.num !== null && (
            <Text size="xs" c="dimmed">
              {t('scheme.passHint', { op: form.compareOperator, num: form.num })}
            </Text>
          )}
          <ReorderableList
            title={t('scheme.appraises')}
            items={form.appraises}
            disabled={disabled}
            make={() => ({ appraise: '', required: false })}
            onChange={(appraises) => set({ appraises })}
            render={(item, change) =>
              disabled ? (
                <Group gap="xs" style={{ flex: 1 }}>
                  <Text size="sm">{item.appraise || ABSENT}</Text>
                  {item.required && (
                    <Badge size="sm" variant="light">
                      {t('scheme.appraiseRequired')}
                    </Badge>
                  )}
                </Group>
              ) : (
                <>
                  <TextInput
                    aria-label={t('scheme.appraise')}
                    placeholder={t('scheme.appraise')}
                    value={item.appraise}
                    readOnly={disabled}
                    onChange={(e) => change({ ...item, appraise: e.currentTarget.value })}
                    style={{ flex: 1 }}
                  />
                  <Switch
                    label={t('scheme.appraiseRequired')}
                    checked={item.required}
                    disabled={disabled}
                    onChange={(e) => change({ ...item, required: e.currentTarget.checked })}
                  />
                </>
              )
            }
          />
          <ReorderableList
            title={t('scheme.vetoStatements')}
            items={form.vetoStatements}
            disabled={disabled}
            make={() => ''}
            onChange={(vetoStatements) => set({ vetoStatements })}
            render={(item, change) =>
              disabled ? (
                <Text size="sm" style={{ flex: 1 }}>
                  {item || ABSENT}
                </Text>
              ) : (
                <TextInput
                  aria-label={t('scheme.vetoStatement')}
                  placeholder={t('scheme.vetoStatement')}
                  value={item}
                  readOnly={disabled}
                  onChange={(e) => change(e.currentTarget.value)}
                  style={{ flex: 1 }}
                />
              )
            }
          />
        </>
      ) : disabled ? (
        <ReadOnlyField label={t('scheme.aiVeto')}>
          {vetoRules.length === 0 ? (
            <Text size="sm">{ABSENT}</Text>
          ) : (
            <Group gap={6}>
              {vetoRules.map((ruleId) => (
                <Badge key={ruleId} variant="light" color="gray">
                  {vetoOptions.find((o) => o.value === ruleId)?.label ?? ruleId}
                </Badge>
              ))}
            </Group>
          )}
        </ReadOnlyField>
      ) : (
        <MultiSelect
          label={t('scheme.aiVeto')}
          description={t('scheme.aiVetoHint')}
          data={vetoOptions}
          value={vetoRules}
          readOnly={disabled}
          error={errors['schemeConfig.veto']}
          onChange={(vetoRules) => set({ vetoRules })}
        />
      )}

      {editable && (
        <Group justify="flex-end">
          <Button loading={saving} onClick={save}>
            {t('common.save')}
          </Button>
        </Group>
      )}

      <Divider />
      {scheme ? (
        <AngleSection
          scheme={scheme}
          readOnly={readOnly}
          onChanged={() => {
            reloadKeepingForm();
            // the list underneath shows the scheme too
            useRouterStore.setState((s) => ({ reloadToken: s.reloadToken + 1 }));
          }}
        />
      ) : (
        <Text c="dimmed" size="sm">
          {t('scheme.saveFirst')}
        </Text>
      )}
    </Stack>
  );
}

function ReorderableList<T>({
  title,
  items,
  disabled,
  make,
  onChange,
  render,
}: {
  title: string;
  items: T[];
  disabled: boolean;
  make: () => T;
  onChange: (items: T[]) => void;
  render: (item: T, change: (item: T) => void) => ReactNode;
}) {
  const { t } = useI18n();
  return (
    <Stack gap={6}>
      <Group justify="space-between">
        <Text size="sm" fw={500}>
          {title}
        </Text>
        {!disabled && (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPlus size={14} />}
            onClick={() => onChange([...items, make()])}
          >
            {t('common.add')}
          </Button>
        )}
      </Group>
      {disabled && items.length === 0 && (
        <Text size="sm" c="dimmed">
          {ABSENT}
        </Text>
      )}
      {items.map((item, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: position is the identity of an item in this list
        <Group key={i} gap="xs" wrap="nowrap">
          <Text size="sm" c="dimmed" w={20}>
            {i + 1}
          </Text>
          {render(item, (next) => onChange(items.map((x, k) => (k === i ? next : x))))}
          {!disabled && (
            <>
              <ActionIcon
                variant="subtle"
                aria-label={t('common.moveUp')}
                disabled={i === 0}
                onClick={() => onChange(move(items, i, -1))}
              >
                <IconArrowUp size={16} />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                aria-label={t('common.moveDown')}
                disabled={i === items.length - 1}
                onClick={() => onChange(move(items, i, 1))}
              >
                <IconArrowDown size={16} />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t('common.delete')}
                onClick={() => onChange(items.filter((_, k) => k !== i))}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </>
          )}
        </Group>
      ))}
    </Stack>
  );
}
