/**
 * 从业人员单位变更管理 (docs/domain.md, the unit change): one list, three views of it.
 * - Staff: every change, filtered by state, unit, name or certificate number and date;
 *   审批通过 (naming the move) after the old unit released, 驳回 with a reason.
 * - A member unit: its incoming (调入) and outgoing (调出) changes; 放行 / 驳回 on outgoing
 *   ones, 撤回 on its own requests, and 发起调入申请 (name + ID number + reason + release letter).
 * - A practitioner: their own changes, 申请变更单位 and 撤回.
 * The server says which steps the caller may take on each row (`actions`); every party opens the
 * same detail with the whole history. Each step reloads the list, so its result shows at once.
 */
import { useModel } from '@umijs/max';
import { Space, Typography } from 'antd';
import { useCallback, useMemo, useRef, useState } from 'react';
import { AuthType } from '@common/permissions';
import { UNIT_CHANGE_DIRECTION_LABELS, type UnitChangeRecord } from '@common/schemas/unitChanges';
import {
  dateRangeFilter,
  dateTimeColumn,
  keywordColumn,
  ManagePageContainer,
  ResourceTable,
  type ResourceColumn,
  type ResourceTableHandle,
  type RowAction,
} from '@/components/ListPage';
import { approvedUnitOptions, unitChanges } from '@/services/unitChanges';
import ReasonModal, { type ReasonRequest } from '@/components/ReasonModal';
import { decisionStep } from './components/decision';
import DetailDrawer from './components/DetailDrawer';
import RequestModal, { type RequestMode } from './components/RequestModal';
import { moveText, STATUS_ENUM, StatusTag } from './components/status';

const PATH = '/Manage/employee-unit-change';

/** The unit filter's choices (staff): the approved units, searched by name. */
async function unitFilterOptions() {
  const units = await approvedUnitOptions({ skipErrorHandler: true }).catch(() => []);
  return units.map((u) => ({ label: u.name, value: u.id }));
}

export default function EmployeeUnitChangePage() {
  const { initialState } = useModel('@@initialState');
  const user = initialState?.currentUser;
  const authType = user?.authType;
  const unitId = user?.unitId ?? null;
  const table = useRef<ResourceTableHandle>(null);
  const [detailId, setDetailId] = useState<string | null>(null);
  const [decision, setDecision] = useState<ReasonRequest | null>(null);
  const [requestMode, setRequestMode] = useState<RequestMode | null>(null);
  const reload = useCallback(() => table.current?.reload(), []);

  const columns = useMemo<ResourceColumn<UnitChangeRecord>[]>(() => {
    const staff = authType === AuthType.Staff;
    const unit = authType === AuthType.MemberUnit;
    const list: ResourceColumn<UnitChangeRecord>[] = [];
    // A practitioner's own few changes need no search box.
    if (authType !== AuthType.Practitioner) list.push(keywordColumn('姓名或证书编号'));
    if (unit) {
      list.push({
        title: '申请类型',
        dataIndex: 'direction',
        width: 100,
        valueType: 'select',
        valueEnum: { in: { text: UNIT_CHANGE_DIRECTION_LABELS.in }, out: { text: UNIT_CHANGE_DIRECTION_LABELS.out } },
        filter: true,
        render: (_dom, r) => (r.toUnitId === unitId ? UNIT_CHANGE_DIRECTION_LABELS.in : UNIT_CHANGE_DIRECTION_LABELS.out),
      });
    }
    list.push(
      {
        title: '从业人员',
        dataIndex: 'practitionerName',
        width: 150,
        sorter: true,
        render: (_dom, r) => (
          <Space orientation="vertical" size={0}>
            <span>{r.practitionerName}</span>
            {r.certificateNo && <Typography.Text type="secondary">{r.certificateNo}</Typography.Text>}
          </Space>
        ),
      },
      { title: '原单位', dataIndex: 'fromUnitName', width: 200, ellipsis: true },
      { title: '调入单位', dataIndex: 'toUnitName', width: 200, ellipsis: true },
      { title: '变更原因', dataIndex: 'reason', width: 220, ellipsis: true },
      {
        title: '状态',
        dataIndex: 'status',
        width: 120,
        valueType: 'select',
        valueEnum: STATUS_ENUM,
        filter: true,
        render: (_dom, r) => <StatusTag record={r} />,
      },
    );
    if (staff) {
      list.push({
        title: '单位',
        dataIndex: 'unitId',
        hideInTable: true,
        valueType: 'select',
        request: unitFilterOptions,
        fieldProps: { showSearch: true, placeholder: '原单位或调入单位' },
        filter: true,
      });
    }
    list.push(
      { title: '申请人', dataIndex: 'requestedByName', width: 140, ellipsis: true },
      dateRangeFilter('申请日期', 'submittedFrom', 'submittedTo'),
      dateTimeColumn('申请时间', 'createdAt', { sorter: true }),
      dateTimeColumn('更新时间', 'updatedAt', { sorter: true }),
    );
    return list;
  }, [authType, unitId]);

  const rowActions = useMemo<RowAction<UnitChangeRecord>[]>(
    () => [
      { key: 'detail', label: '详情', run: (r) => setDetailId(r.id) },
      { key: 'release', label: '放行', action: 'release', run: (r) => setDecision(decisionStep('release', r, reload)) },
      { key: 'approve', label: '审批通过', action: 'approve', run: (r) => setDecision(decisionStep('approve', r, reload)) },
      { key: 'reject', label: '驳回', danger: true, action: 'reject', run: (r) => setDecision(decisionStep('reject', r, reload)) },
      {
        key: 'withdraw',
        label: '撤回',
        danger: true,
        action: 'withdraw',
        confirm: (r) => `确定撤回「${moveText(r)}」的申请吗？撤回后如需变更须重新申请。`,
        run: (r) => unitChanges.action(r.id, 'withdraw', { version: r.version }),
        successMessage: '申请已撤回',
      },
    ],
    [reload],
  );

  const create =
    authType === AuthType.MemberUnit
      ? { label: '发起调入申请', onClick: () => setRequestMode('unit') }
      : authType === AuthType.Practitioner
        ? { label: '申请变更单位', onClick: () => setRequestMode('practitioner') }
        : undefined;

  return (
    <ManagePageContainer path={PATH}>
      <ResourceTable<UnitChangeRecord>
        headerTitle={authType === AuthType.Practitioner ? '我的单位变更申请' : '单位变更申请'}
        columns={columns}
        fetch={(query) => unitChanges.list(query)}
        create={create}
        rowActions={rowActions}
        handleRef={table}
      />
      <DetailDrawer id={detailId} onClose={() => setDetailId(null)} />
      <ReasonModal request={decision} onClose={() => setDecision(null)} />
      <RequestModal mode={requestMode} currentUnitId={unitId} onClose={() => setRequestMode(null)} onDone={reload} />
    </ManagePageContainer>
  );
}
