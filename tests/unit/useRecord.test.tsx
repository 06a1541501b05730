/**
 * useRecord (src/hooks/useRecord.ts) with RecordView (src/components/RecordView): a Skeleton
 * while the record loads, the record once it arrives, the failure with 重试 (which loads it
 * again), another id's record when the id changes, and the last record kept while the id is
 * null (a drawer closing).
 */
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { describe, expect, it } from 'vitest';
import RecordView from '@/components/RecordView';
import { useRecord } from '@/hooks/useRecord';

function Detail({ id, load }: { id: string | null; load: (id: string) => Promise<{ name: string }> }) {
  const state = useRecord(id, load);
  return (
    <App>
      <RecordView state={state} failedTitle="详情加载失败">
        {(record) => <p>记录：{record.name}</p>}
      </RecordView>
    </App>
  );
}

describe('useRecord with RecordView', () => {
  it('shows a Skeleton, then the record; another id loads its own; a null id keeps the last', async () => {
    const calls: string[] = [];
    const load = async (id: string) => {
      calls.push(id);
      return { name: `名称${id}` };
    };
    const view = render(<Detail id="a" load={load} />);
    expect(document.querySelector('.ant-skeleton')).not.toBeNull();
    expect(await screen.findByText('记录：名称a')).toBeInTheDocument();
    view.rerender(<Detail id="b" load={load} />);
    expect(await screen.findByText('记录：名称b')).toBeInTheDocument();
    view.rerender(<Detail id={null} load={load} />);
    expect(screen.getByText('记录：名称b')).toBeInTheDocument();
    expect(calls).toEqual(['a', 'b']);
  });

  it('a failed load says so and 重试 loads again', async () => {
    let fail = true;
    const load = async (id: string) => {
      if (fail) throw new Error('网络错误');
      return { name: `名称${id}` };
    };
    render(<Detail id="a" load={load} />);
    expect(await screen.findByText('详情加载失败')).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    await waitFor(() => expect(screen.getByText('记录：名称a')).toBeInTheDocument());
    expect(screen.queryByText('详情加载失败')).toBeNull();
  });
});
