import { TEMPLATE_PICKER_HEIGHT, type TemplateRecord, taskKindPage, templatePicker } from '../../entities/space';
import { type PickerPreset, PresetPicker, type PresetPickerProps } from '../../entity/PresetPicker';

export type TemplatePickerProps = PresetPickerProps<TemplateRecord>;

const TEMPLATE_PICKER: PickerPreset<TemplateRecord> = {
  describe: templatePicker,
  defaultLoad: taskKindPage,
  confirmKey: 'space.confirmSelectAll',
  tableHeight: TEMPLATE_PICKER_HEIGHT,
};

/**
 * The template picker (tickets spec §2 "Template picker", §5, §8): the ticket-kind preset from the organisation's
 * kinds (`/v3/feed/task-kind/page`) unless given, a table 500 high, 10 a page; a template already listed is not
 * chosen again; select-all asks first, and with no records warns 请选择记录.
 */
export function TemplatePicker(props: TemplatePickerProps) {
  return <PresetPicker preset={TEMPLATE_PICKER} {...props} />;
}
