/** 详情: one practitioner loaded fresh (GET /practitioners/:id) in a drawer; a failed load offers 重试. */
import { Button, Drawer, Result, Skeleton } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import type { PractitionerDetail } from '@common/schemas/practitioners';
import { getPractitioner } from '@/services/practitioners';
import PractitionerDetailView from './PractitionerDetailView';
import type { PractitionerDicts } from './usePractitionerDicts';

export default function DetailDrawer({ id, onClose, dicts }: { id: string | null; onClose: () => void; dicts: PractitionerDicts }) {
  const [state, setState] = useState<{ status: 'loading' | 'failed' } | { status: 'ready'; record: PractitionerDetail }>({ status: 'loading' });

  const load = useCallback(async (target: string) => {
    setState({ status: 'loading' });
    try {
      setState({ status: 'ready', record: await getPractitioner(target) });
    } catch {
      setState({ status: 'failed' });
    }
  }, []);

  useEffect(() => {
    if (id) void load(id);
  }, [id, load]);

  return (
    <Drawer open={!!id} onClose={onClose} size={820} title={state.status === 'ready' ? `从业人员：${state.record.name}` : '从业人员详情'} destroyOnHidden>
      {state.status === 'loading' && <Skeleton active paragraph={{ rows: 10 }} />}
      {state.status === 'failed' && (
        <Result status="warning" title="详情加载失败" extra={<Button onClick={() => id && void load(id)}>重试</Button>} />
      )}
      {state.status === 'ready' && <PractitionerDetailView record={state.record} dicts={dicts} />}
    </Drawer>
  );
}
