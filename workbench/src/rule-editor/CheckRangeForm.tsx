import { Group, NumberInput, Select, Stack, Text } from '@mantine/core';
import { ALL_ROLES_LABEL, AnchorLocation, CheckRole, HIT_TIME_LABELS } from '@qcdesk/contracts';
import { useI18n } from '../i18n/locale-store';
import type { CheckRangeDraft, HitTimeChoice, RoleChoice } from './draft';
import { numberOrNull } from './number-value';
import { useFieldError } from './problem-context';

interface Props {
  value: CheckRangeDraft;
  /** the role a model operator forces, which disables the selector */
  forcedRole: 'AGENT' | 'CUSTOMER' | null;
  /** the cids of the earlier conditions, which are the only possible anchors */
  earlierCids: readonly string[];
  /** field prefix, e.g. `conditions.1.checkRange` */
  field: string;
  onChange: (value: CheckRangeDraft) => void;
}

/** Role, sentence range and anchor of one condition (qc-area §4 "Check range"). */
export function CheckRangeForm({ value, forcedRole, earlierCids, field, onChange }: Props) {
  const { t, pick, label } = useI18n();
  const set = (change: Partial<CheckRangeDraft>) => onChange({ ...value, ...change });
  const roleError = useFieldError(`${field}.role`);
  const fromError = useFieldError(`${field}.range.from`);
  const toError = useFieldError(`${field}.range.to`);
  const anchorError = useFieldError(`${field}.anchor.cid`);
  const locationError = useFieldError(`${field}.anchor.location`);
  const nthError = useFieldError(`${field}.anchor.inputHitTime`);
  const rangeObjectError = useFieldError(`${field}.range`);
  const wholeError = useFieldError(field);
  const rangeError = rangeObjectError ?? wholeError;

  const roleOptions = [
    ...CheckRole.values.map((role) => ({ value: role, label: label(CheckRole, role) })),
    { value: 'all', label: pick(ALL_ROLES_LABEL) },
  ];
  const hasAnchor = value.anchorCid !== 'null' && value.anchorCid !== '';

  return (
    <Stack gap="xs">
      <Text fw={500} size="sm">
        {t('cond.checkRange')}
      </Text>
      <Group gap="xs" align="flex-start" wrap="wrap">
        <Select
          label={t('cond.role')}
          data={roleOptions}
          value={forcedRole ?? value.role}
          disabled={forcedRole !== null}
          allowDeselect={false}
          error={roleError}
          description={forcedRole ? t('cond.roleForced', { role: label(CheckRole, forcedRole) }) : undefined}
          onChange={(role) => role && set({ role: role as RoleChoice })}
          w={160}
        />
        <NumberInput
          label={t('cond.rangeFrom')}
          value={value.from ?? ''}
          allowDecimal={false}
          error={fromError}
          onChange={(v) => set({ from: numberOrNull(v) })}
          w={120}
        />
        <NumberInput
          label={t('cond.rangeTo')}
          value={value.to ?? ''}
          allowDecimal={false}
          error={toError}
          onChange={(v) => set({ to: numberOrNull(v) })}
          w={120}
        />
        <Select
          label={t('cond.anchor')}
          data={[
            { value: 'null', label: t('cond.anchorNone') },
            ...earlierCids.map((cid) => ({ value: cid, label: cid })),
            // a stored anchor that is no longer earlier stays visible so the compiler's error has a place
            ...(hasAnchor && !earlierCids.includes(value.anchorCid)
              ? [{ value: value.anchorCid, label: value.anchorCid }]
              : []),
          ]}
          value={value.anchorCid}
          allowDeselect={false}
          error={anchorError}
          onChange={(cid) => set({ anchorCid: cid ?? 'null' })}
          w={140}
        />
        {hasAnchor && (
          <>
            <Select
              label={t('cond.anchorLocation')}
              data={AnchorLocation.values.map((v) => ({ value: v, label: label(AnchorLocation, v) }))}
              value={value.location}
              allowDeselect={false}
              error={locationError}
              onChange={(location) => location && set({ location: location as CheckRangeDraft['location'] })}
              w={120}
            />
            <Select
              label={t('cond.hitTime')}
              data={(['-1', '0', '1'] as const).map((v) => ({ value: v, label: pick(HIT_TIME_LABELS[v]) }))}
              value={String(value.hitTime)}
              allowDeselect={false}
              onChange={(v) =>
                v !== null &&
                set({
                  hitTime: Number(v) as HitTimeChoice,
                  inputHitTime: Number(v) === 1 ? (value.inputHitTime ?? 1) : null,
                })
              }
              w={130}
            />
            {value.hitTime === 1 && (
              <NumberInput
                label={t('cond.inputHitTime')}
                value={value.inputHitTime ?? ''}
                min={1}
                allowDecimal={false}
                allowNegative={false}
                clampBehavior="strict"
                error={nthError}
                onChange={(v) => set({ inputHitTime: numberOrNull(v) })}
                w={90}
              />
            )}
          </>
        )}
      </Group>
      <Text size="xs" c={rangeError ? 'red' : 'dimmed'} data-problem={rangeError ? 'range' : undefined}>
        {rangeError ?? t('cond.rangeHint')}
      </Text>
    </Stack>
  );
}
