/**
 * A public list's state in the URL (page, keyword, filters), so that a link, a reload or Back
 * keeps it. Each change is a new history entry; changing a filter goes back to page 1.
 */
import { useCallback } from 'react';
import { useSearchParams } from '@umijs/max';

export type ParamPatch = Record<string, string | number | null | undefined>;

function positiveInt(value: string | null): number | undefined {
  if (!value || !/^\d{1,6}$/.test(value)) return undefined;
  const n = Number(value);
  return n >= 1 ? n : undefined;
}

export function useUrlParams() {
  const [params, setParams] = useSearchParams();
  const current = positiveInt(params.get('current')) ?? 1;
  const keyword = (params.get('keyword') ?? '').trim();

  /** Applies `patch` (empty values and page 1 leave the URL); other changes reset the page. */
  const update = useCallback(
    (patch: ParamPatch) => {
      // react-router 6.3 (Umi's) has no functional form of setSearchParams.
      const next = new URLSearchParams(params);
      if (!('current' in patch)) next.delete('current');
      for (const [key, value] of Object.entries(patch)) {
        const text = value === null || value === undefined ? '' : String(value).trim();
        if (!text || (key === 'current' && text === '1')) next.delete(key);
        else next.set(key, text);
      }
      setParams(next);
    },
    [params, setParams],
  );

  return { params, current, keyword, get: (key: string) => (params.get(key) ?? '').trim(), update };
}
