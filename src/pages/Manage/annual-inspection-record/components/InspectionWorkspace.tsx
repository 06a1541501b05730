/**
 * The annual inspection page for everyone, narrowed by who is looking (the server enforces the
 * same scope):
 *
 * - staff: the year selector, 开启年度 / 关闭年度 (inspection:manage), the year's counts as
 *   cards that filter the list, the list with filters (type, state, unit, overdue, keyword)
 *   and sorting, the detail drawer with 通过 / 不通过 / 退回修改 (inspection:review), 导出
 *   (inspection:export);
 * - a member unit: its own record and its practitioners' for the year, 提交 / 重新提交 (one
 *   at a time, or 批量提交 of the selected rows), the state and the reviewer's comment, 导出;
 * - a practitioner: their own record.
 *
 * `?year=` picks the year; `?id=` opens a record's drawer (the messages link there).
 */
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { useModel, useSearchParams } from '@umijs/max';
import { Alert, App, Button, Card, Empty, Result, Select, Skeleton, Space, Tag, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { AuthType } from '@common/permissions';
import {
  INSPECTION_STATUS_LABELS,
  INSPECTION_SUBJECT_TYPE_LABELS,
  INSPECTION_YEAR_STATUS_LABELS,
  type InspectionRecord,
  type InspectionYearRecord,
} from '@common/schemas/inspections';
import {
  dateTimeColumn,
  keywordColumn,
  labelsEnum,
  ResourceTable,
  type BatchAction,
  type ResourceColumn,
  type ResourceTableHandle,
  type RowAction,
} from '@/components/ListPage';
import { useCan } from '@/hooks/useCan';
import {
  closeInspectionYear,
  exportInspections,
  inspectionUnitOptions,
  inspections,
  inspectionYears,
  type InspectionDecisionResult,
} from '@/services/inspections';
import ReasonModal, { type ReasonRequest } from '@/components/ReasonModal';
import BatchSubmitModal from './BatchSubmitModal';
import { decisionStep, type DecisionKind } from './decision';
import DetailDrawer from './DetailDrawer';
import OpenYearModal from './OpenYearModal';
import { StatusTag } from './status';
import SubmitModal from './SubmitModal';
import SummaryCards, { type SummaryFilter } from './SummaryCards';

type ListQuery = Record<string, string | number>;

/** The state filter in the states' own words; 已提交 finds the resubmitted ones too (as the server does). */
const STATUS_FILTER = labelsEnum({ ...INSPECTION_STATUS_LABELS, submitted: `${INSPECTION_STATUS_LABELS.submitted}（含${INSPECTION_STATUS_LABELS.resubmitted}）` });

function pickYear(years: readonly InspectionYearRecord[], wanted: number | null): InspectionYearRecord | null {
  return years.find((y) => y.year === wanted) ?? years.find((y) => y.status === 'open') ?? years[0] ?? null;
}

export default function InspectionWorkspace() {
  const { initialState } = useModel('@@initialState');
  const user = initialState?.currentUser;
  const isStaff = user?.authType === AuthType.Staff;
  const isUnit = user?.authType === AuthType.MemberUnit;
  const isPractitioner = user?.authType === AuthType.Practitioner;
  const can = useCan();
  const canManage = can('inspection:manage');
  const canExport = isUnit || can('inspection:export');
  const { message, modal } = App.useApp();
  const [searchParams, setSearchParams] = useSearchParams();

  const [years, setYears] = useState<{ status: 'loading' | 'failed' } | { status: 'ready'; list: InspectionYearRecord[] }>({ status: 'loading' });
  const [units, setUnits] = useState<{ label: string; value: string }[]>([]);
  const [opening, setOpening] = useState(false);
  const [decision, setDecision] = useState<ReasonRequest<InspectionDecisionResult> | null>(null);
  const [submitting, setSubmitting] = useState<InspectionRecord | null>(null);
  const [batchSubmitting, setBatchSubmitting] = useState<InspectionRecord[] | null>(null);
  const [generation, setGeneration] = useState(0);
  const table = useRef<ResourceTableHandle>(null);

  const wantedYear = Number(searchParams.get('year')) || null;
  const detailId = searchParams.get('id');

  const loadYears = useCallback(async () => {
    try {
      setYears({ status: 'ready', list: await inspectionYears() });
    } catch {
      setYears({ status: 'failed' });
    }
  }, []);
  useEffect(() => {
    void loadYears();
  }, [loadYears]);

  useEffect(() => {
    if (!isStaff) return undefined;
    let live = true;
    inspectionUnitOptions()
      .then((options) => live && setUnits(options.map((o) => ({ label: o.name, value: o.id }))))
      .catch(() => undefined); // the unit filter stays empty; the list still works
    return () => {
      live = false;
    };
  }, [isStaff]);

  const yearList = years.status === 'ready' ? years.list : [];
  const current = pickYear(yearList, wantedYear);
  const year = current?.year ?? null;

  /** Changes the URL's own keys (year, id, the table's filters) and keeps the rest. */
  const patchParams = useCallback(
    (patch: Record<string, string | null>) => {
      const next = new URLSearchParams(searchParams);
      for (const [key, value] of Object.entries(patch)) {
        if (value === null) next.delete(key);
        else next.set(key, value);
      }
      setSearchParams(next);
    },
    [searchParams, setSearchParams],
  );

  /** After a change: the list, the counts and an open drawer show the new state at once. */
  const refresh = useCallback(() => {
    table.current?.reload();
    setGeneration((g) => g + 1);
    void loadYears();
  }, [loadYears]);

  const fetchList = useCallback(
    async (query: ListQuery) => {
      return inspections.list(year ? { ...query, year } : query);
    },
    [year],
  );

  const columns = useMemo<ResourceColumn<InspectionRecord>[]>(() => {
    const list: ResourceColumn<InspectionRecord>[] = [];
    if (!isPractitioner) list.push(keywordColumn(isStaff ? '单位或从业人员名称、所属单位' : '从业人员姓名'));
    list.push({
      title: '名称',
      dataIndex: 'subjectName',
      width: 200,
      sorter: true,
      fixed: 'left',
      render: (_dom, r) => (
        <Space orientation="vertical" size={0}>
          <span>{r.subjectName}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {INSPECTION_SUBJECT_TYPE_LABELS[r.subjectType]}
          </Typography.Text>
        </Space>
      ),
    });
    if (!isPractitioner) {
      list.push({ title: '对象类型', dataIndex: 'subjectType', hideInTable: true, valueType: 'select', valueEnum: labelsEnum(INSPECTION_SUBJECT_TYPE_LABELS), filter: true });
    }
    if (isStaff) {
      list.push({
        title: '所属单位',
        dataIndex: 'unitId',
        width: 200,
        ellipsis: true,
        valueType: 'select',
        valueEnum: Object.fromEntries(units.map((u) => [u.value, { text: u.label }])),
        fieldProps: { showSearch: true },
        filter: true,
        render: (_dom, r) => r.unitName,
      });
    }
    list.push(
      {
        title: '状态',
        dataIndex: 'status',
        width: 140,
        valueType: 'select',
        valueEnum: STATUS_FILTER,
        ...(isPractitioner ? {} : { filter: true as const }),
        sorter: isStaff,
        render: (_dom, r) => <StatusTag status={r.status} overdue={r.overdue} />,
      },
      { title: '完成项目数', dataIndex: 'projectsDone', width: 100, render: (_dom, r) => r.projectsDone ?? '-' },
      { title: '培训学时', dataIndex: 'trainingHours', width: 90, render: (_dom, r) => r.trainingHours ?? '-' },
      dateTimeColumn('提交时间', 'submittedAt', { sorter: true }),
      { title: '审核意见', dataIndex: 'reviewComment', width: 220, ellipsis: true, render: (_dom, r) => r.reviewComment ?? '-' },
      { title: '证书有效期至', dataIndex: 'certificateValidUntil', width: 120, render: (_dom, r) => r.certificateValidUntil ?? '-' },
    );
    if (!isPractitioner) {
      list.push({ title: '是否逾期', dataIndex: 'overdue', hideInTable: true, valueType: 'select', valueEnum: { true: { text: '逾期未提交' }, false: { text: '未逾期' } }, filter: true });
    }
    return list;
  }, [isPractitioner, isStaff, units]);

  const openDetail = useCallback((id: string) => patchParams({ id }), [patchParams]);
  const decide = useCallback((kind: DecisionKind, record: InspectionRecord) => setDecision(decisionStep(kind, record, refresh)), [refresh]);

  const rowActions = useMemo<RowAction<InspectionRecord>[]>(
    () => [
      { key: 'detail', label: '详情', run: (r) => openDetail(r.id) },
      {
        key: 'submit',
        label: (r) => (r.status === 'returned' ? '重新提交' : '提交'),
        action: 'submit',
        run: (r) => setSubmitting(r),
      },
      { key: 'approve', label: '通过', action: 'approve', run: (r) => decide('approve', r) },
      { key: 'return', label: '退回', action: 'return', run: (r) => decide('return', r) },
      { key: 'reject', label: '不通过', danger: true, action: 'reject', run: (r) => decide('reject', r) },
    ],
    [decide, openDetail],
  );

  // A unit submits its practitioners' (and its own) at once; the rows' actions decide which may be picked.
  const batchActions = useMemo<BatchAction<InspectionRecord>[]>(
    () => (isUnit ? [{ key: 'submit', label: '提交', action: 'submit', open: (rows) => setBatchSubmitting(rows) }] : []),
    [isUnit],
  );

  const pickSummary = (filter: SummaryFilter) =>
    patchParams({ status: filter.status ?? null, overdue: filter.overdue ?? null, current: null, id: null });

  const confirmClose = (y: InspectionYearRecord) =>
    modal.confirm({
      title: `确定关闭${y.year}年度年检吗？`,
      content: '关闭后，该年度不再接受提交和审核，结果保留可查、可导出。尚有待审核的年检时不能关闭。',
      okText: '确定关闭',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: async () => {
        try {
          await closeInspectionYear(y.year, y.version);
          message.success(`${y.year}年度年检已关闭`);
          refresh();
        } catch {
          // The request layer has shown why.
        }
      },
    });

  if (years.status === 'loading') return <Skeleton active paragraph={{ rows: 8 }} />;
  if (years.status === 'failed') {
    return <Result status="warning" title="年检年度加载失败" subTitle="请检查网络后重试" extra={<Button onClick={() => void loadYears()}>重试</Button>} />;
  }

  const openYearModal = (
    <OpenYearModal
      open={opening}
      openedYears={yearList.map((y) => y.year)}
      onClose={() => setOpening(false)}
      onOpened={(opened) => {
        patchParams({ year: String(opened), id: null });
        void loadYears();
      }}
    />
  );

  if (!current) {
    return (
      <Card>
        <Empty description={isStaff ? '尚未开启任何年度的年检' : '协会尚未开启年检，开启后可在此提交'}>
          {canManage && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setOpening(true)}>
              开启年度
            </Button>
          )}
        </Empty>
        {openYearModal}
      </Card>
    );
  }

  return (
    <>
      <Card size="small" style={{ marginBottom: 16 }}>
        <Space wrap size="middle" style={{ width: '100%', justifyContent: 'space-between' }}>
          <Space wrap>
            <Typography.Text strong>年度</Typography.Text>
            <Select
              aria-label="年度"
              style={{ width: 120 }}
              value={current.year}
              options={yearList.map((y) => ({ value: y.year, label: `${y.year}年度` }))}
              onChange={(value: number) => patchParams({ year: String(value), status: null, overdue: null, current: null, id: null })}
            />
            <Tag color={current.status === 'open' ? 'green' : 'default'}>{INSPECTION_YEAR_STATUS_LABELS[current.status]}</Tag>
            <Typography.Text type={current.pastDeadline && current.status === 'open' ? 'danger' : 'secondary'}>
              截止日期 {current.deadline}
              {current.pastDeadline && current.status === 'open' ? '（已过截止日期）' : ''}
            </Typography.Text>
          </Space>
          {canManage && (
            <Space wrap>
              {current.status === 'open' && (
                <Button danger onClick={() => confirmClose(current)}>
                  关闭年度
                </Button>
              )}
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setOpening(true)}>
                开启年度
              </Button>
            </Space>
          )}
        </Space>
      </Card>

      {!isStaff && current.status === 'open' && (
        <Alert
          type={current.pastDeadline ? 'error' : 'info'}
          showIcon
          style={{ marginBottom: 16 }}
          title={
            isUnit
              ? `请在 ${current.deadline} 前提交本单位及本单位从业人员的${current.year}年度年检；被退回的请按审核意见修改后重新提交。`
              : `请在 ${current.deadline} 前提交本人的${current.year}年度年检；被退回的请按审核意见修改后重新提交。`
          }
        />
      )}

      {!isPractitioner && <SummaryCards counts={current.counts} onPick={pickSummary} />}

      <ResourceTable<InspectionRecord>
        key={current.year}
        headerTitle={isPractitioner ? `我的${current.year}年度年检` : `${current.year}年度年检`}
        columns={columns}
        fetch={fetchList}
        rowActions={rowActions}
        batchActions={batchActions}
        rowName={(r) => r.subjectName}
        exports={canExport ? [{ key: 'export', label: '导出', icon: true, run: (filters) => exportInspections({ ...filters, year: current.year }) }] : []}
        handleRef={table}
      />

      <DetailDrawer
        id={detailId}
        generation={generation}
        onClose={() => patchParams({ id: null })}
        onDecide={decide}
        onSubmit={(r) => setSubmitting(r)}
      />
      <ReasonModal request={decision} onClose={() => setDecision(null)} />
      <SubmitModal record={submitting} onClose={() => setSubmitting(null)} onDone={refresh} />
      <BatchSubmitModal
        records={batchSubmitting}
        onClose={() => setBatchSubmitting(null)}
        onDone={() => {
          table.current?.clearSelection();
          refresh();
        }}
      />
      {openYearModal}
    </>
  );
}
