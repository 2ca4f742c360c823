import type { ApiResponse } from '@opendtu/api';
import { useCallback, useId, useMemo, useState, type FormEvent } from 'react';
import { useApiData } from '../../api/use-api-data';
import { getAt, setAt, type FieldPath, type PathTo } from './paths';
import { useUnsavedChangesGuard } from './unsaved-changes';

/**
 * Messages by field name, or by dotted path for nested values (`display.contrast`,
 * `led.1.brightness`); a field without one is valid.
 */
export type FormErrors<T> = Partial<Record<(keyof T & string) | FieldPath<T>, string>>;

export interface ConfigFormOptions<T> {
  /** Reads the settings; must be stable (module level or useCallback). */
  load: (signal: AbortSignal) => Promise<T>;
  /**
   * Sends the settings; the device's answer is shown by code. `values` are the device's
   * whole answer with the edits over it (read-modify-write), so keys this app does not
   * show, such as those newer firmware adds, go back unchanged: pass them all on.
   */
  save: (values: T) => Promise<ApiResponse>;
  /** The spec's rules; nothing is sent while any field has a message. */
  validate?: (values: T) => FormErrors<T>;
  /**
   * Runs after the device accepted a save, before the values are read back (e.g. to
   * store a changed password, so the read-back already uses it).
   */
  onSaved?: (values: T) => void;
}

interface Binding<V> {
  id: string;
  value: V;
  onChange: (value: V) => void;
  error: string | undefined;
}

export interface ConfigForm<T> {
  /** The values being edited; undefined until the first load answered. */
  values: T | undefined;
  isLoading: boolean;
  isSaving: boolean;
  /** Whether the values differ from what the device holds. */
  dirty: boolean;
  /** The device's answer to the last save. */
  response: ApiResponse | undefined;
  clearResponse: () => void;
  set: <K extends keyof T>(name: K, value: T[K]) => void;
  /** Changes several fields at once (e.g. a country and its default frequency). */
  update: (change: Partial<T>) => void;
  /** Changes one nested value by its dotted path (`display.contrast`). */
  setAt: (path: FieldPath<T>, value: unknown) => void;
  /** Reads the settings again, dropping unsaved changes. */
  reload: () => void;
  /** The form's onSubmit: checks every rule, then saves and reads the values back. */
  submit: (event?: FormEvent) => void;
  /**
   * The message a field shows now: once it (or an object or list holding it) was
   * changed, or after a save was tried.
   */
  error: (name: (keyof T & string) | FieldPath<T>) => string | undefined;
  /** Bindings by field name or by dotted path into nested objects and lists. */
  text: (name: PathTo<T, string>) => Binding<string>;
  number: (name: PathTo<T, number>) => Binding<number>;
  check: (name: PathTo<T, boolean>) => Binding<boolean>;
}

/**
 * The behaviour every settings screen shares: load, edit, validate with the spec's rules
 * before anything is sent, save, show the device's answer, read the values back, and ask
 * before leaving with unsaved changes. A screen declares its fields and rules; this does
 * the rest.
 */
export function useConfigForm<T extends object>({
  load,
  save,
  validate,
  onSaved,
}: ConfigFormOptions<T>): ConfigForm<T> {
  const formId = useId();
  const { data, isLoading, reload } = useApiData(load);
  const [source, setSource] = useState<T | undefined>(undefined);
  const [values, setValues] = useState<T | undefined>(undefined);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [isSaving, setSaving] = useState(false);
  const [response, setResponse] = useState<ApiResponse | undefined>(undefined);

  // A fresh answer from the device replaces whatever was being edited.
  if (data !== source) {
    setSource(data);
    setValues(data);
    setTouched(new Set());
    setSubmitted(false);
  }

  const errors = useMemo<FormErrors<T>>(
    () => (values && validate ? validate(values) : {}),
    [values, validate],
  );
  const dirty = useMemo(() => JSON.stringify(values) !== JSON.stringify(source), [values, source]);
  useUnsavedChangesGuard(dirty && !isSaving);

  const update = useCallback((change: Partial<T>) => {
    setValues((previous) => (previous ? { ...previous, ...change } : previous));
    setTouched((previous) => new Set([...previous, ...Object.keys(change)]));
  }, []);
  const set = useCallback(
    <K extends keyof T>(name: K, value: T[K]) => update({ [name]: value } as unknown as Partial<T>),
    [update],
  );
  const setPath = useCallback((path: string, value: unknown) => {
    setValues((previous) => (previous ? setAt(previous, path, value) : previous));
    setTouched((previous) => new Set([...previous, path]));
  }, []);

  // `led.1.brightness` counts as changed when `led` or `led.1` was replaced as a whole.
  const wasTouched = (path: string) =>
    path.split('.').some((_step, index, steps) => touched.has(steps.slice(0, index + 1).join('.')));
  const error = (name: string) =>
    submitted || wasTouched(name) ? (errors as Record<string, string | undefined>)[name] : undefined;

  function submit(event?: FormEvent): void {
    event?.preventDefault();
    if (!values || isSaving) return;
    setSubmitted(true);
    if (Object.values(errors).some((message) => message !== undefined)) {
      // After the messages render, take the user to the first one, unless they have moved
      // on to another control meanwhile (their typing must not land in another field).
      const from = document.activeElement;
      requestAnimationFrame(() => {
        if (document.activeElement !== from) return;
        const field = document.querySelector<HTMLElement>('form [aria-invalid="true"]');
        // On a tab not shown (device manager), show that tab first.
        const panel = field?.closest('[role="tabpanel"][hidden]');
        if (panel) document.getElementById(panel.getAttribute('aria-labelledby') ?? '')?.click();
        // React shows the panel after this frame; a hidden field cannot take the focus.
        requestAnimationFrame(() => field?.focus());
      });
      return;
    }
    setSaving(true);
    setResponse(undefined);
    save(values).then(
      (answer) => {
        setResponse(answer);
        setSaving(false);
        if (answer.type === 'success') {
          onSaved?.(values);
          reload();
        }
      },
      // The client already shows the login or the Error screen.
      () => setSaving(false),
    );
  }

  function binding<V>(name: string): Binding<V> {
    return {
      id: `${formId}-${name}`,
      value: getAt(values, name) as V,
      onChange: (value: V) =>
        name.includes('.') ? setPath(name, value) : set(name as keyof T, value as T[keyof T]),
      error: error(name),
    };
  }

  return {
    values,
    isLoading: isLoading && values === undefined,
    isSaving,
    dirty,
    response,
    clearResponse: () => setResponse(undefined),
    set,
    update,
    setAt: setPath,
    reload,
    submit,
    error,
    text: (name) => binding<string>(name),
    number: (name) => binding<number>(name),
    check: (name) => binding<boolean>(name),
  };
}
