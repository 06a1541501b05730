/**
 * The business-case list: staff see every unit's cases (filter by unit) and approve or reject
 * them, and export; a unit adds, edits and deletes its own. `?id=` opens that case's detail.
 */
import { useModel, useSearchParams } from '@umijs/max';
import { Tag } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { AuthType } from '@common/permissions';
import { CASE_REASON_MAX, CASE_STATUS_LABELS, type CaseDetail, type CaseRecord } from '@common/schemas/cases';
import {
  dateTimeColumn,
  keywordColumn,
  yearFilter,
  ResourceFormDrawer,
  ResourceTable,
  useFormDrawer,
  type ResourceColumn,
  type ResourceTableHandle,
  type RowAction,
} from '@/components/ListPage';
import { approveCase, cases, createCase, deleteCase, exportCases, getCase, rejectCase, updateCase } from '@/services/cases';
import { projectUnitOptions } from '@/services/projects';
import ReasonModal from '@/components/ReasonModal';
import { labelOf, useDictionaries, valueEnumOf } from '@/hooks/useDictionaries';
import CaseDetailDrawer, { CaseStatusBadge } from './CaseDetailDrawer';
import CaseFields from './CaseFields';
import { CASE_INITIAL_VALUES, toCaseBody, toCaseValues, type CaseValues } from './caseValues';

type RejectTarget = Pick<CaseRecord, 'id' | 'title' | 'version'> | null;

export default function CaseList() {
  const { initialState } = useModel('@@initialState');
  const isStaff = initialState?.currentUser?.authType === AuthType.Staff;
  const isUnit = initialState?.currentUser?.authType === AuthType.MemberUnit;
  const types = useDictionaries('project_type').project_type;
  const drawer = useFormDrawer();
  const table = useRef<ResourceTableHandle>(null);
  const [units, setUnits] = useState<{ label: string; value: string }[]>([]);
  const [rejecting, setRejecting] = useState<RejectTarget>(null);
  const [searchParams, setSearchParams] = useSearchParams();
  const urlId = searchParams.get('id');
  const [detailId, setDetailId] = useState<string | null>(urlId);

  useEffect(() => {
    if (urlId) setDetailId(urlId);
  }, [urlId]);

  useEffect(() => {
    if (!isStaff) return undefined;
    let live = true;
    projectUnitOptions()
      .then((list) => live && setUnits(list.map((u) => ({ label: u.name, value: u.id }))))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [isStaff]);

  const reload = useCallback(() => table.current?.reload(), []);
  const closeDetail = useCallback(() => {
    setDetailId(null);
    if (searchParams.has('id')) {
      const next = new URLSearchParams(searchParams);
      next.delete('id');
      setSearchParams(next, { replace: true });
    }
  }, [searchParams, setSearchParams]);

  const columns = useMemo<ResourceColumn<CaseRecord>[]>(() => {
    const list: ResourceColumn<CaseRecord>[] = [
      keywordColumn('案例名称或委托单位'),
      { title: '案例名称', dataIndex: 'title', width: 260, ellipsis: true, sorter: true, fixed: 'left' },
    ];
    if (isStaff) {
      list.push({
        title: '单位',
        dataIndex: 'unitId',
        width: 200,
        ellipsis: true,
        valueType: 'select',
        valueEnum: Object.fromEntries(units.map((u) => [u.value, { text: u.label }])),
        fieldProps: { showSearch: true },
        filter: true,
        render: (_d, r) => r.unitName,
      });
    }
    list.push(
      {
        title: '项目类型',
        dataIndex: 'projectType',
        width: 100,
        valueType: 'select',
        valueEnum: valueEnumOf(types),
        filter: true,
        render: (_d, r) => labelOf(types, r.projectType),
      },
      { title: '委托单位', dataIndex: 'client', width: 180, ellipsis: true, render: (_d, r) => r.client ?? '-' },
      { title: '完成日期', dataIndex: 'completedOn', width: 110, sorter: true, render: (_d, r) => r.completedOn ?? '-' },
      yearFilter('按完成日期的年份'),
      {
        title: '会员之窗',
        dataIndex: 'public',
        width: 100,
        valueType: 'select',
        valueEnum: { true: { text: '公开' }, false: { text: '不公开' } },
        filter: true,
        render: (_d, r) => (r.public ? <Tag color="blue">公开</Tag> : <Tag>不公开</Tag>),
      },
      {
        title: '状态',
        dataIndex: 'status',
        width: 100,
        valueType: 'select',
        valueEnum: Object.fromEntries(Object.entries(CASE_STATUS_LABELS).map(([k, text]) => [k, { text }])),
        filter: true,
        render: (_d, r) => <CaseStatusBadge status={r.status} />,
      },
      dateTimeColumn('更新时间', 'updatedAt', { sorter: true }),
    );
    return list;
  }, [isStaff, units, types]);

  const { openEdit } = drawer;
  const rowActions = useMemo<RowAction<CaseRecord>[]>(
    () => [
      { key: 'detail', label: '详情', run: (r) => setDetailId(r.id) },
      { key: 'edit', label: '编辑', hidden: (r) => !r.actions.includes('edit'), run: (r) => openEdit(r.id) },
      {
        key: 'approve',
        label: '通过',
        hidden: (r) => !r.actions.includes('approve'),
        confirm: (r) => `确定审核通过「${r.title}」吗？${r.public ? '通过后将在会员之窗展示。' : ''}`,
        run: (r) => approveCase(r.id, r.version),
        successMessage: '业绩案例已审核通过',
      },
      { key: 'reject', label: '驳回', danger: true, hidden: (r) => !r.actions.includes('reject'), run: (r) => setRejecting(r) },
      {
        key: 'delete',
        label: '删除',
        danger: true,
        hidden: (r) => !r.actions.includes('delete'),
        confirm: (r) => `确定删除「${r.title}」吗？删除后不可恢复。`,
        run: (r) => deleteCase(r.id),
        successMessage: '已删除',
      },
    ],
    [openEdit],
  );

  return (
    <>
      <ResourceTable<CaseRecord>
        headerTitle={isUnit ? '本单位业绩案例' : '业绩案例列表'}
        columns={columns}
        fetch={cases.list}
        create={isUnit ? { label: '新增案例', onClick: drawer.openCreate } : undefined}
        rowActions={rowActions}
        actionsWidth={180}
        exports={isStaff ? [{ key: 'export', label: '导出', icon: true, run: exportCases }] : []}
        handleRef={table}
        scrollX={1200}
      />
      <ResourceFormDrawer<CaseDetail, CaseValues>
        title="业绩案例"
        target={drawer.target}
        onClose={drawer.close}
        onSaved={reload}
        load={getCase}
        toValues={toCaseValues}
        versionOf={(r) => r.version}
        initialValues={CASE_INITIAL_VALUES}
        create={(values) => createCase(toCaseBody(values))}
        update={(id, values, version) => updateCase(id, { ...toCaseBody(values), version })}
        submitters={[{ key: 'save', label: '保存并提交审核', primary: true, successMessage: '业绩案例已提交，等待协会审核' }]}
      >
        {({ record }) => <CaseFields record={record} types={types} />}
      </ResourceFormDrawer>
      <CaseDetailDrawer
        id={detailId}
        onClose={closeDetail}
        onChanged={reload}
        onEdit={(id) => {
          closeDetail();
          openEdit(id);
        }}
        onReject={(r) => setRejecting(r)}
        types={types}
      />
      <ReasonModal
        request={
          rejecting && {
            title: `驳回「${rejecting.title}」`,
            label: '驳回原因',
            okText: '驳回',
            danger: true,
            placeholder: '如：未提供委托合同及评估报告',
            max: CASE_REASON_MAX,
            extra: '原因会通知提交单位，请写明需要补充或更正的内容',
            run: (reason) => rejectCase(rejecting.id, rejecting.version, reason),
            successMessage: '业绩案例已驳回',
            onDone: () => {
              reload();
              if (detailId) closeDetail();
            },
          }
        }
        onClose={() => setRejecting(null)}
      />
    </>
  );
}
