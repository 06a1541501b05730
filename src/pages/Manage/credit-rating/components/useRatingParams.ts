/**
 * The rating and the unit's score open in drawers, kept in the address (`?id=<rating>&unitId=<unit>`,
 * common/schemas/credit.ts creditRatingLink), so that a message's link, a reload or Back opens the
 * same. Other parameters (the list's filters) are kept.
 */
import { useSearchParams } from '@umijs/max';
import { useCallback } from 'react';

export function useRatingParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const ratingId = searchParams.get('id');
  const unitId = searchParams.get('unitId');

  const change = useCallback(
    (patch: Record<string, string | null>, replace = false) => {
      const next = new URLSearchParams(searchParams);
      for (const [key, value] of Object.entries(patch)) {
        if (value) next.set(key, value);
        else next.delete(key);
      }
      setSearchParams(next, { replace });
    },
    [searchParams, setSearchParams],
  );

  return {
    ratingId,
    unitId,
    openRating: useCallback((id: string) => change({ id, unitId: null }), [change]),
    openUnit: useCallback((id: string, unit: string) => change({ id, unitId: unit }), [change]),
    closeRating: useCallback(() => change({ id: null, unitId: null }, true), [change]),
    closeUnit: useCallback(() => change({ unitId: null }, true), [change]),
  };
}
