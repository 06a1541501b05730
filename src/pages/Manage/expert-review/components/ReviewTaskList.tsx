/**
 * 评审任务: the list (staff: every unit's projects; a unit: its own, read only) with filters
 * (keyword, status, reason, unit, review dates), sorting and export; 新建评审任务 in a drawer;
 * 详情 opens the task's drawer, where its workflow is walked (./ReviewTaskDrawer.tsx). `?id=`
 * opens one task (the links of messages and of a project's detail).
 */
import { Space, Tag, Typography } from 'antd';
import { useCallback, useMemo, useRef, useState } from 'react';
import type { ReviewTaskDetail, ReviewTaskListItem } from '@common/schemas/reviewTasks';
import {
  dateRangeFilter,
  dateTimeColumn,
  editAction,
  keywordColumn,
  ResourceFormDrawer,
  ResourceTable,
  useFormDrawer,
  type ResourceColumn,
  type ResourceTableHandle,
  type RowAction,
} from '@/components/ListPage';
import { statusColumn, useUnitColumn } from '@/components/ReviewedSubject';
import { useAccessFlags } from '@/hooks/useCan';
import { labelOf, valueEnumOf } from '@/hooks/useDictionaries';
import { useDetailId } from '@/hooks/useDetailId';
import { exportReviewTasks, getReviewTask, reviewTasks } from '@/services/reviewTasks';
import ReviewTaskDrawer, { type ReviewDicts } from './ReviewTaskDrawer';
import ReviewTaskFields from './ReviewTaskFields';
import { CONCLUSION_COLORS, conclusionLabel, formatScore, TASK_STATUS_STYLE } from './reviewWords';
import { TASK_INITIAL_VALUES, toTaskCreateBody, toTaskUpdateBody, toTaskValues, type ReviewTaskValues } from './reviewTaskValues';

/** The panel as the list may say it: how many drawn and confirmed, never who. */
function panelText(r: ReviewTaskListItem): string {
  if (r.rounds === 0) return r.status === 'cancelled' ? '-' : '待抽取';
  if (r.status === 'confirming') return `已确认 ${r.confirmedCount}/${r.panelSize}`;
  if (r.status === 'scoring') return `评分表 ${r.sheetCount}/${r.panelSize}`;
  return `${r.panelSize} 名`;
}

export default function ReviewTaskList({ dicts }: { dicts: ReviewDicts }) {
  const { isStaff, isMemberUnit, can } = useAccessFlags();
  const drawer = useFormDrawer();
  const table = useRef<ResourceTableHandle>(null);
  const reload = useCallback(() => table.current?.reload(), []);
  const detail = useDetailId();
  const unitColumn = useUnitColumn<ReviewTaskListItem>('评估单位');
  // An edit saved from the open task's drawer: the drawer loads the task again.
  const [saves, setSaves] = useState(0);

  const columns = useMemo<ResourceColumn<ReviewTaskListItem>[]>(
    () => [
      keywordColumn('项目名称、编号或评估单位'),
      {
        title: '评审项目',
        dataIndex: 'projectName',
        width: 220,
        fixed: 'left',
        render: (_d, r) => (
          <Space orientation="vertical" size={0}>
            <Typography.Text ellipsis={{ tooltip: r.projectName }} style={{ maxWidth: 200 }}>
              {r.projectName}
            </Typography.Text>
            {r.projectCode && <Typography.Text type="secondary">{r.projectCode}</Typography.Text>}
          </Space>
        ),
      },
      ...(unitColumn ? [unitColumn] : []),
      {
        title: '评审原因',
        dataIndex: 'reason',
        width: 100,
        optional: true,
        valueType: 'select',
        valueEnum: valueEnumOf(dicts.reasons),
        filter: true,
        render: (_d, r) => labelOf(dicts.reasons, r.reason),
      },
      {
        title: '评审日期',
        dataIndex: 'reviewOn',
        width: 120,
        sorter: true,
        render: (_d, r) => (r.reviewTime ? `${r.reviewOn} ${r.reviewTime}` : r.reviewOn),
      },
      dateRangeFilter('评审日期', 'reviewFrom', 'reviewTo'),
      { title: '评审专家', dataIndex: 'panel', width: 110, render: (_d, r) => panelText(r) },
      {
        title: '评审结果',
        dataIndex: 'resultScore',
        width: 140,
        render: (_d, r) =>
          r.resultConclusion ? (
            <Space size={4} wrap>
              <span>{formatScore(r.resultScore)}</span>
              <Tag color={CONCLUSION_COLORS[r.resultConclusion]}>{conclusionLabel(r.resultConclusion)}</Tag>
            </Space>
          ) : (
            '-'
          ),
      },
      statusColumn(TASK_STATUS_STYLE),
      { ...dateTimeColumn<ReviewTaskListItem>('更新时间', 'updatedAt', { sorter: true }), optional: true },
    ],
    [unitColumn, dicts.reasons],
  );

  const { openEdit } = drawer;
  const openDetail = detail.open;
  const rowActions = useMemo<RowAction<ReviewTaskListItem>[]>(
    () => [{ key: 'detail', label: '详情', run: (r) => openDetail(r.id) }, editAction('edit', (r) => openEdit(r.id))],
    [openDetail, openEdit],
  );

  // A unit exports its own projects' reviews; staff need review:task:export.
  const mayExport = isMemberUnit || (isStaff && can('review:task:export'));
  return (
    <>
      <ResourceTable<ReviewTaskListItem>
        headerTitle={isMemberUnit ? '本单位项目评审' : '评审任务'}
        columns={columns}
        fetch={reviewTasks.list}
        create={{ code: 'review:manage', label: '新建评审任务', onClick: drawer.openCreate }}
        rowActions={rowActions}
        exports={mayExport ? [{ key: 'export', label: '导出', icon: true, run: exportReviewTasks }] : []}
        emptyText={isMemberUnit ? '本单位项目暂无评审' : '暂无评审任务'}
        handleRef={table}
      />
      <ResourceFormDrawer<ReviewTaskDetail, ReviewTaskValues>
        title="评审任务"
        width={760}
        target={drawer.target}
        onClose={drawer.close}
        onSaved={() => {
          reload();
          setSaves((n) => n + 1);
        }}
        load={(id) => getReviewTask(id)}
        toValues={toTaskValues}
        versionOf={(r) => r.version}
        initialValues={TASK_INITIAL_VALUES}
        create={(values) => reviewTasks.create(toTaskCreateBody(values))}
        update={(id, values, version) => reviewTasks.update(id, toTaskUpdateBody(values, version))}
        submitters={[{ key: 'save', label: '保存', primary: true, successMessage: '评审任务已保存' }]}
      >
        {({ record }) => <ReviewTaskFields record={record} reasons={dicts.reasons} categories={dicts.categories} specialties={dicts.specialties} />}
      </ResourceFormDrawer>
      <ReviewTaskDrawer id={detail.id} refreshKey={saves} dicts={dicts} onClose={detail.close} onChanged={reload} onEdit={openEdit} />
    </>
  );
}
