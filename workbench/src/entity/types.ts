import type { Dictionary, PermissionKey } from '@qcdesk/contracts';
import type { ReactNode } from 'react';
import type { ApiClient } from '../api/client';
import type { RecordId } from '../api/resource';
import type { MessageKey } from '../i18n/dictionary';
import type { QueryInput } from '../router/location';

/** Where a link or button goes: a hash route. */
export interface RouteTarget {
  path: string;
  query?: QueryInput;
}

export interface EntityRecord {
  id: RecordId;
}

/** One column of a list. Without `render`, the value is shown by `kind` ('--' when absent). */
export interface EntityColumn<R> {
  key: string;
  title: MessageKey;
  /** the value shown; `row[key]` by default */
  value?: (row: R) => unknown;
  /** text (default), time, a dictionary label (`dict`) or tag (`tag`), or a folded list (`fold`) */
  kind?: 'text' | 'time' | 'dict' | 'tag' | 'fold';
  dictionary?: Dictionary<string>;
  /** folded lists: how many are shown before the +n toggle, and each item's text */
  fold?: { limit: number; label: (item: unknown) => string };
  /** the cell links to a route (e.g. the name opens the config modal) */
  link?: (row: R) => RouteTarget;
  render?: (row: R) => ReactNode;
  /** the header cell's content instead of the title (e.g. a sort toggle) */
  header?: () => ReactNode;
  width?: number | string;
}

/** One search field; its value goes into the page body under `key`. */
export interface EntityFilter {
  key: string;
  label: MessageKey;
  kind: 'text' | 'select';
  dictionary?: Dictionary<string>;
}

/** A row button: a route to open, or an action to run (shown when the user holds `permission`). */
export interface RowAction<R> {
  label: MessageKey;
  permission?: PermissionKey;
  to?: (row: R) => RouteTarget;
  /** runs instead of opening a route (e.g. a release that confirms and calls the API) */
  run?: (row: R, context: RowActionContext<R>) => void | Promise<void>;
  visible?: (row: R) => boolean;
}

/** What a running row action may use: the API, the rows on screen, and a reload of the list. */
export interface RowActionContext<R> {
  client: ApiClient;
  records: readonly R[];
  reload: () => void;
}

/**
 * Everything the shared screens need to list, search, page, select, delete, restore, empty and toggle an entity.
 * Adding an entity to the console is adding one of these (and a form or detail component for its routes).
 */
export interface EntityDescription<R extends EntityRecord> {
  name: string;
  title: MessageKey;
  /** API base path, e.g. `/v3/chats/qc-scheme`, and the query name of its `/detail` call */
  api: { base: string; detailParam: string };
  /** the list route */
  listPath: string;
  /** NONE / TRASH views with delete, restore and empty */
  softDelete: boolean;
  /** bulk activate / deactivate through `/status` */
  status?: {
    active: string;
    inactive: string;
    /** tooltip of the activate button for the current route query (e.g. AI schemes: angles must total 100) */
    activateTip?: (query: Readonly<Record<string, string>>) => string | null;
  };
  permissions: { create?: PermissionKey; delete?: PermissionKey; status?: PermissionKey };
  /** tabs chosen by a route query parameter (e.g. targetType AI / PERSON) */
  tabs?: { param: string; dictionary: Dictionary<string>; defaultValue: string; label?: (value: string) => MessageKey };
  /** keyword search box (body field `keyword`) */
  keyword: boolean;
  filters: EntityFilter[];
  columns: EntityColumn<R>[];
  /** requested fields sent in the page body */
  fields?: readonly string[];
  /** the create button's route for the current query */
  create?: (query: Readonly<Record<string, string>>) => RouteTarget;
  rowActions?: RowAction<R>[];
  pageSizes?: readonly number[];
  defaultPageSize?: number;
  /** lists with many columns: the table keeps at least this width (px) and scrolls sideways */
  minTableWidth?: number;
}
