import { type CsLine, csLineContract, csLineSaveSchema } from '@qcdesk/contracts';
import { type Dispatch, type SetStateAction, useMemo, useState } from 'react';
import { useApi } from '../../../api/api-context';
import { resource } from '../../../api/resource';
import { useLoad } from '../../../api/use-load';
import { useSaveForm } from '../../../api/use-save-form';
import { useCan } from '../../../auth/session-store';
import { mayUse } from '../../../entity/access';
import { placeProblems } from '../../../entity/place-problems';
import { useI18n } from '../../../i18n/locale-store';
import type { RouteLocation } from '../../../router/location';
import { navigate } from '../../../router/router-store';
import { type LineBlock, lineSaveBody } from './line-save';

export interface LineScreen<V> {
  /** the line as loaded (null until then) */
  line: CsLine | null;
  /** what the screen edits, from the line (null until loaded) */
  values: V | null;
  setValues: Dispatch<SetStateAction<V | null>>;
  /** changes some values and forgets the problems shown under `keys` */
  set: (patch: Partial<V>, ...keys: string[]) => void;
  /** whether the user may change lines (csLine.edit): otherwise the inputs are disabled and there is no save */
  editable: boolean;
  loading: boolean;
  saving: boolean;
  /** problems by field path (`waitingConfig.longQueuePersons`), shown under their inputs */
  errors: Readonly<Record<string, string>>;
  /** the server's message of a failed save or load (spec §8: a banner at the top) */
  banner: string | null;
  setBanner: Dispatch<SetStateAction<string | null>>;
  /**
   * Saves id, name, version and `block` (the contract checks it first: a problem of a field the screen shows goes
   * under it, any other to the banner). After the save the screen reopens on the new version and the list beneath
   * reloads. Answers false when the check refused the body.
   */
  save: (block: LineBlock, name?: string) => Promise<boolean>;
}

/**
 * What every screen of the line modal shares: the line's detail, the values it edits, and the save of one block
 * (online-service-config §2.1, §7). `shows` says which field paths the screen has an input for.
 */
export function useLineScreen<V>(
  location: RouteLocation,
  valuesOf: (line: CsLine) => V,
  shows: (field: string) => boolean,
): LineScreen<V> {
  const client = useApi();
  const api = useMemo(() => resource<CsLine>(client, csLineContract.base, csLineContract), [client]);
  const { locale } = useI18n();
  const editable = mayUse(useCan(), csLineContract.base, 'change');
  const id = location.query.id ?? '';
  const [values, setValues] = useState<V | null>(null);
  const form = useSaveForm({ fieldOf: (field) => (shows(field) ? field : null) });
  const loaded = useLoad(() => api.detail(id), [api, id], {
    onLoad: (line) => setValues(valuesOf(line)),
    onError: form.setBanner,
  });
  const line = loaded.data;

  const set = (patch: Partial<V>, ...keys: string[]) => {
    setValues((v) => (v ? { ...v, ...patch } : v));
    for (const key of keys) form.clearError(key);
  };

  const save = async (block: LineBlock, name?: string) => {
    if (!line) return false;
    const checked = csLineSaveSchema.safeParse(lineSaveBody(line, block, name));
    if (!checked.success) {
      const placed = placeProblems(checked.error, locale, (field) => (shows(field) ? field : null));
      form.setErrors(placed.errors);
      form.setBanner(placed.banner);
      return false;
    }
    form.setErrors({});
    await form.submit(
      () => api.save(checked.data as unknown as Record<string, unknown>),
      () =>
        navigate(
          location.path,
          { id, _modal: location.query._modal ?? 'full', _reload: 'list' },
          { replace: true, force: true },
        ),
    );
    return true;
  };

  return {
    line,
    values,
    setValues,
    set,
    editable,
    loading: loaded.loading,
    saving: form.saving,
    errors: form.errors,
    banner: form.banner,
    setBanner: form.setBanner,
    save,
  };
}
