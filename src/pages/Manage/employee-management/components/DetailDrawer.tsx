/** 详情: one practitioner loaded fresh (GET /practitioners/:id) in a drawer; a failed load offers 重试. */
import { Drawer } from 'antd';
import RecordView from '@/components/RecordView';
import { useRecord } from '@/hooks/useRecord';
import { getPractitioner } from '@/services/practitioners';
import PractitionerDetailView from './PractitionerDetailView';
import type { PractitionerDicts } from './usePractitionerDicts';

export default function DetailDrawer({ id, onClose, dicts }: { id: string | null; onClose: () => void; dicts: PractitionerDicts }) {
  const detail = useRecord(id, getPractitioner);
  return (
    <Drawer open={!!id} onClose={onClose} size={820} title={detail.record ? `从业人员：${detail.record.name}` : '从业人员详情'} destroyOnHidden>
      <RecordView state={detail} failedTitle="详情加载失败">
        {(record) => <PractitionerDetailView record={record} dicts={dicts} />}
      </RecordView>
    </Drawer>
  );
}
