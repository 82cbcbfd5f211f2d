import { notifications } from '@mantine/notifications';
import { message } from '../i18n/locale-store';

/** The generic success message of every action (spec: "Success shows a generic success message"). */
export function notifySuccess(): void {
  notifications.show({ color: 'green', message: message('common.success') });
}

/** Client-side warnings such as 请选择记录. */
export function notifyWarning(text: string): void {
  notifications.show({ color: 'orange', message: text });
}

export function notifyError(text: string): void {
  notifications.show({ color: 'red', message: text });
}
