import { NumberInput, Select, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { NAV_LIMITS, NavAction, type NavParams } from '@qcdesk/contracts';
import { useApi } from '../../../api/api-context';
import { useLoad } from '../../../api/use-load';
import { spaceOptions } from '../../../entities/space';
import { useI18n } from '../../../i18n/locale-store';

interface ActionSelectProps {
  value: NavAction;
  actions: readonly NavAction[];
  onChange: (type: NavAction) => void;
  disabled: boolean;
  error?: string | undefined;
  /** the item's name, so that each select is told apart (动作：菜单-2) */
  itemName: string;
}

/** What a menu or button does: the actions its place offers (MENU only where sub-menus may follow). */
export function ActionSelect({ value, actions, onChange, disabled, error, itemName }: ActionSelectProps) {
  const { t, label } = useI18n();
  return (
    <Select
      label={t('navEditor.action')}
      aria-label={`${t('navEditor.action')}：${itemName}`}
      data={actions.map((a) => ({ value: a, label: label(NavAction, a) }))}
      value={value}
      allowDeselect={false}
      disabled={disabled}
      error={error}
      onChange={(v) => v && NavAction.has(v) && onChange(v)}
      w={150}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

interface ParamsFieldsProps {
  type: NavAction;
  params: NavParams;
  onChange: (params: NavParams) => void;
  disabled: boolean;
  /** problems by param name (`content`, `url`, …) */
  errors: Readonly<Record<string, string | undefined>>;
}

/** The knowledge bases a QA action may draw from (CS_KB spaces). */
function QaFields({ params, onChange, disabled, errors }: Omit<ParamsFieldsProps, 'type'>) {
  const { t } = useI18n();
  const client = useApi();
  const spaces = useLoad(() => spaceOptions(client, 'CS_KB'), [client]);
  const set = (patch: Partial<NavParams>) => onChange({ ...params, ...patch });
  return (
    <SimpleGrid cols={3} spacing="xs">
      <Select
        label={t('navEditor.space')}
        withAsterisk
        searchable
        data={spaces.data ?? []}
        value={params.spaceId ?? null}
        disabled={disabled}
        error={errors.spaceId ?? spaces.error ?? undefined}
        onChange={(spaceId) => set({ spaceId })}
      />
      <TextInput
        label={t('navEditor.topicId')}
        value={params.topicId ?? ''}
        disabled={disabled}
        error={errors.topicId}
        onChange={(e) => set({ topicId: e.currentTarget.value })}
      />
      <NumberInput
        label={t('navEditor.count')}
        min={1}
        max={NAV_LIMITS.qaCountMax}
        allowDecimal={false}
        value={params.count ?? ''}
        disabled={disabled}
        error={errors.count}
        onChange={(v) => set({ count: typeof v === 'number' ? v : null })}
      />
    </SimpleGrid>
  );
}

/**
 * The inputs an action needs (spec §3.7): the reply of TEXT, the message of SEND, the address of LINK, the feed of
 * FEED, the knowledge base (topic, count) of QA; AGENT and MENU need none.
 */
export function ParamsFields({ type, params, onChange, disabled, errors }: ParamsFieldsProps) {
  const { t } = useI18n();
  const set = (patch: Partial<NavParams>) => onChange({ ...params, ...patch });
  switch (type) {
    case 'TEXT':
    case 'SEND':
      return (
        <Textarea
          label={t(type === 'TEXT' ? 'navEditor.content' : 'navEditor.sendContent')}
          withAsterisk
          minRows={2}
          resize="vertical"
          maxLength={NAV_LIMITS.contentMax}
          value={params.content ?? ''}
          disabled={disabled}
          error={errors.content}
          onChange={(e) => set({ content: e.currentTarget.value })}
        />
      );
    case 'LINK':
      return (
        <TextInput
          label={t('navEditor.url')}
          withAsterisk
          placeholder="https://"
          maxLength={NAV_LIMITS.urlMax}
          value={params.url ?? ''}
          disabled={disabled}
          error={errors.url}
          onChange={(e) => set({ url: e.currentTarget.value })}
        />
      );
    case 'FEED':
      return (
        <TextInput
          label={t('navEditor.feedId')}
          withAsterisk
          value={params.feedId ?? ''}
          disabled={disabled}
          error={errors.feedId}
          onChange={(e) => set({ feedId: e.currentTarget.value })}
        />
      );
    case 'QA':
      return <QaFields params={params} onChange={onChange} disabled={disabled} errors={errors} />;
    default:
      return null;
  }
}
