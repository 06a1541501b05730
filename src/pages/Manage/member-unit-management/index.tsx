/**
 * 会员单位管理 (staff): the member units with their state, level, number, dates and member
 * window, filtered by state, level, keyword, join dates and pending changes (all in the URL).
 * Row actions are those each row's `actions` offer (the server's answer from the caller's
 * codes and the unit's state): 审核通过 (a confirmation that says a member number and
 * certificate will be given) or 驳回 (with a reason) for applications; 暂停 / 恢复 / 注销 (with
 * reasons and confirmation) for members; 编辑 in a drawer; 详情 with the files, certificate,
 * review history and the key-field change decisions; 进入单位 opens the unit's own page
 * (its practitioners, projects and cases). 导出 Excel sends the list's filters.
 */
import { useModel, useNavigate } from '@umijs/max';
import { App, Button, Space, Tag, Tooltip, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { MemberUnitListItem, MemberUnitRecord } from '@common/schemas/memberUnits';
import {
  dateRangeFilter,
  dateTimeColumn,
  keywordColumn,
  ManagePageContainer,
  ResourceFormDrawer,
  ResourceTable,
  useFormDrawer,
  type ResourceColumn,
  type ResourceTableHandle,
  type RowAction,
} from '@/components/ListPage';
import { exportMemberUnits, memberUnits } from '@/services/memberUnits';
import { getCurrentUser } from '@/storage';
import ApproveModal from './components/ApproveModal';
import ReasonModal, { type ReasonRequest } from '@/components/ReasonModal';
import { STATUS_REASON_MAX } from '@common/schemas/memberUnits';
import UnitDetailDrawer, { unitPagePath } from './components/UnitDetailDrawer';
import UnitFields from './components/UnitFields';
import UnitStatus, { STATUS_VALUE_ENUM } from './components/UnitStatus';
import { toUnitBody, toUnitValues, type UnitValues } from './components/unitValues';
import { labelOf, valueEnumOf } from '@/hooks/useDictionaries';
import { levelColor, useMemberLevels } from './components/useMemberLevels';
import WindowSwitch from './components/WindowSwitch';

const EXPORT = 'member:unit:export';

function today(): string {
  return new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
}

export default function MemberUnitManagementPage() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const levels = useMemberLevels();
  const drawer = useFormDrawer();
  const table = useRef<ResourceTableHandle>(null);
  const [detailId, setDetailId] = useState<string | null>(null);
  const [approving, setApproving] = useState<MemberUnitListItem | null>(null);
  const [reasonStep, setReasonStep] = useState<ReasonRequest | null>(null);

  // Back on the list, staff work on no particular unit any more (the navigation model's context).
  const { setUnitId, setBreadcrumb } = useModel('navigation');
  useEffect(() => {
    setUnitId(getCurrentUser()?.unitId ?? '');
    setBreadcrumb([]);
  }, [setUnitId, setBreadcrumb]);

  const reload = useCallback(() => table.current?.reload(), []);
  const columns = useMemo<ResourceColumn<MemberUnitListItem>[]>(
    () => [
      keywordColumn('单位名称、信用代码、会员编号或联系人'),
      {
        title: '单位名称',
        dataIndex: 'name',
        width: 260,
        sorter: true,
        render: (_dom, r) => (
          <Space orientation="vertical" size={2}>
            <Button type="link" style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'left' }} onClick={() => setDetailId(r.id)}>
              {r.name}
            </Button>
            {r.pendingChange && (
              <Tooltip title="单位提交了关键信息变更，等待审核">
                <Tag color="orange">变更待审</Tag>
              </Tooltip>
            )}
          </Space>
        ),
      },
      {
        title: '状态',
        dataIndex: 'status',
        width: 100,
        valueType: 'select',
        valueEnum: STATUS_VALUE_ENUM,
        filter: true,
        render: (_dom, r) =>
          r.statusReason ? (
            <Tooltip title={r.statusReason}>
              <span>
                <UnitStatus status={r.status} />
              </span>
            </Tooltip>
          ) : (
            <UnitStatus status={r.status} />
          ),
      },
      {
        title: '会员级别',
        dataIndex: 'memberLevel',
        width: 120,
        valueType: 'select',
        valueEnum: valueEnumOf(levels),
        filter: true,
        render: (_dom, r) => (r.memberLevel ? <Tag color={levelColor(r.memberLevel)}>{labelOf(levels, r.memberLevel)}</Tag> : '-'),
      },
      { title: '会员编号', dataIndex: 'memberNo', width: 110, sorter: true, render: (_dom, r) => r.memberNo ?? '-' },
      dateRangeFilter('入会日期', 'joinFrom', 'joinTo'),
      { title: '入会日期', dataIndex: 'joinDate', width: 110, sorter: true, render: (_dom, r) => r.joinDate ?? '-' },
      {
        title: '有效期至',
        dataIndex: 'validUntil',
        width: 110,
        sorter: true,
        render: (_dom, r) =>
          r.validUntil && r.validUntil < today() && r.status === 'approved' ? (
            <Tooltip title="会员资格已过有效期">
              <Typography.Text type="danger">{r.validUntil}</Typography.Text>
            </Tooltip>
          ) : (
            (r.validUntil ?? '-')
          ),
      },
      {
        title: '会员之窗',
        dataIndex: 'showInWindow',
        width: 100,
        valueType: 'select',
        valueEnum: { true: { text: '展示' }, false: { text: '不展示' } },
        filter: true,
        render: (_dom, r) => <WindowSwitch unit={r} editable={r.actions.includes('window')} onDone={reload} />,
      },
      {
        title: '信息变更',
        dataIndex: 'hasPendingChange',
        hideInTable: true,
        valueType: 'select',
        valueEnum: { true: { text: '有待审核的变更' }, false: { text: '无待审核的变更' } },
        filter: true,
      },
      { title: '从业人员', dataIndex: 'practitionerCount', width: 90, align: 'right' },
      { title: '统一社会信用代码', dataIndex: 'creditCode', width: 180 },
      dateTimeColumn('申请时间', 'createdAt', { sorter: true }),
    ],
    [levels, reload],
  );

  const { openEdit } = drawer;
  const rowActions = useMemo<RowAction<MemberUnitListItem>[]>(
    () => [
      { key: 'detail', label: '详情', run: (r) => setDetailId(r.id) },
      { key: 'enter', label: '进入单位', run: (r) => navigate(unitPagePath(r.id)) },
      { key: 'approve', label: '审核通过', action: 'approve', run: (r) => setApproving(r) },
      {
        key: 'reject',
        label: '驳回',
        action: 'reject',
        danger: true,
        run: (r) =>
          setReasonStep({
            title: '驳回入会申请',
            description: `驳回「${r.name}」的入会申请。单位登录后可看到驳回原因，修改材料后重新提交。`,
            label: '驳回原因',
            max: STATUS_REASON_MAX,
            okText: '驳回',
            danger: true,
            placeholder: '请写明需要补充或修改的材料，单位将看到此原因',
            run: (reason) => memberUnits.reject(r.id, reason, r.version),
            onDone: () => {
              message.success('已驳回入会申请');
              reload();
            },
          }),
      },
      {
        key: 'suspend',
        label: '暂停',
        action: 'suspend',
        run: (r) =>
          setReasonStep({
            title: '暂停会员资格',
            description: `暂停后「${r.name}」不再在会员之窗和官网展示，可随时恢复。`,
            label: '暂停原因',
            max: STATUS_REASON_MAX,
            okText: '暂停',
            danger: true,
            run: (reason) => memberUnits.suspend(r.id, reason, r.version),
            onDone: () => {
              message.success('已暂停会员资格');
              reload();
            },
          }),
      },
      {
        key: 'restore',
        label: '恢复',
        action: 'restore',
        confirm: (r) => `确定恢复「${r.name}」的会员资格吗？恢复后按原设置在会员之窗展示。`,
        run: (r) => memberUnits.restore(r.id, r.version),
        successMessage: '已恢复会员资格',
      },
      {
        key: 'cancel',
        label: '注销',
        action: 'cancel',
        danger: true,
        run: (r) =>
          setReasonStep({
            title: '注销会员资格',
            description: (
              <Typography.Text type="danger">
                注销后「{r.name}」的会员证书将被吊销、单位账号将被停用，且不能恢复或再修改。请确认后填写注销原因。
              </Typography.Text>
            ),
            label: '注销原因',
            max: STATUS_REASON_MAX,
            okText: '确认注销',
            danger: true,
            run: (reason) => memberUnits.cancel(r.id, reason, r.version),
            onDone: () => {
              message.success('已注销会员资格');
              reload();
            },
          }),
      },
      { key: 'edit', label: '编辑', action: 'edit', run: (r) => openEdit(r.id) },
    ],
    [message, navigate, openEdit, reload],
  );

  return (
    <ManagePageContainer path="/Manage/member-unit-management">
      <ResourceTable<MemberUnitListItem>
        headerTitle="会员单位列表"
        columns={columns}
        fetch={memberUnits.list}
        rowActions={rowActions}
        exports={[{ key: 'export', label: '导出 Excel', code: EXPORT, icon: true, run: exportMemberUnits }]}
        handleRef={table}
      />
      <ResourceFormDrawer<MemberUnitRecord, UnitValues>
        title="会员单位"
        width={820}
        target={drawer.target}
        onClose={drawer.close}
        onSaved={reload}
        load={(id) => memberUnits.get(id)}
        toValues={toUnitValues}
        versionOf={(r) => r.version}
        // Units come from registration only; the drawer never creates one.
        create={() => Promise.reject(new Error('会员单位由入会申请创建'))}
        update={(id, values, version) => memberUnits.update(id, toUnitBody(values, version))}
      >
        <UnitFields levels={levels} />
      </ResourceFormDrawer>
      <UnitDetailDrawer unitId={detailId} levels={levels} onClose={() => setDetailId(null)} onChanged={reload} />
      <ApproveModal unit={approving} levels={levels} onClose={() => setApproving(null)} onDone={reload} />
      <ReasonModal request={reasonStep} onClose={() => setReasonStep(null)} />
    </ManagePageContainer>
  );
}
