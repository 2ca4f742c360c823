import type { ApiResponse } from '@opendtu/api';
import { useCallback, useId, useMemo, useState, type FormEvent } from 'react';
import { useApiData } from '../../api/use-api-data';
import { useUnsavedChangesGuard } from './unsaved-changes';

/** Messages by field name; a field without one is valid. */
export type FormErrors<T> = Partial<Record<keyof T & string, string>>;

/** The names of the fields of `T` whose values are of type `V`. */
type KeysOf<T, V> = { [K in keyof T & string]: T[K] extends V ? K : never }[keyof T & string];

export interface ConfigFormOptions<T> {
  /** Reads the settings; must be stable (module level or useCallback). */
  load: (signal: AbortSignal) => Promise<T>;
  /** Sends the settings; the device's answer is shown by code. */
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
  /** Reads the settings again, dropping unsaved changes. */
  reload: () => void;
  /** The form's onSubmit: checks every rule, then saves and reads the values back. */
  submit: (event?: FormEvent) => void;
  /** The message a field shows now: once it was changed, or after a save was tried. */
  error: (name: keyof T & string) => string | undefined;
  text: (name: KeysOf<T, string>) => Binding<string>;
  number: (name: KeysOf<T, number>) => Binding<number>;
  check: (name: KeysOf<T, boolean>) => Binding<boolean>;
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

  const error = (name: keyof T & string) => (submitted || touched.has(name) ? errors[name] : undefined);

  function submit(event?: FormEvent): void {
    event?.preventDefault();
    if (!values || isSaving) return;
    setSubmitted(true);
    if (Object.values(errors).some((message) => message !== undefined)) {
      // After the messages render, take the user to the first one.
      requestAnimationFrame(() => document.querySelector<HTMLElement>('form [aria-invalid="true"]')?.focus());
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

  function binding<V>(name: keyof T & string): Binding<V> {
    return {
      id: `${formId}-${name}`,
      value: (values as Record<string, unknown> | undefined)?.[name] as V,
      onChange: (value: V) => set(name, value as T[keyof T]),
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
    reload,
    submit,
    error,
    text: (name) => binding<string>(name),
    number: (name) => binding<number>(name),
    check: (name) => binding<boolean>(name),
  };
}
