import { useMemo, useRef } from 'react';
import { useApi } from '../api/api-context';
import type { ApiClient } from '../api/client';
import type { RecordId } from '../api/resource';
import type { MessageKey } from '../i18n/dictionary';
import { useI18n } from '../i18n/locale-store';
import { EntityPicker } from './EntityPicker';
import type { EntityRecord, PickerDescription, PickerLoader } from './types';

export interface PresetPickerProps<T> {
  /** where the records come from; the preset's own list unless given */
  load?: PickerLoader<T>;
  opened: boolean;
  onClose: () => void;
  onPick: (records: T[]) => void | Promise<void>;
  /** records the caller holds already: shown ticked, not choosable again */
  takenIds?: readonly RecordId[];
}

/** One entity's picker preset: columns and filters, its default list, the select-all question, the table height. */
export interface PickerPreset<T extends EntityRecord> {
  readonly describe: (load: PickerLoader<T>) => PickerDescription<T>;
  readonly defaultLoad: (client: ApiClient) => PickerLoader<T>;
  /** the question select-all asks first, with `{count}` */
  readonly confirmKey: MessageKey;
  /** the table's height, when the spec fixes one */
  readonly tableHeight?: number;
}

/**
 * A picker modal made of the generic EntityPicker and one entity's preset (FieldPicker, TemplatePicker): the preset
 * is a module constant, so the description is built once per modal.
 */
export function PresetPicker<T extends EntityRecord>({
  preset,
  load,
  opened,
  onClose,
  onPick,
  takenIds,
}: PresetPickerProps<T> & { readonly preset: PickerPreset<T> }) {
  const client = useApi();
  const { t } = useI18n();
  // a new loader function from the caller does not reload the page; the latest one is used for the next load
  const latest = useRef(load ?? preset.defaultLoad(client));
  latest.current = load ?? latest.current;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the preset is a module constant and `latest` a ref
  const description = useMemo(() => preset.describe((params) => latest.current(params)), []);
  return (
    <EntityPicker
      description={description}
      opened={opened}
      onClose={onClose}
      onPick={onPick}
      takenIds={takenIds}
      tableHeight={preset.tableHeight}
      confirmSelectAll={(count) => t(preset.confirmKey, { count })}
    />
  );
}
