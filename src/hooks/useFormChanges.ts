/**
 * useFormChanges(form): whether an antd form holds changes its user made (and would lose).
 *
 * The form's values are compared with a baseline: what the form held just before the person
 * first did something in it (a key, a click, a paste, a drop inside `captureProps`' element,
 * which also sees its popups: React events bubble through portals). Values the form gets by
 * itself before that (a record loaded, the rich text editor normalising its HTML, fields
 * registering their defaults) are not changes. Empty values count as equal: '', null,
 * undefined, [] and rows left empty (an added member row nobody filled) are nothing to lose;
 * typing something and deleting it again leaves the form clean.
 *
 *   const changes = useFormChanges(form);
 *   <Form form={form} onValuesChange={() => changes.recheck()}>
 *     <div {...changes.captureProps}>…fields…</div>
 *   </Form>
 *   changes.dirty        // for useUnsavedChanges
 *   changes.markClean()  // after a save, or after the form was loaded again
 */
import type { FormInstance } from 'antd';
import { isDayjs } from 'dayjs';
import { useCallback, useMemo, useRef, useState, type SyntheticEvent } from 'react';

/** A value with its empty parts left out, objects' keys in order: equal values give equal text. */
function normalize(value: unknown): unknown {
  if (value === null || value === undefined || value === '') return undefined;
  if (isDayjs(value)) return value.isValid() ? value.toISOString() : undefined;
  if (Array.isArray(value)) {
    const items = value.map(normalize).filter((item) => item !== undefined);
    return items.length > 0 ? items : undefined;
  }
  if (typeof value === 'object') {
    const entries = Object.entries(value)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .flatMap(([key, raw]) => {
        const item = normalize(raw);
        return item === undefined ? [] : [[key, item] as const];
      });
    return entries.length > 0 ? Object.fromEntries(entries) : undefined;
  }
  return value;
}

/** The form's values as comparable text. */
export function comparableValues(values: unknown): string {
  return JSON.stringify(normalize(values) ?? null);
}

export interface FormChanges {
  /** The form holds changes the person made. */
  dirty: boolean;
  /** Compares now (call it from onValuesChange and after setting values); returns `dirty`. */
  recheck: () => boolean;
  /** Fixes the baseline now if the person has not done anything yet (before restoring a draft). */
  takeBaseline: () => void;
  /** Forgets the changes: the next thing the person does starts a new baseline. */
  markClean: () => void;
  /** Spread on the element around the fields. */
  captureProps: {
    onKeyDownCapture: (e: SyntheticEvent) => void;
    onMouseDownCapture: (e: SyntheticEvent) => void;
    onPasteCapture: (e: SyntheticEvent) => void;
    onDropCapture: (e: SyntheticEvent) => void;
    onChangeCapture: (e: SyntheticEvent) => void;
    onInputCapture: (e: SyntheticEvent) => void;
  };
}

export function useFormChanges(form: FormInstance): FormChanges {
  const baseline = useRef<string | null>(null);
  const [dirty, setDirty] = useState(false);

  const set = useCallback((next: boolean) => {
    setDirty(next);
    return next;
  }, []);

  const takeBaseline = useCallback(() => {
    if (baseline.current === null) baseline.current = comparableValues(form.getFieldsValue(true));
  }, [form]);

  const recheck = useCallback(() => {
    // Nobody has done anything in the form: whatever it holds came by itself.
    if (baseline.current === null) return set(false);
    return set(comparableValues(form.getFieldsValue(true)) !== baseline.current);
  }, [form, set]);

  const markClean = useCallback(() => {
    baseline.current = null;
    set(false);
  }, [set]);

  const captureProps = useMemo(
    () => ({
      onKeyDownCapture: takeBaseline,
      onMouseDownCapture: takeBaseline,
      onPasteCapture: takeBaseline,
      onDropCapture: takeBaseline,
      onChangeCapture: takeBaseline,
      onInputCapture: takeBaseline,
    }),
    [takeBaseline],
  );

  return { dirty, recheck, takeBaseline, markClean, captureProps };
}
