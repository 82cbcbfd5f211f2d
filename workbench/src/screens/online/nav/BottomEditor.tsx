import type { BottomOnlineConfig } from '@qcdesk/contracts';
import type { NavEditorProps } from './editor-types';
import { NavButtonList } from './NavButtonList';

/** BOTTOM (spec §3.7): the bar of buttons under the chat, each one action (no icons, no menus). */
export function BottomEditor({ value, onChange, disabled, errors }: NavEditorProps<BottomOnlineConfig>) {
  return (
    <NavButtonList
      buttons={value.buttons}
      onChange={(buttons) => onChange({ ...value, buttons })}
      path="buttons"
      errors={errors}
      disabled={disabled}
      withIcon={false}
      withMenus={false}
    />
  );
}
