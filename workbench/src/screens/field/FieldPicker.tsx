import { type CustomFieldRecord, customFieldPage, customFieldPicker } from '../../entities/custom-field';
import { type PickerPreset, PresetPicker, type PresetPickerProps } from '../../entity/PresetPicker';

export type FieldPickerProps = PresetPickerProps<CustomFieldRecord>;

const FIELD_PICKER: PickerPreset<CustomFieldRecord> = {
  describe: customFieldPicker,
  defaultLoad: customFieldPage,
  confirmKey: 'field.confirmSelectAll',
};

/**
 * The field picker modal: the custom-field preset (name, code, type), 10 a page, from the organisation's custom
 * fields (`/v3/feed/field/page`) unless given; select-all asks first (online-service-config §8 "select-all of
 * templates or fields").
 */
export function FieldPicker(props: FieldPickerProps) {
  return <PresetPicker preset={FIELD_PICKER} {...props} />;
}
