/**
 * A practitioner's own page: their record (ID number and phone whole: they are the owner),
 * its status and review history, and the certificate card with the link to its public page.
 */
import ReloadOutlined from '@ant-design/icons/ReloadOutlined';
import { Alert, Button, Empty, Result, Skeleton } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import type { PractitionerDetail } from '@common/schemas/practitioners';
import { getPractitioner, practitioners } from '@/services/practitioners';
import PractitionerDetailView from './PractitionerDetailView';
import { usePractitionerDicts } from './usePractitionerDicts';

type State = { status: 'loading' | 'failed' | 'none' } | { status: 'ready'; record: PractitionerDetail };

const STATUS_NOTES: Partial<Record<PractitionerDetail['status'], { type: 'info' | 'warning'; text: string }>> = {
  pending: { type: 'info', text: '您的从业人员登记正在等待协会审核，审核通过后将发放从业人员证书。' },
  rejected: { type: 'warning', text: '您的从业人员登记未通过审核，请联系所在单位按驳回原因更正后重新提交。' },
  left: { type: 'warning', text: '您已办理离职，从业人员证书已注销。' },
};

export default function OwnRecord() {
  const dicts = usePractitionerDicts();
  const [state, setState] = useState<State>({ status: 'loading' });

  const load = useCallback(async () => {
    setState({ status: 'loading' });
    try {
      const page = await practitioners.list({ pageSize: 1 });
      const mine = page.list[0];
      if (!mine) {
        setState({ status: 'none' });
        return;
      }
      setState({ status: 'ready', record: await getPractitioner(mine.id) });
    } catch {
      setState({ status: 'failed' });
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  if (state.status === 'loading') return <Skeleton active paragraph={{ rows: 10 }} />;
  if (state.status === 'failed') {
    return (
      <Result
        status="warning"
        title="数据加载失败"
        subTitle="请检查网络后重试"
        extra={
          <Button icon={<ReloadOutlined />} onClick={() => void load()}>
            重试
          </Button>
        }
      />
    );
  }
  if (state.status !== 'ready') return <Empty description="未找到您的从业人员记录，请联系所在单位" />;
  const note = STATUS_NOTES[state.record.status];
  return (
    <>
      {note && <Alert type={note.type} showIcon style={{ marginBottom: 16 }} title={note.text} />}
      <PractitionerDetailView record={state.record} dicts={dicts} />
    </>
  );
}
