/**
 * 投诉举报 list: staff see every complaint (filters: keyword, status, kind, conclusion, unit,
 * deadline running out or past, submission days; sort by number, submission, deadlines), with
 * 受理 / 不予受理 / 办结 on the rows whose `actions` offer them and 导出 for complaint:export;
 * a unit sees its own from the acceptance on, with 书面申辩 while it may answer. 详情 (or `?id=`)
 * opens the drawer (./ComplaintDrawer.tsx).
 */
import { Space, Typography } from 'antd';
import { useCallback, useMemo, useRef } from 'react';
import { COMPLAINT_CONCLUSION_LABELS, COMPLAINT_KIND_LABELS } from '@common/credit';
import { COMPLAINT_DUE_LABELS, type ComplaintListItem } from '@common/schemas/complaints';
import {
  dateRangeFilter,
  dateTimeColumn,
  keywordColumn,
  labelsEnum,
  ResourceTable,
  type ExportAction,
  type ResourceColumn,
  type ResourceTableHandle,
  type RowAction,
} from '@/components/ListPage';
import { statusColumn, useUnitColumn } from '@/components/ReviewedSubject';
import { useAccessFlags } from '@/hooks/useCan';
import { useDetailId } from '@/hooks/useDetailId';
import { complaints, exportComplaints } from '@/services/complaints';
import ComplaintDrawer from './ComplaintDrawer';
import { COMPLAINT_STATUS_STYLE, ConclusionTag, DeadlineTag } from './complaintWords';
import { useComplaintSteps } from './useComplaintSteps';

export default function ComplaintList() {
  const { isStaff, isMemberUnit } = useAccessFlags();
  const table = useRef<ResourceTableHandle>(null);
  const reload = useCallback(() => table.current?.reload(), []);
  const detail = useDetailId();
  const steps = useComplaintSteps(reload);
  const unitColumn = useUnitColumn<ComplaintListItem>('被投诉单位');

  const columns = useMemo<ResourceColumn<ComplaintListItem>[]>(
    () => [
      keywordColumn(isStaff ? '编号、标题、被投诉单位或投诉人' : '编号或标题'),
      { title: '编号', dataIndex: 'complaintNo', width: 130, fixed: 'left', sorter: true },
      {
        title: '类型',
        dataIndex: 'kind',
        width: 70,
        optional: true,
        valueType: 'select',
        valueEnum: labelsEnum(COMPLAINT_KIND_LABELS),
        filter: true,
        render: (_d, r) => COMPLAINT_KIND_LABELS[r.kind],
      },
      {
        title: '标题',
        dataIndex: 'title',
        width: 200,
        render: (_d, r) => (
          <Space orientation="vertical" size={0}>
            <Typography.Text ellipsis={{ tooltip: r.title }} style={{ maxWidth: 180 }}>
              {r.title}
            </Typography.Text>
            {(r.practitionerName || r.projectName) && (
              <Typography.Text type="secondary" ellipsis style={{ maxWidth: 180 }}>
                {[r.practitionerName, r.projectName].filter(Boolean).join(' · ')}
              </Typography.Text>
            )}
          </Space>
        ),
      },
      ...(unitColumn ? [{ ...unitColumn, width: 180 }] : []),
      ...(isStaff
        ? [
            {
              title: '投诉人',
              dataIndex: 'complainantName',
              width: 140,
              optional: true,
              render: (_d: unknown, r: ComplaintListItem) =>
                r.anonymous ? (
                  '匿名'
                ) : (
                  <Space orientation="vertical" size={0}>
                    <span>{r.complainantName ?? '（已删除）'}</span>
                    {r.complainantPhone && <Typography.Text type="secondary">{r.complainantPhone}</Typography.Text>}
                  </Space>
                ),
            } satisfies ResourceColumn<ComplaintListItem>,
          ]
        : []),
      statusColumn(COMPLAINT_STATUS_STYLE),
      { title: '期限', dataIndex: 'deadline', width: 150, render: (_d, r) => <DeadlineTag deadline={r.deadline} /> },
      { title: '期限', dataIndex: 'due', hideInTable: true, valueType: 'select', valueEnum: labelsEnum(COMPLAINT_DUE_LABELS), filter: true },
      {
        title: '办理结论',
        dataIndex: 'conclusion',
        width: 90,
        optional: true,
        valueType: 'select',
        valueEnum: labelsEnum(COMPLAINT_CONCLUSION_LABELS),
        filter: true,
        render: (_d, r) => <ConclusionTag conclusion={r.conclusion} />,
      },
      { ...dateTimeColumn<ComplaintListItem>('提交时间', 'submittedAt', { sorter: true }), optional: true },
      dateRangeFilter('提交日期', 'submittedFrom', 'submittedTo'),
    ],
    [isStaff, unitColumn],
  );

  const openDetail = detail.open;
  const rowActions = useMemo<RowAction<ComplaintListItem>[]>(
    () => [
      { key: 'detail', label: '详情', run: (r) => openDetail(r.id) },
      { key: 'accept', label: '受理', action: 'accept', run: (r) => steps.accept(r), reload: false },
      { key: 'decline', label: '不予受理', action: 'decline', danger: true, run: (r) => steps.decline(r), reload: false },
      { key: 'conclude', label: '办结', action: 'conclude', run: (r) => steps.conclude(r), reload: false },
      { key: 'reply', label: '书面申辩', action: 'reply', run: (r) => steps.reply(r), reload: false },
    ],
    [openDetail, steps],
  );

  const exports: ExportAction[] = isStaff ? [{ key: 'export', label: '导出', icon: true, code: 'complaint:export', run: exportComplaints }] : [];
  return (
    <>
      <ResourceTable<ComplaintListItem>
        headerTitle={isMemberUnit ? '对本单位的投诉举报' : '投诉举报'}
        columns={columns}
        fetch={complaints.list}
        rowActions={rowActions}
        exports={exports}
        emptyText={isMemberUnit ? '暂无已受理的对本单位的投诉举报' : '暂无投诉举报'}
        rowName={(r) => r.complaintNo}
        handleRef={table}
      />
      <ComplaintDrawer id={detail.id} onClose={detail.close} onChanged={reload} />
      {steps.dialogs}
    </>
  );
}
