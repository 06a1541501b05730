/**
 * The record whose detail drawer is open on a list page. A link with `?id=` (a message, the
 * workbench, another page's link) opens that record; closing clears `id` from the address and
 * keeps the list's other parameters (its filters and page).
 */
import { useSearchParams } from '@umijs/max';
import { useCallback, useEffect, useState } from 'react';

export function useDetailId() {
  const [searchParams, setSearchParams] = useSearchParams();
  const urlId = searchParams.get('id');
  const [id, setId] = useState<string | null>(urlId);

  useEffect(() => {
    if (urlId) setId(urlId);
  }, [urlId]);

  const close = useCallback(() => {
    setId(null);
    if (searchParams.has('id')) {
      const next = new URLSearchParams(searchParams);
      next.delete('id');
      setSearchParams(next, { replace: true });
    }
  }, [searchParams, setSearchParams]);

  return { id, open: setId, close };
}
