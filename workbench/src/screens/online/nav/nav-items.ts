import {
  defaultButtonName,
  defaultMenuName,
  defaultTabName,
  type NavAction,
  type NavParams,
  type NavSubMenu,
  type NavTab,
} from '@qcdesk/contracts';

/**
 * A menu or button as the editors hold it (spec §3.7): name, action type and its params, an icon for SELF and SIDE
 * buttons, sub-menus for a SELF tab's menu and a SIDE button.
 */
export interface NavItem {
  name: string;
  type: NavAction;
  params: NavParams;
  icon?: string | null | undefined;
  /** sub-menus (NavSubMenu) where the item may hold them; a sub-menu's own is always empty */
  menus?: readonly unknown[] | null | undefined;
}

/** The sub-menus of a menu or SIDE button (the contract's sub-menu shape; none for other items). */
export function subMenusOf(item: NavItem): NavSubMenu[] {
  return (item.menus ?? []) as NavSubMenu[];
}

/** The actions a place offers: MENU only where sub-menus may follow (a SELF tab's menu, a SIDE button). */
export const ACTIONS_WITH_MENU: readonly NavAction[] = ['TEXT', 'LINK', 'SEND', 'AGENT', 'MENU', 'FEED', 'QA'];
export const ACTIONS_WITHOUT_MENU: readonly NavAction[] = ACTIONS_WITH_MENU.filter((a) => a !== 'MENU');

/**
 * The default name for the next of `names`: N is one more than how many there are, moved on past a name already
 * taken (removing 标签-1 of 标签-1, 标签-2 and adding gives 标签-3, not a second 标签-2).
 */
export function nextName(names: readonly string[], make: (n: number) => string): string {
  const taken = new Set(names);
  let n = names.length + 1;
  while (taken.has(make(n))) n++;
  return make(n);
}

/** A new menu (菜单-N): a text reply until the user picks another action. */
export function newMenu(siblings: readonly { name: string }[]): NavSubMenu {
  return {
    name: nextName(
      siblings.map((s) => s.name),
      defaultMenuName,
    ),
    type: 'TEXT',
    params: {},
  };
}

/** A new tab (标签-N) with no menus yet. */
export function newTab(tabs: readonly NavTab[]): NavTab {
  return {
    name: nextName(
      tabs.map((t) => t.name),
      defaultTabName,
    ),
    menus: [],
  };
}

/** A new button (按钮-N): a text reply; `icon` null where the kind has icons. */
export function newButton<B extends NavItem>(buttons: readonly B[], withIcon: boolean): B {
  const button: NavItem = {
    name: nextName(
      buttons.map((b) => b.name),
      defaultButtonName,
    ),
    type: 'TEXT',
    params: {},
  };
  return (withIcon ? { ...button, icon: null } : button) as B;
}

/** `items` with the one at `index` replaced. */
export function replaceAt<T>(items: readonly T[], index: number, item: T): T[] {
  return items.map((old, i) => (i === index ? item : old));
}

/** `items` without the one at `index`. */
export function removeAt<T>(items: readonly T[], index: number): T[] {
  return items.filter((_, i) => i !== index);
}

/**
 * An item whose action became `type`: choosing MENU where sub-menus may follow adds a first sub-menu when there is
 * none (spec §4); the params of the old action stay until the save keeps only the new action's.
 */
export function withAction<T extends NavItem>(item: T, type: NavAction): T {
  if (type === 'MENU' && subMenusOf(item).length === 0) return { ...item, type, menus: [newMenu([])] };
  return { ...item, type };
}

/**
 * A contract or server problem path as the editors key it: `onlineConfig.tabs[0].menus[1].name` →
 * `tabs.0.menus.1.name` (the config field dropped, indexes as segments).
 */
export function editorPath(field: string, configField: string): string {
  const dotted = field.replace(/\[(\d+)\]/g, '.$1');
  return dotted.startsWith(`${configField}.`) ? dotted.slice(configField.length + 1) : dotted;
}

/** Whether some problem lies at or under `prefix` (a tab with a problem in one of its menus is marked). */
export function hasErrorUnder(errors: Readonly<Record<string, string>>, prefix: string): boolean {
  return Object.keys(errors).some((key) => key === prefix || key.startsWith(`${prefix}.`));
}
