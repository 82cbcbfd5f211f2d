import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import fc from 'fast-check';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { useLocaleStore } from '../src/i18n/locale-store';
import { DateField } from '../src/ui/DateField';
import { DateTimeField } from '../src/ui/DateTimeField';
import { heldTime, pickerDate, pickerTime, shownTime } from '../src/ui/date-text';
import { normalTimeOfDay } from '../src/ui/TimeField';
import { fakeClient, renderConsole } from './helpers';

/** A field as a form holds it: what it last handed up is shown beside it. */
function Held({ initial, dayTime, date }: { initial: string; dayTime?: string; date?: boolean }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      {date ? (
        <DateField label="日期" value={value} onChange={setValue} />
      ) : (
        <DateTimeField label="时间" value={value} onChange={setValue} dayTime={dayTime} />
      )}
      <output data-testid="held">{value}</output>
    </>
  );
}

const held = () => screen.getByTestId('held').textContent;
const show = (ui: React.ReactNode, locale: 'zh' | 'en' = 'zh') => {
  renderConsole(ui, { client: fakeClient({}).client });
  // renderConsole starts in Chinese
  if (locale === 'en') useLocaleStore.setState({ locale: 'en' });
};

describe('dates in the user’s language (issue 15, defect 9)', () => {
  it('shows a held time as 2026-11-25 14:03 (24-hour), never the browser’s 11/25/2026 02:03 PM', () => {
    show(<Held initial="2026-11-25T14:03" />);
    const input = screen.getByRole('textbox', { name: '时间' }) as HTMLInputElement;
    expect(input.value).toBe('2026-11-25 14:03');
    expect(input.getAttribute('type')).not.toBe('datetime-local');
    expect(input.placeholder).toBe('年-月-日 时:分');
  });

  it('takes a typed time and hands up what the form held before (2026-11-25T09:30)', async () => {
    show(<Held initial="" />);
    const input = screen.getByRole('textbox', { name: '时间' });
    await userEvent.type(input, '2026-11-25 09:30');
    expect(held()).toBe('2026-11-25T09:30');
    // the form and the address may hold seconds (a link from the overview): shown to the minute
    fireEvent.change(input, { target: { value: '2026-11-05T00:00:00' } });
    expect(held()).toBe('2026-11-05T00:00');
  });

  it('a day clicked in the calendar keeps the time already there', async () => {
    show(<Held initial="2026-11-25T14:03" />);
    await userEvent.click(screen.getByRole('textbox', { name: '时间' }));
    // the calendar names its month and days in Chinese
    expect(await screen.findByText('2026年11月')).toBeTruthy();
    expect(screen.getByText('一')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '2026年11月10日' }));
    expect(held()).toBe('2026-11-10T14:03');
  });

  it('an empty end field takes 23:59 with a clicked or typed day, so the whole day counts', async () => {
    show(<Held initial="" dayTime="23:59" />);
    const input = screen.getByRole('textbox', { name: '时间' });
    await userEvent.click(input);
    // the calendar opens on this month
    const today = dayjs();
    await userEvent.click(await screen.findByRole('button', { name: today.format('YYYY年M月D日') }));
    expect(held()).toBe(`${today.format('YYYY-MM-DD')}T23:59`);
    await userEvent.clear(input);
    await userEvent.type(input, '2026-11-25');
    expect(held()).toBe('2026-11-25T23:59');
  });

  it('clears with its ×', async () => {
    show(<Held initial="2026-11-25T14:03" />);
    await userEvent.click(screen.getByRole('button', { name: '清除日期' }));
    expect(held()).toBe('');
  });

  it('in English: the same order and 24 hours, the calendar in English', async () => {
    show(<Held initial="2026-11-25T14:03" />, 'en');
    const input = await screen.findByRole('textbox', { name: '时间' });
    expect((input as HTMLInputElement).value).toBe('2026-11-25 14:03');
    await userEvent.click(input);
    expect(await screen.findByText('November 2026')).toBeTruthy();
    expect(screen.queryByText(/十一月/)).toBeNull();
  });

  it('a date field shows and takes 2026-11-25', async () => {
    show(<Held initial="2026-11-01" date />);
    const input = screen.getByRole('textbox', { name: '日期' }) as HTMLInputElement;
    expect(input.value).toBe('2026-11-01');
    await userEvent.click(input);
    const calendar = await screen.findByText('2026年11月');
    expect(calendar).toBeTruthy();
    await userEvent.click(within(document.body).getByRole('button', { name: '2026年11月25日' }));
    expect(held()).toBe('2026-11-25');
  });
});

describe('date text', () => {
  const day = fc.date({ min: new Date(2000, 0, 1), max: new Date(2099, 11, 31), noInvalidDate: true });
  const pad = (n: number) => String(n).padStart(2, '0');
  const heldOf = (d: Date) =>
    `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;

  it('held → picker → held gives back the same minute, and the shown text is the held one with a space', () => {
    fc.assert(
      fc.property(day, (d) => {
        const text = heldOf(d);
        expect(heldTime(pickerTime(text))).toBe(text);
        expect(shownTime(text)).toBe(text.replace('T', ' '));
      }),
    );
  });

  it('refuses what is no date or time', () => {
    for (const bad of ['2026-02-30', '2026-13-01', '2026-11-25 24:00', '2026-11-25 10:60', 'yesterday', '11/25/2026'])
      expect(pickerTime(bad), bad).toBeNull();
    expect(pickerDate('2026-11-25 10:00')).toBe('2026-11-25');
    expect(shownTime('not a time')).toBe('not a time');
  });

  it('writes a typed time of day in full, 24-hour', () => {
    expect(normalTimeOfDay('9:05')).toBe('09:05');
    expect(normalTimeOfDay('0905')).toBe('09:05');
    expect(normalTimeOfDay('23:59')).toBe('23:59');
    expect(normalTimeOfDay('24:00')).toBe('24:00');
    expect(normalTimeOfDay('下午两点')).toBe('下午两点');
  });
});
