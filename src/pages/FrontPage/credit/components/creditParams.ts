/**
 * The two lists' state in the address, each under its own names (the ratings: year, keyword,
 * current; bad conduct: bk, bp), so that paging one keeps the other where it is. Each change is
 * a history entry, as on the other public lists (src/components/PublicContent/urlParams.ts).
 */
import { useLocation, useSearchParams } from '@umijs/max';
import { useCallback } from 'react';

function positiveInt(value: string | null): number {
  if (!value || !/^\d{1,6}$/.test(value)) return 1;
  return Math.max(1, Number(value));
}

type Changes = Record<string, string | number | null>;

function applied(params: URLSearchParams, changes: Changes): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(changes)) {
    const text = value === null ? '' : String(value).trim();
    if (!text || ((key === 'current' || key === 'bp') && text === '1')) next.delete(key);
    else next.set(key, text);
  }
  return next;
}

export function useCreditParams() {
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const patch = useCallback((changes: Changes) => setParams(applied(params, changes)), [params, setParams]);
  /** The address with these changes (a link that works without script and in a new tab). */
  const hrefWith = (changes: Changes) => {
    const query = applied(params, changes).toString();
    return query ? `${pathname}?${query}` : pathname;
  };
  const year = params.get('year') ?? '';
  return {
    year: /^\d{4}$/.test(year) ? Number(year) : undefined,
    keyword: (params.get('keyword') ?? '').trim(),
    current: positiveInt(params.get('current')),
    badKeyword: (params.get('bk') ?? '').trim(),
    badPage: positiveInt(params.get('bp')),
    patch,
    hrefWith,
  };
}
