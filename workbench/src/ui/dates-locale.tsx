import { DatesProvider } from '@mantine/dates';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import type { ReactNode } from 'react';
import type { Locale } from '../i18n/dictionary';
import { type Translate, useLocaleStore } from '../i18n/locale-store';

/** dayjs's name of the console's language: month and day names of the calendars, the first day of the week. */
export function datesLocale(locale: Locale): string {
  return locale === 'en' ? 'en' : 'zh-cn';
}

/** The calendar's own words in the console's language (dayjs gives the names; these are the rest). */
export function calendarWords(locale: Locale, t: Translate) {
  return {
    locale: datesLocale(locale),
    // zh-cn's month names alone ("十一月 2026") read oddly as a heading; a Chinese calendar says 2026年11月
    monthLabelFormat: locale === 'en' ? 'MMMM YYYY' : 'YYYY年M月',
    // a day's name for screen readers (and tests): 2026年11月25日, 25 November 2026
    getDayAriaLabel: (day: string) =>
      dayjs(day)
        .locale(datesLocale(locale))
        .format(locale === 'en' ? 'D MMMM YYYY' : 'YYYY年M月D日'),
    previousLabel: t('date.previous'),
    nextLabel: t('date.next'),
    clearButtonProps: { 'aria-label': t('date.clear') },
  };
}

/** @mantine/dates in the console's language, following the language switch (set up beside MantineProvider). */
export function LocaleDatesProvider({ children }: { children: ReactNode }) {
  const locale = useLocaleStore((s) => s.locale);
  return <DatesProvider settings={{ locale: datesLocale(locale), firstDayOfWeek: 1 }}>{children}</DatesProvider>;
}
