import { type Dictionary, formatMessage, type MessageCode, type MessageParams } from '@qcdesk/contracts';
import { create } from 'zustand';
import { DICTIONARIES, format, type Locale, type MessageKey } from './dictionary';

const STORAGE_KEY = 'qcdesk.locale';

function initialLocale(): Locale {
  try {
    return globalThis.localStorage?.getItem(STORAGE_KEY) === 'en' ? 'en' : 'zh';
  } catch {
    return 'zh';
  }
}

interface LocaleState {
  locale: Locale;
  setLocale: (locale: Locale) => void;
}

export const useLocaleStore = create<LocaleState>((set) => ({
  locale: initialLocale(),
  setLocale: (locale) => {
    try {
      globalThis.localStorage?.setItem(STORAGE_KEY, locale);
    } catch {
      // private mode: the choice lasts for this page only
    }
    set({ locale });
  },
}));

/** `<html lang>` follows the language switch: zh-CN or en (screen readers, fonts, the browser's translate offer). */
function applyDocumentLang(locale: Locale): void {
  if (typeof document !== 'undefined') document.documentElement.lang = locale === 'en' ? 'en' : 'zh-CN';
}
applyDocumentLang(useLocaleStore.getState().locale);
useLocaleStore.subscribe((state, previous) => {
  if (state.locale !== previous.locale) applyDocumentLang(state.locale);
});

export type Translate = (key: MessageKey, params?: Record<string, string | number>) => string;

/**
 * The console's words in the current language: `t` for interface labels (our dictionary), `m` for the
 * validation messages of @qcdesk/contracts, `label` for a contract dictionary value, `pick` for any
 * bilingual `{zh, en}` text (engine compile errors). Components re-render when the language changes.
 */
export function useT(): Translate {
  const locale = useLocaleStore((s) => s.locale);
  return (key, params) => format(DICTIONARIES[locale][key], params);
}

export function useI18n() {
  const locale = useLocaleStore((s) => s.locale);
  return {
    locale,
    t: ((key, params) => format(DICTIONARIES[locale][key], params)) as Translate,
    m: (code: MessageCode, params?: MessageParams) => formatMessage(code, locale, params),
    label: <T extends string>(dictionary: Dictionary<T>, value: string | null | undefined) =>
      value === null || value === undefined ? '' : dictionary.label(value, locale),
    options: <T extends string>(dictionary: Dictionary<T>) => dictionary.options(locale),
    pick: (text: { zh: string; en: string }) => (locale === 'en' ? text.en : text.zh),
  };
}

/** For code outside components (notifications, confirmations). */
export function translate(key: MessageKey, params?: Record<string, string | number>): string {
  return format(DICTIONARIES[useLocaleStore.getState().locale][key], params);
}

export function message(code: MessageCode, params?: MessageParams): string {
  return formatMessage(code, useLocaleStore.getState().locale, params);
}
