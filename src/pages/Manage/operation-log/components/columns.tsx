/** The audit trail's columns and search form: time, actor, address, event, object, result, summary. */
import { Tag, Typography } from 'antd';
import { AUDIT_ACTION_LABELS, AUDIT_ENTITY_LABELS, type OperationLogRecord } from '@common/schemas/operationLogs';
import { dateRangeFilter, dateTimeColumn, keywordColumn, labelsEnum, type ResourceColumn } from '@/components/ListPage';

export const actionLabel = (action: string) => AUDIT_ACTION_LABELS[action] ?? action;
export const entityLabel = (entity: string) => AUDIT_ENTITY_LABELS[entity] ?? entity;

export const RESULT_LABELS: Record<string, string> = { success: '成功', failure: '失败' };

export function operationLogColumns(): ResourceColumn<OperationLogRecord>[] {
  return [
    keywordColumn('摘要、操作人或对象编号'),
    dateRangeFilter('时间范围', 'fromDay', 'toDay'),
    dateTimeColumn('时间', 'createdAt', { width: 150 }),
    {
      title: '操作人',
      dataIndex: 'actor',
      hideInTable: true,
      filter: true,
      fieldProps: { placeholder: '姓名', allowClear: true, maxLength: 64 },
    },
    {
      title: '操作人',
      dataIndex: 'actorName',
      width: 120,
      render: (_dom, r) => r.actorName ?? (r.actorId ? r.actorId : <Typography.Text type="secondary">匿名</Typography.Text>),
    },
    { title: '地址', dataIndex: 'ip', width: 130, filter: true, fieldProps: { placeholder: 'IP 地址', allowClear: true, maxLength: 64 }, render: (_dom, r) => r.ip ?? '—' },
    {
      title: '事件',
      dataIndex: 'action',
      width: 120,
      filter: true,
      valueType: 'select',
      valueEnum: labelsEnum(AUDIT_ACTION_LABELS),
      fieldProps: { showSearch: true, allowClear: true },
      render: (_dom, r) => actionLabel(r.action),
    },
    {
      title: '对象',
      dataIndex: 'entity',
      width: 180,
      filter: true,
      valueType: 'select',
      valueEnum: labelsEnum(AUDIT_ENTITY_LABELS),
      fieldProps: { showSearch: true, allowClear: true },
      render: (_dom, r) => (
        <span>
          {entityLabel(r.entity)}
          {r.entityId && (
            <Typography.Text type="secondary" copyable={{ text: r.entityId }} style={{ marginInlineStart: 4, fontSize: 12 }}>
              {r.entityId.length > 12 ? `${r.entityId.slice(0, 8)}…` : r.entityId}
            </Typography.Text>
          )}
        </span>
      ),
    },
    { title: '对象编号', dataIndex: 'entityId', hideInTable: true, filter: true, fieldProps: { allowClear: true, maxLength: 64 } },
    {
      title: '结果',
      dataIndex: 'result',
      width: 80,
      filter: true,
      valueType: 'select',
      valueEnum: labelsEnum(RESULT_LABELS),
      render: (_dom, r) => <Tag color={r.result === 'failure' ? 'error' : 'success'}>{RESULT_LABELS[r.result] ?? r.result}</Tag>,
    },
    { title: '摘要', dataIndex: 'summary', ellipsis: true, render: (_dom, r) => <span title={r.userAgent ?? undefined}>{r.summary}</span> },
  ];
}
