import type {
  Dictionary,
  DirectoryKind,
  MessageCode,
  PermissionKey,
  QuickDate,
  toFieldErrors,
} from '@qcdesk/contracts';
import type { ReactNode } from 'react';
import type { ApiClient } from '../api/client';
import type { RecordId } from '../api/resource';
import type { MessageKey } from '../i18n/dictionary';
import type { QueryInput } from '../router/location';
import type { EntityCall } from './access';

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
  /**
   * a text box, a dictionary select, a pick by name of an agent, group, line or channel that sends its id, or the
   * sensitive-word libraries (`censorBan`: a pick of the libraries where the server lists them, else ids typed)
   */
  kind: 'text' | 'select' | 'directory' | 'censorBan';
  dictionary?: Dictionary<string>;
  /** a select whose choices are loaded (e.g. the organisation's AI platforms), instead of a dictionary */
  options?: (client: ApiClient) => Promise<FormOption[]>;
  directory?: DirectoryKind;
  /** what the filter shows and sends until changed, and again after a reset (a time basis: createTime) */
  defaultValue?: string;
  /** among the few most used, always shown; the others fold under 展开 (all show when none is marked) */
  primary?: boolean;
}

/** The filters' values before any search: each filter's default, where it has one. */
export function filterDefaults(filters: readonly EntityFilter[]): Record<string, string> {
  const values: Record<string, string> = {};
  for (const filter of filters) if (filter.defaultValue !== undefined) values[filter.key] = filter.defaultValue;
  return values;
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

/** A toolbar button: runs with the selected ids, shown when the user may make the entity's `access` call. */
export interface ToolbarButton<R> {
  label: MessageKey;
  /** the entity call whose permission shows the button (the route table's key, never restated) */
  access?: EntityCall;
  /** refuse to run with nothing selected (the list warns 请选择记录) */
  needsSelection?: boolean;
  run: (selected: readonly RecordId[], context: RowActionContext<R>) => void | Promise<void>;
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
  // who may create, toggle status and delete is not declared here: it is the contracts' ROUTE_PERMISSIONS entry of
  // `${api.base}/create`, `/status` and `/delete` (see entity/access.ts), the same table the server enforces
  /** NONE / TRASH views with delete, restore and empty */
  softDelete: boolean;
  /** bulk activate / deactivate through `/status` */
  status?: {
    active: string;
    inactive: string;
    /** tooltip of the activate button for the current route query (e.g. AI schemes: angles must total 100) */
    activateTip?: (query: Readonly<Record<string, string>>) => string | null;
  };
  /** tabs chosen by a route query parameter (e.g. targetType AI / PERSON), each with its count when given */
  tabs?: {
    param: string;
    dictionary: Dictionary<string>;
    defaultValue: string;
    label?: (value: string) => MessageKey;
    /** the count of each tab, read from the page answer (e.g. `allNum`): shown as 全部(12) */
    counts?: (answer: Readonly<Record<string, unknown>>) => Readonly<Record<string, number | undefined>>;
  };
  /**
   * the quick date choice of the search row (the contracts' QuickDate: yesterday, today, last 7 and 30 days,
   * all), sent in the page body under `param` (default `quickDate`)
   */
  quickDate?: { param?: string; defaultValue: QuickDate };
  /** more toolbar buttons from the description: before the create button (left) or at the row's end (right) */
  toolbar?: { left?: ToolbarButton<R>[]; right?: ToolbarButton<R>[] };
  /** keyword search box (body field `keyword`) */
  keyword: boolean;
  filters: EntityFilter[];
  columns: EntityColumn<R>[];
  /** requested fields sent in the page body */
  fields?: readonly string[];
  /**
   * the contract check of the page body, run before the call so a filter that cannot match is said at its input
   * (e.g. `body => aiResultFilterSchema.safeParse(body)`); an entity contract's list is checked by its own filter
   * schema without this
   */
  filterCheck?: (body: Record<string, unknown>) => FormBodyCheck;
  /** the create button's route for the current query */
  create?: (query: Readonly<Record<string, string>>) => RouteTarget;
  rowActions?: RowAction<R>[];
  pageSizes?: readonly number[];
  defaultPageSize?: number;
  /** the table keeps at least this width (px) and scrolls sideways; by default the sum of its columns' widths */
  minTableWidth?: number;
  /** the entity's simple create/edit form, rendered by EntityForm (complex screens such as rule config stay custom) */
  form?: EntityFormDescription<R>;
}

/** A description whose entity has a simple form (what EntityForm renders). */
export type EntityDescriptionWithForm<R extends EntityRecord> = EntityDescription<R> & {
  form: EntityFormDescription<R>;
};

/**
 * How a form field is edited: text input, text area, select, multi-select, number, date and time, an uploaded image,
 * or an on/off switch.
 */
export type FormFieldKind = 'text' | 'textarea' | 'select' | 'multiselect' | 'number' | 'date' | 'image' | 'switch';

/**
 * A form value as its input holds it: text (also dates, as datetime-local text), chosen values, a number, a switch's
 * on or off.
 */
export type FormValue = string | string[] | number | boolean | null;
export type FormValues = Record<string, FormValue>;

export interface FormOption {
  value: string;
  label: string;
}

/** What an options loader may use: the API, the values being edited, and the record as loaded (null on create). */
export interface FormOptionsContext<R> {
  client: ApiClient;
  values: Readonly<FormValues>;
  record: R | null;
}

/** One field of an entity form; its value goes into the body under `key`. */
export interface EntityFormField<R> {
  key: string;
  kind: FormFieldKind;
  label: MessageKey;
  /** empty ('' after trimming, no choice, an empty list) is refused with the contracts' 'common.required' */
  required?: boolean;
  /** the message of an empty required field where the spec words it (a summary's 请输入名称) */
  requiredMessage?: MessageCode;
  /** text and textarea: at most this many characters (a limit of the contracts' LIMITS) */
  maxLength?: number;
  /** number: the range */
  min?: number;
  max?: number;
  /** select and multiselect: a contract dictionary … */
  dictionary?: Dictionary<string>;
  /** … or a loader, run again when a value named in `optionsDependOn` changes */
  options?: (context: FormOptionsContext<R>) => Promise<FormOption[]>;
  optionsDependOn?: readonly string[];
  /** image: the upload folder the file goes to (its stored path is the value) */
  uploadDir?: string;
  /** shown but never edited (e.g. a task's type, fixed by the route) */
  fixed?: boolean;
  /** switch: what the body carries for on and off (default true and false; a ticket kind's attachment switch 1 and 0) */
  switchValues?: { on: unknown; off: unknown };
  /** shown (and checked) only while this holds of the values, e.g. a space's ticket kinds for TICKET spaces only */
  shown?: (values: Readonly<FormValues>) => boolean;
}

/** What a body check answers: zod's safeParse result shape (the contracts' save schemas fit as they are). */
export type FormBodyCheck =
  | { success: true; data: unknown }
  | { success: false; error: { readonly issues: readonly FormBodyIssue[] } };
/** A problem of a body check, as the contracts' toFieldErrors reads it. */
export type FormBodyIssue = Parameters<typeof toFieldErrors>[0]['issues'][number];

/**
 * The simple form of an entity (issue 5: "form fields"): its fields, how a record becomes values and values a body,
 * the contract check of the body, the permission to edit, and where a save reopens the form.
 */
export interface EntityFormDescription<R extends EntityRecord> {
  fields: EntityFormField<R>[];
  /** who may edit; without it the inputs are disabled and there is no save */
  permission?: PermissionKey;
  /** the values of a new record (e.g. the type the route names); a loaded record's own values win */
  defaults?: (query: Readonly<Record<string, string>>) => FormValues;
  /** the body from the values; by default each field by its kind (trimmed text, '' as null, dates as stored) */
  toBody?: (values: Readonly<FormValues>, record: R | null) => Record<string, unknown>;
  /** the contract check of the body (e.g. `body => qcTaskSaveSchema.safeParse(body)`); its data is what is sent */
  check?: (body: Record<string, unknown>) => FormBodyCheck;
  /** after a successful save: the route that reopens the form in its saved state (with `_reload: 'list'`) */
  afterSave: (
    id: RecordId,
    values: Readonly<FormValues>,
    query: Readonly<Record<string, string>>,
  ) => RouteTarget & { replace?: boolean };
}

/** What a picker's loader is asked: the page, the keyword and the search fields' values. */
export interface PickerParams {
  page: number;
  size: number;
  keyword?: string;
  filters: Readonly<Record<string, string>>;
}

/** A picker's source of rows, e.g. a `/page` call, or a fake in tests. */
export type PickerLoader<R> = (params: PickerParams) => Promise<{ records: R[]; total: number }>;

/**
 * A picker modal (spec "Shared pieces": field picker; also scheme, rule, agent pickers): search, columns and paging as
 * an entity list has them, and the loader of its rows. Page size 10 with 10, 20, 30, 100 unless it says otherwise.
 */
export interface PickerDescription<R extends EntityRecord> {
  title: MessageKey;
  /** keyword search box (param `keyword`) */
  keyword: boolean;
  filters: EntityFilter[];
  columns: EntityColumn<R>[];
  load: PickerLoader<R>;
  pageSizes?: readonly number[];
  defaultPageSize?: number;
}
