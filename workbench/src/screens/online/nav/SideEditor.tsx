import type { SideOnlineConfig } from '@qcdesk/contracts';
import type { NavEditorProps } from './editor-types';
import { NavButtonList } from './NavButtonList';

/** SIDE (spec §3.7): the bar beside the chat, buttons with icons; a button of action MENU holds menus (one level). */
export function SideEditor({ value, onChange, disabled, errors }: NavEditorProps<SideOnlineConfig>) {
  return (
    <NavButtonList
      buttons={value.buttons}
      onChange={(buttons) => onChange({ ...value, buttons })}
      path="buttons"
      errors={errors}
      disabled={disabled}
      withIcon
      withMenus
    />
  );
}
