import { type Dispatch, type SetStateAction, useCallback, useRef, useState } from 'react';
import { notifySuccess } from '../ui/notify';
import { ApiError, errorText } from './client';

export interface SaveForm {
  saving: boolean;
  /** problems by form field key, shown under each field */
  errors: Readonly<Record<string, string>>;
  setErrors: Dispatch<SetStateAction<Record<string, string>>>;
  /** a problem that belongs to no field (or to a field the form does not show), shown in the banner */
  banner: string | null;
  setBanner: Dispatch<SetStateAction<string | null>>;
  /** forgets a field's problem (when the user edits it) */
  clearError: (key: string) => void;
  /**
   * Runs a save: while it runs `saving` is true (and the banner empty); on success the success notice shows and `onSaved` gets the
   * answer; a failure naming a field the form shows goes under that field, any other in the banner.
   */
  submit: <T>(call: () => Promise<T>, onSaved: (answer: T) => void) => Promise<void>;
}

export interface SaveFormOptions {
  /** the form key of the server's field path (`name`, `angles[0].name`…); null: not a field of this form */
  fieldOf?: (serverField: string) => string | null;
}

/**
 * The save flow every form shares: submit → call → the server's `{code, message, field}` shown at the field it
 * names (or the banner) → success notice → the caller closes or reopens and reloads.
 */
export function useSaveForm(options: SaveFormOptions = {}): SaveForm {
  const [saving, setSaving] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [banner, setBanner] = useState<string | null>(null);
  const fieldOf = useRef(options.fieldOf);
  fieldOf.current = options.fieldOf;

  const clearError = useCallback(
    (key: string) =>
      setErrors((current) => {
        if (!(key in current)) return current;
        const { [key]: _, ...rest } = current;
        return rest;
      }),
    [],
  );

  const submit = useCallback(async <T>(call: () => Promise<T>, onSaved: (answer: T) => void) => {
    setSaving(true);
    setBanner(null);
    try {
      const answer = await call();
      notifySuccess();
      onSaved(answer);
    } catch (e) {
      const key = e instanceof ApiError && e.field ? (fieldOf.current?.(e.field) ?? null) : null;
      if (key !== null) setErrors({ [key]: errorText(e) });
      else setBanner(errorText(e));
    } finally {
      setSaving(false);
    }
  }, []);

  return { saving, errors, setErrors, banner, setBanner, clearError, submit };
}
