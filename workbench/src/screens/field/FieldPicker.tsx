import { useMemo, useRef } from 'react';
import type { RecordId } from '../../api/resource';
import { type CustomFieldRecord, customFieldPicker } from '../../entities/custom-field';
import { EntityPicker } from '../../entity/EntityPicker';
import type { PickerLoader } from '../../entity/types';

export interface FieldPickerProps {
  /** where the fields come from (a custom-field `/page` call once the server has one) */
  load: PickerLoader<CustomFieldRecord>;
  opened: boolean;
  onClose: () => void;
  onPick: (fields: CustomFieldRecord[]) => void | Promise<void>;
  /** fields already chosen (e.g. attached to the template): shown ticked, not choosable again */
  takenIds?: readonly RecordId[];
}

/** The field picker modal: the generic EntityPicker with the custom-field preset (name, code, type). */
export function FieldPicker({ load, opened, onClose, onPick, takenIds }: FieldPickerProps) {
  // a new loader function from the caller does not reload the page; the latest one is used for the next load
  const latest = useRef(load);
  latest.current = load;
  const description = useMemo(() => customFieldPicker((params) => latest.current(params)), []);
  return (
    <EntityPicker description={description} opened={opened} onClose={onClose} onPick={onPick} takenIds={takenIds} />
  );
}
