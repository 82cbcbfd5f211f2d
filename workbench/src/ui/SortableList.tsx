import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  type UniqueIdentifier,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  arrayMove,
  rectSortingStrategy,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon } from '@mantine/core';
import { IconGripVertical } from '@tabler/icons-react';
import { type CSSProperties, type ReactNode, useRef } from 'react';
import { type Translate, useT } from '../i18n/locale-store';

/** What a row is given to render itself: its place, the drag handle to put where it fits, and whether it is lifted. */
export interface SortableRow {
  index: number;
  handle: ReactNode;
  dragging: boolean;
}

export interface SortableListProps<T> {
  items: readonly T[];
  /** the items in their new order (the same objects, moved) */
  onChange: (next: T[]) => void;
  renderItem: (item: T, row: SortableRow) => ReactNode;
  /** what the handle and the screen-reader announcements call an item (its name, or 菜单-2) */
  itemLabel: (item: T, index: number) => string;
  /** the items' own ids where they have them; otherwise a key follows each item object (see `followKeys`) */
  itemKey?: (item: T, index: number) => string;
  /** a column of rows (default) or a wrapping row of chips (tabs, buttons of a bar) */
  direction?: 'vertical' | 'horizontal';
  disabled?: boolean;
  /** names the list for `data-testid` and the rows (`{testId}-row-{i}`) */
  testId?: string;
  gap?: number;
}

/**
 * Keys that stay with their items across changes when the items carry no id: an item that is the same object as
 * before keeps its key (a move), an edited item (a new object in the place of one that is gone) keeps the key of
 * its place, anything else is new. Pure, so that it can be checked alone.
 */
export function followKeys<T>(
  previous: { items: readonly T[]; keys: readonly string[] },
  items: readonly T[],
  newKey: () => string,
): string[] {
  const used = new Set<string>();
  const byItem = new Map<T, string[]>();
  previous.items.forEach((item, i) => {
    const key = previous.keys[i];
    if (key !== undefined) byItem.set(item, [...(byItem.get(item) ?? []), key]);
  });
  const stillThere = new Set(items);
  const keys = items.map((item) => {
    const same = byItem.get(item)?.find((key) => !used.has(key));
    if (same !== undefined) {
      used.add(same);
      return same;
    }
    return '';
  });
  return keys.map((key, i) => {
    if (key) return key;
    const placeKey = previous.keys[i];
    const placeItem = previous.items[i];
    const replaced = placeKey !== undefined && !used.has(placeKey) && !stillThere.has(placeItem as T);
    const next = replaced ? placeKey : newKey();
    used.add(next);
    return next;
  });
}

/** followKeys over the renders of one list. */
function useFollowedKeys<T>(items: readonly T[], itemKey?: (item: T, index: number) => string): string[] {
  const memory = useRef<{ items: readonly T[]; keys: readonly string[]; next: number }>({
    items: [],
    keys: [],
    next: 0,
  });
  if (itemKey) return items.map(itemKey);
  const state = memory.current;
  if (state.items === items) return [...state.keys];
  const keys = followKeys(state, items, () => {
    state.next += 1;
    return `item-${state.next}`;
  });
  memory.current = { items, keys, next: state.next };
  return keys;
}

/** The live-region texts of a drag, in the console's language, naming items by their labels. */
function announcements(t: Translate, labelOf: (id: UniqueIdentifier) => string): Announcements {
  const place = (id: UniqueIdentifier | undefined) => (id === undefined ? '' : labelOf(id));
  return {
    onDragStart: ({ active }) => t('sortable.picked', { name: place(active.id) }),
    onDragOver: ({ active, over }) =>
      over ? t('sortable.over', { name: place(active.id), target: place(over.id) }) : undefined,
    onDragEnd: ({ active, over }) =>
      over ? t('sortable.dropped', { name: place(active.id), target: place(over.id) }) : undefined,
    onDragCancel: ({ active }) => t('sortable.cancelled', { name: place(active.id) }),
  };
}

interface RowProps {
  id: string;
  index: number;
  label: string;
  disabled: boolean;
  testId?: string;
  children: (row: SortableRow) => ReactNode;
}

function SortableItem({ id, index, label, disabled, testId, children }: RowProps) {
  const t = useT();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id,
    disabled,
  });
  const style: CSSProperties = {
    transform: CSS.Translate.toString(transform),
    transition,
    position: 'relative',
    zIndex: isDragging ? 2 : undefined,
    opacity: isDragging ? 0.85 : undefined,
  };
  const handle = disabled ? null : (
    <ActionIcon
      ref={setActivatorNodeRef}
      variant="subtle"
      color="gray"
      size="sm"
      aria-label={t('sortable.handle', { name: label })}
      style={{ cursor: isDragging ? 'grabbing' : 'grab', touchAction: 'none' }}
      data-sortable-handle
      {...attributes}
      {...listeners}
    >
      <IconGripVertical size={14} />
    </ActionIcon>
  );
  return (
    <div
      ref={setNodeRef}
      style={style}
      data-sortable-index={index}
      data-dragging={isDragging || undefined}
      data-testid={testId ? `${testId}-row-${index}` : undefined}
    >
      {children({ index, handle, dragging: isDragging })}
    </div>
  );
}

/**
 * A list the user reorders by dragging a row's handle (mouse or touch), or from the keyboard: focus the handle,
 * space to lift, arrows to move, space to drop, escape to cancel; what happens is announced in the console's
 * language. The list never changes its items itself: it hands the new order to `onChange`.
 */
export function SortableList<T>({
  items,
  onChange,
  renderItem,
  itemLabel,
  itemKey,
  direction = 'vertical',
  disabled = false,
  testId,
  gap = 8,
}: SortableListProps<T>) {
  const t = useT();
  const keys = useFollowedKeys(items, itemKey);
  const sensors = useSensors(
    // a few pixels of travel before a drag starts, so a click on the handle stays a click
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const labelOf = (id: UniqueIdentifier) => {
    const i = keys.indexOf(String(id));
    const item = items[i];
    return i < 0 || item === undefined ? '' : itemLabel(item, i);
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = keys.indexOf(String(active.id));
    const to = keys.indexOf(String(over.id));
    if (from < 0 || to < 0) return;
    onChange(arrayMove([...items], from, to));
  };
  const horizontal = direction === 'horizontal';
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements: announcements(t, labelOf),
        screenReaderInstructions: { draggable: t('sortable.instructions') },
      }}
    >
      <SortableContext
        items={keys}
        strategy={horizontal ? rectSortingStrategy : verticalListSortingStrategy}
        disabled={disabled}
      >
        <div
          data-testid={testId}
          style={{
            display: 'flex',
            flexDirection: horizontal ? 'row' : 'column',
            flexWrap: horizontal ? 'wrap' : undefined,
            gap,
          }}
        >
          {items.map((item, index) => {
            const key = keys[index] ?? String(index);
            return (
              <SortableItem
                key={key}
                id={key}
                index={index}
                label={itemLabel(item, index)}
                disabled={disabled}
                testId={testId}
              >
                {(row) => renderItem(item, row)}
              </SortableItem>
            );
          })}
        </div>
      </SortableContext>
    </DndContext>
  );
}
