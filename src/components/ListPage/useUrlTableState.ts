/**
 * useUrlTableState: a table's paging, sort, filters and keyword kept in the URL query (Umi's
 * useSearchParams), written with `replace` so that paging through a list does not fill the
 * history, while a link, a reload or Back (from a detail page) still finds the same list.
 *
 *   const url = useUrlTableState({ filterKeys: ['keyword', 'state'], sortFields: ['publishAt'] });
 *   url.state            // what the URL says now ({ current, pageSize, sort, filters })
 *   url.write(next)      // the table changed: put it in the URL
 *   url.generation       // bumps when the URL changed by navigation (Back, a menu link), so
 *                        // the table can start again from the URL
 */
import { useSearchParams } from '@umijs/max';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ownedSearch, parseTableQuery, writeTableQuery, type TableQuery, type TableQueryOptions } from './urlTableState';

export interface UrlTableState {
  state: TableQuery;
  write: (query: TableQuery) => void;
  generation: number;
}

export function useUrlTableState(options: TableQueryOptions): UrlTableState {
  const [searchParams, setSearchParams] = useSearchParams();
  // Callers pass literals; their content is what matters.
  const optionsKey = JSON.stringify(options);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const stableOptions = useMemo(() => options, [optionsKey]);

  const state = useMemo(() => parseTableQuery(searchParams, stableOptions), [searchParams, stableOptions]);

  const latest = useRef(searchParams);
  latest.current = searchParams;
  const setRef = useRef(setSearchParams);
  setRef.current = setSearchParams;
  /** The owned part of the URL as the table last wrote (or started from) it. */
  const written = useRef(ownedSearch(searchParams, stableOptions));
  const [generation, setGeneration] = useState(0);

  const write = useCallback(
    (query: TableQuery) => {
      const next = writeTableQuery(latest.current, query, stableOptions);
      written.current = ownedSearch(next, stableOptions);
      if (next.toString() !== latest.current.toString()) setRef.current(next, { replace: true });
    },
    [stableOptions],
  );

  const owned = ownedSearch(searchParams, stableOptions);
  useEffect(() => {
    if (owned === written.current) return;
    // Not our write: Back/Forward or a link to this page with other parameters.
    written.current = owned;
    setGeneration((g) => g + 1);
  }, [owned]);

  return { state, write, generation };
}
