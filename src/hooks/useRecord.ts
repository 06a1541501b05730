/**
 * useRecord(id, load): one record, loaded when `id` is set (a drawer opening, a page's :id)
 * and again when `id` or one of `deps` changes or `reload()` is called; on useApiRequest, so
 * with the product's request defaults (a failed call was already shown by the request layer).
 *
 *   const unit = useRecord(unitId, memberUnits.get);
 *   <Drawer open={!!unitId} title={unit.record?.name ?? '会员单位详情'} …>
 *     <RecordView state={unit} failedTitle="会员单位加载失败">{(u) => <UnitDetail unit={u} />}</RecordView>
 *   </Drawer>
 *
 * - `record`: the record of this `id` (after `id` turns null, the last one stays, so that a
 *   closing drawer keeps its content); undefined until it arrives;
 * - `loading`: this `id`'s record has not arrived yet (a reload keeps the record shown);
 * - `error`: the last load failed and there is no record to show; `reload()` retries;
 * - `load` may change identity between renders: the latest is called.
 *
 * RecordView (src/components/RecordView) shows the Skeleton, the failure with 重试 or the
 * record, as every detail drawer does.
 */
import { useApiRequest } from './useApiRequest';

export interface RecordState<T> {
  record: T | undefined;
  loading: boolean;
  error: unknown;
  reload: () => void;
}

export function useRecord<T>(id: string | null | undefined, load: (id: string) => Promise<T>, deps: readonly unknown[] = []): RecordState<T> {
  const request = useApiRequest(
    async () => {
      if (!id) throw new Error('no record to load');
      return { id, record: await load(id) };
    },
    {
      ready: !!id,
      refreshDeps: [id, ...deps],
      // A record in a drawer changes when someone acts on it here, not when the window regains focus.
      refreshOnWindowFocus: false,
      // The request layer has said why; `error` shows what failed with 重试.
      onError: () => undefined,
    },
  );
  const { data } = request;
  const record = data && (!id || data.id === id) ? data.record : undefined;
  const failed = record === undefined && !request.loading && request.error !== undefined;
  return {
    record,
    loading: record === undefined && !failed,
    error: failed ? request.error : undefined,
    reload: request.refresh,
  };
}
