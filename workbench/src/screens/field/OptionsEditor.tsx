import { ActionIcon, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { CUSTOM_FIELD_LIMITS, type FieldOption } from '@qcdesk/contracts';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useI18n } from '../../i18n/locale-store';

/** An option as the editor holds it: a key of its own (React's), and its children for a tree. */
export interface OptionRow {
  key: string;
  label: string;
  value: string;
  children: OptionRow[];
}

let nextKey = 0;
export const newOption = (): OptionRow => ({ key: `option-${++nextKey}`, label: '', value: '', children: [] });

export function optionRows(options: readonly FieldOption[]): OptionRow[] {
  return options.map((o) => ({
    ...newOption(),
    label: o.label,
    value: o.value,
    children: optionRows(o.children ?? []),
  }));
}

/** The options as a save body sends them (a flat list sends no children). */
export function optionsBody(rows: readonly OptionRow[], tree: boolean): FieldOption[] {
  return rows.map((row) =>
    tree && row.children.length > 0
      ? { label: row.label, value: row.value, children: optionsBody(row.children, tree) }
      : { label: row.label, value: row.value },
  );
}

export interface OptionsEditorProps {
  rows: OptionRow[];
  onChange: (rows: OptionRow[]) => void;
  /** a tree (TREE_SINGLE, TREE_MULTI): options may hold sub-options, three levels at most */
  tree: boolean;
  /** problems by body path (`options[1].children[0].value`) */
  errors: Readonly<Record<string, string>>;
  disabled: boolean;
}

/**
 * The options of a choice field: label and value per option, add and remove; in a tree each option can take
 * sub-options down to the contract's three levels (the add button is gone at the last level).
 */
export function OptionsEditor({ rows, onChange, tree, errors, disabled }: OptionsEditorProps) {
  const { t } = useI18n();
  return (
    <Stack gap={6} data-testid="field-options">
      <Text fw={500} size="sm">
        {t(tree ? 'field.treeOptions' : 'field.options')}
      </Text>
      {errors.options && (
        <Text c="red" size="sm" data-testid="options-error">
          {errors.options}
        </Text>
      )}
      <OptionLevel
        rows={rows}
        onChange={onChange}
        tree={tree}
        errors={errors}
        disabled={disabled}
        path="options"
        level={1}
      />
    </Stack>
  );
}

function OptionLevel({
  rows,
  onChange,
  tree,
  errors,
  disabled,
  path,
  level,
}: OptionsEditorProps & { path: string; level: number }) {
  const { t } = useI18n();
  const set = (i: number, patch: Partial<OptionRow>) =>
    onChange(rows.map((row, j) => (j === i ? { ...row, ...patch } : row)));
  return (
    <Stack gap={6} pl={level > 1 ? 28 : 0}>
      {rows.map((row, i) => {
        const at = `${path}[${i}]`;
        const name = row.label || `${t('field.options')} ${i + 1}`;
        return (
          <Stack key={row.key} gap={6} data-testid={`option-${at}`}>
            <Group gap="xs" align="flex-start" wrap="nowrap">
              <TextInput
                aria-label={`${t('field.optionLabel')} ${at}`}
                placeholder={t('field.optionLabel')}
                value={row.label}
                maxLength={CUSTOM_FIELD_LIMITS.optionLabelMax}
                error={errors[`${at}.label`]}
                disabled={disabled}
                style={{ flex: 2 }}
                onChange={(e) => set(i, { label: e.currentTarget.value })}
              />
              <TextInput
                aria-label={`${t('field.optionValue')} ${at}`}
                placeholder={t('field.optionValue')}
                value={row.value}
                maxLength={CUSTOM_FIELD_LIMITS.optionValueMax}
                error={errors[`${at}.value`] ?? errors[`${at}.children`]}
                disabled={disabled}
                style={{ flex: 1 }}
                onChange={(e) => set(i, { value: e.currentTarget.value })}
              />
              {!disabled && tree && level < CUSTOM_FIELD_LIMITS.treeDepthMax && (
                <ActionIcon
                  variant="subtle"
                  mt={4}
                  aria-label={`${t('field.addChild')} ${name}`}
                  onClick={() => set(i, { children: [...row.children, newOption()] })}
                >
                  <IconPlus size={16} />
                </ActionIcon>
              )}
              {!disabled && (
                <ActionIcon
                  variant="subtle"
                  color="red"
                  mt={4}
                  aria-label={`${t('field.removeOption')} ${name}`}
                  onClick={() => onChange(rows.filter((_, j) => j !== i))}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              )}
            </Group>
            {row.children.length > 0 && (
              <OptionLevel
                rows={row.children}
                onChange={(children) => set(i, { children })}
                tree={tree}
                errors={errors}
                disabled={disabled}
                path={`${at}.children`}
                level={level + 1}
              />
            )}
          </Stack>
        );
      })}
      {!disabled && level === 1 && (
        <Button
          size="xs"
          variant="light"
          leftSection={<IconPlus size={14} />}
          style={{ alignSelf: 'flex-start' }}
          onClick={() => onChange([...rows, newOption()])}
        >
          {t('field.addOption')}
        </Button>
      )}
    </Stack>
  );
}
