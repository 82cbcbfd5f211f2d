import { Text } from '@mantine/core';
import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { followKeys, SortableList } from '../src/ui/SortableList';
import { fakeClient, renderConsole } from './helpers';

interface Item {
  name: string;
}

/**
 * jsdom lays nothing out: each row gets a 40 px tall box by its place, so that the keyboard's "one row down" finds the
 * next row as a browser would.
 */
const ROW = 40;
const realRect = HTMLElement.prototype.getBoundingClientRect;
beforeAll(() => {
  HTMLElement.prototype.getBoundingClientRect = function rect(this: HTMLElement) {
    const row = this.closest('[data-sortable-index]');
    const top = row ? Number(row.getAttribute('data-sortable-index')) * ROW : 0;
    return { x: 0, y: top, top, left: 0, width: 300, height: ROW, right: 300, bottom: top + ROW, toJSON: () => ({}) };
  };
});
afterAll(() => {
  HTMLElement.prototype.getBoundingClientRect = realRect;
});

function Harness({ onChange, disabled = false }: { onChange: (names: string[]) => void; disabled?: boolean }) {
  const [items, setItems] = useState<Item[]>([{ name: '菜单-1' }, { name: '菜单-2' }, { name: '菜单-3' }]);
  return (
    <SortableList
      items={items}
      disabled={disabled}
      testId="menus"
      itemLabel={(item) => item.name}
      onChange={(next) => {
        onChange(next.map((item) => item.name));
        setItems(next);
      }}
      renderItem={(item, row) => (
        <div>
          {row.handle}
          <Text>{item.name}</Text>
        </div>
      )}
    />
  );
}

const names = () => screen.getAllByTestId(/^menus-row-/).map((row) => within(row).getByText(/菜单-/).textContent);

/** Lets dnd-kit's measuring and scheduled updates run. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 20)));

describe('SortableList', () => {
  it('reorders from the keyboard: space lifts, an arrow moves, space drops, and onChange gets the new order', async () => {
    const onChange = vi.fn();
    renderConsole(<Harness onChange={onChange} />, { client: fakeClient({}).client });
    const handle = screen.getByRole('button', { name: '拖动排序：菜单-1' });
    handle.focus();
    // dnd-kit reads KeyboardEvent.code
    fireEvent.keyDown(handle, { code: 'Space', key: ' ' });
    await settle();
    fireEvent.keyDown(document, { code: 'ArrowDown', key: 'ArrowDown' });
    await settle();
    fireEvent.keyDown(document, { code: 'Space', key: ' ' });
    await settle();
    expect(onChange).toHaveBeenCalledWith(['菜单-2', '菜单-1', '菜单-3']);
    expect(names()).toEqual(['菜单-2', '菜单-1', '菜单-3']);
  });

  it('escape cancels a lifted row: the order stays', async () => {
    const onChange = vi.fn();
    renderConsole(<Harness onChange={onChange} />, { client: fakeClient({}).client });
    const handle = screen.getByRole('button', { name: '拖动排序：菜单-3' });
    handle.focus();
    fireEvent.keyDown(handle, { code: 'Space', key: ' ' });
    await settle();
    fireEvent.keyDown(document, { code: 'ArrowUp', key: 'ArrowUp' });
    await settle();
    fireEvent.keyDown(document, { code: 'Escape', key: 'Escape' });
    await settle();
    expect(onChange).not.toHaveBeenCalled();
    expect(names()).toEqual(['菜单-1', '菜单-2', '菜单-3']);
  });

  it('tells a screen reader how to move a row, in the console language', async () => {
    renderConsole(<Harness onChange={() => {}} />, { client: fakeClient({}).client });
    expect(screen.getByText('按空格键拿起，用方向键移动，再按空格键放下，按 Esc 取消。')).toBeTruthy();
    await userEvent.tab();
    expect(document.activeElement?.getAttribute('aria-label')).toBe('拖动排序：菜单-1');
  });

  it('shows no handle when the list may not be changed', () => {
    renderConsole(<Harness onChange={() => {}} disabled />, { client: fakeClient({}).client });
    expect(screen.queryByRole('button', { name: /拖动排序/ })).toBeNull();
    expect(names()).toEqual(['菜单-1', '菜单-2', '菜单-3']);
  });
});

describe('followKeys', () => {
  const counter = () => {
    let n = 0;
    return () => `k${++n}`;
  };
  const a = { name: 'a' };
  const b = { name: 'b' };
  const c = { name: 'c' };

  it('a moved item keeps its key, an edited one keeps the key of its place, an added one gets a new key', () => {
    const before = { items: [a, b, c], keys: ['1', '2', '3'] };
    expect(followKeys(before, [c, a, b], counter())).toEqual(['3', '1', '2']);
    const editedB = { name: 'B' };
    expect(followKeys(before, [a, editedB, c], counter())).toEqual(['1', '2', '3']);
    expect(followKeys(before, [a, b, c, { name: 'd' }], counter())).toEqual(['1', '2', '3', 'k1']);
    // removing the first leaves the others their keys
    expect(followKeys(before, [b, c], counter())).toEqual(['2', '3']);
  });
});
