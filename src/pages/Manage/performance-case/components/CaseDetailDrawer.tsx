/** 详情: one business case loaded fresh, with its files, review history and the caller's steps. */
import { App, Badge, Button, Card, Descriptions, Drawer, Popconfirm, Result, Skeleton, Space, Tag, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { CASE_STATUS_LABELS, type CaseDetail, type CaseStatusValue } from '@common/schemas/cases';
import { approveCase, deleteCase, getCase } from '@/services/cases';
import RecordFiles from '@/components/RecordFiles';
import ReviewHistory from '@/components/ReviewHistory';
import { labelOf, type Dictionary } from '@/hooks/useDictionaries';

const BADGES: Record<CaseStatusValue, 'processing' | 'success' | 'error'> = { pending: 'processing', approved: 'success', rejected: 'error' };

export function CaseStatusBadge({ status }: { status: CaseStatusValue }) {
  return <Badge status={BADGES[status]} text={CASE_STATUS_LABELS[status]} />;
}

export interface CaseDetailDrawerProps {
  id: string | null;
  onClose: () => void;
  onChanged: () => void;
  onEdit: (id: string) => void;
  onReject: (record: CaseDetail) => void;
  types: Dictionary;
}

export default function CaseDetailDrawer({ id, onClose, onChanged, onEdit, onReject, types }: CaseDetailDrawerProps) {
  const { message } = App.useApp();
  const [state, setState] = useState<{ status: 'loading' | 'failed' } | { status: 'ready'; record: CaseDetail }>({ status: 'loading' });

  const load = useCallback(async (target: string) => {
    setState({ status: 'loading' });
    try {
      setState({ status: 'ready', record: await getCase(target) });
    } catch {
      setState({ status: 'failed' });
    }
  }, []);

  useEffect(() => {
    if (id) void load(id);
  }, [id, load]);

  const run = async (call: () => Promise<unknown>, done: string, close = false) => {
    try {
      await call();
      message.success(done);
      onChanged();
      if (close) onClose();
      else if (id) await load(id);
    } catch {
      // The request layer has shown why.
    }
  };

  const record = state.status === 'ready' ? state.record : null;
  const can = (action: CaseDetail['actions'][number]) => !!record?.actions.includes(action);
  const footer = record && record.actions.length > 0 && (
    <Space wrap>
      {can('edit') && <Button onClick={() => onEdit(record.id)}>编辑</Button>}
      {can('delete') && (
        <Popconfirm
          title={`确定删除「${record.title}」吗？删除后不可恢复。`}
          okText="删除"
          okButtonProps={{ danger: true }}
          cancelText="取消"
          onConfirm={() => run(() => deleteCase(record.id), '已删除', true)}
        >
          <Button danger>删除</Button>
        </Popconfirm>
      )}
      {can('approve') && (
        <Popconfirm title={`确定审核通过「${record.title}」吗？`} okText="通过" cancelText="取消" onConfirm={() => run(() => approveCase(record.id, record.version), '业绩案例已审核通过')}>
          <Button type="primary">通过</Button>
        </Popconfirm>
      )}
      {can('reject') && (
        <Button danger onClick={() => onReject(record)}>
          驳回
        </Button>
      )}
    </Space>
  );

  return (
    <Drawer open={!!id} onClose={onClose} size={720} title={record ? `业绩案例：${record.title}` : '业绩案例详情'} destroyOnHidden footer={footer || undefined}>
      {state.status === 'loading' && <Skeleton active paragraph={{ rows: 8 }} />}
      {state.status === 'failed' && <Result status="warning" title="详情加载失败" extra={<Button onClick={() => id && void load(id)}>重试</Button>} />}
      {record && (
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          <Card size="small" title="案例信息" extra={<CaseStatusBadge status={record.status} />}>
            <Descriptions column={{ xs: 1, md: 2 }} size="small">
              <Descriptions.Item label="案例名称" span={2}>
                {record.title}
              </Descriptions.Item>
              <Descriptions.Item label="单位">{record.unitName}</Descriptions.Item>
              <Descriptions.Item label="项目类型">{labelOf(types, record.projectType)}</Descriptions.Item>
              <Descriptions.Item label="委托单位">{record.client ?? '-'}</Descriptions.Item>
              <Descriptions.Item label="完成日期">{record.completedOn ?? '-'}</Descriptions.Item>
              <Descriptions.Item label="会员之窗">{record.public ? <Tag color="blue">公开</Tag> : <Tag>不公开</Tag>}</Descriptions.Item>
              {record.status === 'rejected' && record.rejectReason && (
                <Descriptions.Item label="驳回原因" span={2}>
                  <Typography.Text type="danger">{record.rejectReason}</Typography.Text>
                </Descriptions.Item>
              )}
              <Descriptions.Item label="案例简介" span={2}>
                <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>{record.summary ?? '-'}</Typography.Paragraph>
              </Descriptions.Item>
            </Descriptions>
          </Card>
          <Card size="small" title="证明材料">
            <RecordFiles files={record.files} />
          </Card>
          <Card size="small" title="审核记录">
            <ReviewHistory history={record.reviewHistory} />
          </Card>
        </Space>
      )}
    </Drawer>
  );
}
