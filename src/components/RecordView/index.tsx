/**
 * <RecordView/>: what a detail drawer (or a record's page) shows of a useRecord state: a
 * Skeleton while the record loads, the failure with 重试 when it did not, else the record.
 *
 *   const detail = useRecord(id, getPractitioner);
 *   <RecordView state={detail} failedTitle="详情加载失败">{(r) => <PractitionerDetailView record={r} />}</RecordView>
 */
import { Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { LoadFailed } from '@/components/LoadError';
import type { RecordState } from '@/hooks/useRecord';

export interface RecordViewProps<T> {
  state: RecordState<T>;
  /** The failure's title: 详情加载失败, 会员单位加载失败 … */
  failedTitle: string;
  /** The Skeleton's paragraph rows. */
  rows?: number;
  children: (record: T) => ReactNode;
}

export default function RecordView<T>({ state, failedTitle, rows = 10, children }: RecordViewProps<T>) {
  if (state.record !== undefined) return <>{children(state.record)}</>;
  if (state.error !== undefined) return <LoadFailed title={failedTitle} onRetry={state.reload} />;
  return <Skeleton active paragraph={{ rows }} />;
}
