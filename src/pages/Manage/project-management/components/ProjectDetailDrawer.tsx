/**
 * 详情: one project loaded fresh (GET /projects/:id) in a drawer: the fields, the members (the
 * leader first), the report files, the review history, and the steps the caller may take now
 * (the server's `actions`), each confirmed first.
 */
import { App, Badge, Button, Card, Descriptions, Drawer, Popconfirm, Result, Skeleton, Space, Table, Tag, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { PROJECT_STATUS_LABELS, type ProjectDetail, type ProjectStatusValue } from '@common/schemas/projects';
import { formatDateTime } from '@/components/ListPage';
import { deleteProject, fileProject, getProject, submitProject } from '@/services/projects';
import RecordFiles from '@/components/RecordFiles';
import ReviewHistory from '@/components/ReviewHistory';
import { labelOf, type Dictionary } from '@/hooks/useDictionaries';

export const PROJECT_STATUS_BADGES: Record<ProjectStatusValue, 'default' | 'processing' | 'success' | 'warning'> = {
  draft: 'default',
  submitted: 'processing',
  filed: 'success',
  returned: 'warning',
};

export function ProjectStatusBadge({ status }: { status: ProjectStatusValue }) {
  return <Badge status={PROJECT_STATUS_BADGES[status]} text={PROJECT_STATUS_LABELS[status]} />;
}

export const RISK_COLORS: Record<string, string> = { high: 'red', medium: 'orange', low: 'green' };

export interface ProjectDetailDrawerProps {
  id: string | null;
  onClose: () => void;
  /** After a step: the list reloads. */
  onChanged: () => void;
  onEdit: (id: string) => void;
  onReturn: (record: ProjectDetail) => void;
  types: Dictionary;
  risks: Dictionary;
}

export default function ProjectDetailDrawer({ id, onClose, onChanged, onEdit, onReturn, types, risks }: ProjectDetailDrawerProps) {
  const { message } = App.useApp();
  const [state, setState] = useState<{ status: 'loading' | 'failed' } | { status: 'ready'; record: ProjectDetail }>({ status: 'loading' });

  const load = useCallback(async (target: string) => {
    setState({ status: 'loading' });
    try {
      setState({ status: 'ready', record: await getProject(target) });
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
  const can = (action: ProjectDetail['actions'][number]) => !!record?.actions.includes(action);

  const footer = record && record.actions.length > 0 && (
    <Space wrap>
      {can('edit') && <Button onClick={() => onEdit(record.id)}>编辑</Button>}
      {can('submit') && (
        <Popconfirm
          title={`确定将「${record.name}」提交协会备案吗？`}
          description="提交后在协会审核期间不能修改。"
          okText="提交"
          cancelText="取消"
          onConfirm={() => run(() => submitProject(record.id, record.version), '项目已提交，等待协会备案')}
        >
          <Button type="primary">提交备案</Button>
        </Popconfirm>
      )}
      {can('delete') && (
        <Popconfirm
          title={`确定删除「${record.name}」吗？删除后不可恢复。`}
          okText="删除"
          okButtonProps={{ danger: true }}
          cancelText="取消"
          onConfirm={() => run(() => deleteProject(record.id), '已删除', true)}
        >
          <Button danger>删除</Button>
        </Popconfirm>
      )}
      {can('file') && (
        <Popconfirm
          title={`确定对「${record.name}」予以备案吗？`}
          okText="备案"
          cancelText="取消"
          onConfirm={() => run(() => fileProject(record.id, record.version), '项目已备案')}
        >
          <Button type="primary">备案</Button>
        </Popconfirm>
      )}
      {can('return') && (
        <Button danger onClick={() => onReturn(record)}>
          退回修改
        </Button>
      )}
    </Space>
  );

  return (
    <Drawer
      open={!!id}
      onClose={onClose}
      size={820}
      title={record ? `项目：${record.name}` : '项目详情'}
      destroyOnHidden
      footer={footer || undefined}
    >
      {state.status === 'loading' && <Skeleton active paragraph={{ rows: 10 }} />}
      {state.status === 'failed' && <Result status="warning" title="详情加载失败" extra={<Button onClick={() => id && void load(id)}>重试</Button>} />}
      {record && (
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          <Card size="small" title="项目信息" extra={<ProjectStatusBadge status={record.status} />}>
            <Descriptions column={{ xs: 1, md: 2 }} size="small">
              <Descriptions.Item label="项目名称" span={2}>
                {record.name}
              </Descriptions.Item>
              <Descriptions.Item label="项目编号">{record.code ?? '-'}</Descriptions.Item>
              <Descriptions.Item label="评估单位">{record.unitName}</Descriptions.Item>
              <Descriptions.Item label="委托单位">{record.client ?? '-'}</Descriptions.Item>
              <Descriptions.Item label="项目类型">{labelOf(types, record.type)}</Descriptions.Item>
              <Descriptions.Item label="所在区域">{record.region ?? '-'}</Descriptions.Item>
              <Descriptions.Item label="投资额">{record.investment === null ? '-' : `${record.investment} 万元`}</Descriptions.Item>
              <Descriptions.Item label="起止日期">
                {record.startOn ?? '-'} 至 {record.endOn ?? '-'}
              </Descriptions.Item>
              <Descriptions.Item label="风险等级">
                {record.riskLevel ? <Tag color={RISK_COLORS[record.riskLevel]}>{labelOf(risks, record.riskLevel)}</Tag> : '-'}
              </Descriptions.Item>
              <Descriptions.Item label="提交时间">{record.submittedAt ? formatDateTime(record.submittedAt) : '-'}</Descriptions.Item>
              <Descriptions.Item label="备案时间">{record.filedAt ? formatDateTime(record.filedAt) : '-'}</Descriptions.Item>
              {record.status === 'returned' && record.returnReason && (
                <Descriptions.Item label="退回原因" span={2}>
                  <Typography.Text type="danger">{record.returnReason}</Typography.Text>
                </Descriptions.Item>
              )}
              <Descriptions.Item label="评估结论" span={2}>
                <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>{record.conclusion ?? '-'}</Typography.Paragraph>
              </Descriptions.Item>
            </Descriptions>
          </Card>
          <Card size="small" title="项目成员">
            <Table
              size="small"
              rowKey="practitionerId"
              pagination={false}
              dataSource={record.members}
              locale={{ emptyText: '暂未填写项目成员' }}
              scroll={{ x: 420 }}
              columns={[
                { title: '姓名', dataIndex: 'name', render: (name: string, m) => (m.leader ? <Space>{name}<Tag color="blue">负责人</Tag></Space> : name) },
                { title: '证书编号', dataIndex: 'certificateNo', render: (v: string | null) => v ?? '-' },
                { title: '分工', dataIndex: 'role', render: (v: string | null) => v ?? '-' },
              ]}
            />
          </Card>
          <Card size="small" title="评估报告">
            <RecordFiles files={record.reports} />
          </Card>
          <Card size="small" title="审核记录">
            <ReviewHistory history={record.reviewHistory} approvedLabel="已备案" />
          </Card>
        </Space>
      )}
    </Drawer>
  );
}
