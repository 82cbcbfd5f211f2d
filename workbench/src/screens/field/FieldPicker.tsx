import { useMemo, useRef } from 'react';
import { useApi } from '../../api/api-context';
import type { RecordId } from '../../api/resource';
import { type CustomFieldRecord, customFieldPage, customFieldPicker } from '../../entities/custom-field';
import { EntityPicker } from '../../entity/EntityPicker';
import type { PickerLoader } from '../../entity/types';
import { useI18n } from '../../i18n/locale-store';

export interface FieldPickerProps {
  /** where the fields come from: the organisation's custom fields (`/v3/feed/field/page`) unless given */
  load?: PickerLoader<CustomFieldRecord>;
  opened: boolean;
  onClose: () => void;
  onPick: (fields: CustomFieldRecord[]) => void | Promise<void>;
  /** fields already chosen (e.g. attached to the template): shown ticked, not choosable again */
  takenIds?: readonly RecordId[];
}

/**
 * The field picker modal: the generic EntityPicker with the custom-field preset (name, code, type), 10 a page;
 * select-all asks first (online-service-config §8 "select-all of templates or fields").
 */
export function FieldPicker({ load, opened, onClose, onPick, takenIds }: FieldPickerProps) {
  const client = useApi();
  const { t } = useI18n();
  // a new loader function from the caller does not reload the page; the latest one is used for the next load
  const latest = useRef(load ?? customFieldPage(client));
  latest.current = load ?? latest.current;
  const description = useMemo(() => customFieldPicker((params) => latest.current(params)), []);
  return (
    <EntityPicker
      description={description}
      opened={opened}
      onClose={onClose}
      onPick={onPick}
      takenIds={takenIds}
      confirmSelectAll={(count) => t('field.confirmSelectAll', { count })}
    />
  );
}
