/**
 * The project list: staff see every unit's projects (filter by unit), a unit its own (新建,
 * 编辑, 提交, 删除), a practitioner the projects they worked on (read only). Filters: keyword,
 * type, risk level, region, year, status; sorting; export. `?id=` opens that project's detail.
 */
import { useModel, useSearchParams } from '@umijs/max';
import { Tag } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { AuthType, hasPermission } from '@common/permissions';
import { PROJECT_REASON_MAX, PROJECT_STATUS_LABELS, type ProjectDetail, type ProjectRecord } from '@common/schemas/projects';
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
import {
  createProject,
  deleteProject,
  exportProjects,
  fileProject,
  getProject,
  projectPractitionerOptions,
  projectUnitOptions,
  projects,
  returnProject,
  submitProject,
  updateProject,
} from '@/services/projects';
import ProjectDetailDrawer, { ProjectStatusBadge, RISK_COLORS } from './ProjectDetailDrawer';
import ProjectFields from './ProjectFields';
import { PROJECT_INITIAL_VALUES, toProjectBody, toProjectValues, type ProjectValues } from './projectValues';
import ReasonModal from '@/components/ReasonModal';
import { labelOf, useDictionaries, valueEnumOf } from '@/hooks/useDictionaries';

type ReturnTarget = Pick<ProjectRecord, 'id' | 'name' | 'version'> | null;

export default function ProjectList() {
  const { initialState } = useModel('@@initialState');
  const user = initialState?.currentUser;
  const isStaff = user?.authType === AuthType.Staff;
  const isUnit = user?.authType === AuthType.MemberUnit;
  const { project_type: types, risk_level: risks } = useDictionaries('project_type', 'risk_level');
  const drawer = useFormDrawer();
  const table = useRef<ResourceTableHandle>(null);
  const [units, setUnits] = useState<{ label: string; value: string }[]>([]);
  const [people, setPeople] = useState<{ label: string; value: string }[]>([]);
  const [returning, setReturning] = useState<ReturnTarget>(null);
  const [searchParams, setSearchParams] = useSearchParams();
  const urlId = searchParams.get('id');
  const [detailId, setDetailId] = useState<string | null>(urlId);

  // A link with ?id= (a message, the review queue) opens that project.
  useEffect(() => {
    if (urlId) setDetailId(urlId);
  }, [urlId]);

  useEffect(() => {
    let live = true;
    if (isStaff) {
      projectUnitOptions()
        .then((list) => live && setUnits(list.map((u) => ({ label: u.name, value: u.id }))))
        .catch(() => undefined); // the unit filter stays empty; the list still works
    }
    if (isUnit) {
      projectPractitionerOptions()
        .then((list) => live && setPeople(list.map((p) => ({ label: p.certificateNo ? `${p.name}（${p.certificateNo}）` : p.name, value: p.id }))))
        .catch(() => undefined);
    }
    return () => {
      live = false;
    };
  }, [isStaff, isUnit]);

  const reload = useCallback(() => table.current?.reload(), []);
  const closeDetail = useCallback(() => {
    setDetailId(null);
    if (searchParams.has('id')) {
      const next = new URLSearchParams(searchParams);
      next.delete('id');
      setSearchParams(next, { replace: true });
    }
  }, [searchParams, setSearchParams]);

  const columns = useMemo<ResourceColumn<ProjectRecord>[]>(() => {
    const list: ResourceColumn<ProjectRecord>[] = [
      keywordColumn('项目名称、编号或委托单位'),
      { title: '项目名称', dataIndex: 'name', width: 260, ellipsis: true, sorter: true, fixed: 'left' },
      { title: '项目编号', dataIndex: 'code', width: 120, sorter: true, render: (_d, r) => r.code ?? '-' },
    ];
    if (isStaff) {
      list.push({
        title: '评估单位',
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
        dataIndex: 'type',
        width: 100,
        valueType: 'select',
        valueEnum: valueEnumOf(types),
        filter: true,
        render: (_d, r) => labelOf(types, r.type),
      },
      { title: '所在区域', dataIndex: 'region', width: 120, ellipsis: true, filter: true, fieldProps: { placeholder: '如：上城区' }, render: (_d, r) => r.region ?? '-' },
      yearFilter('按开始日期的年份'),
      {
        title: '风险等级',
        dataIndex: 'riskLevel',
        width: 100,
        valueType: 'select',
        valueEnum: valueEnumOf(risks),
        filter: true,
        render: (_d, r) => (r.riskLevel ? <Tag color={RISK_COLORS[r.riskLevel]}>{labelOf(risks, r.riskLevel)}</Tag> : '-'),
      },
      { title: '项目负责人', dataIndex: 'leaderName', width: 100, render: (_d, r) => r.leaderName ?? '-' },
      { title: '开始日期', dataIndex: 'startOn', width: 110, sorter: true, render: (_d, r) => r.startOn ?? '-' },
      {
        title: '状态',
        dataIndex: 'status',
        width: 100,
        valueType: 'select',
        valueEnum: Object.fromEntries(Object.entries(PROJECT_STATUS_LABELS).map(([k, text]) => [k, { text }])),
        filter: true,
        render: (_d, r) => <ProjectStatusBadge status={r.status} />,
      },
      dateTimeColumn('更新时间', 'updatedAt', { sorter: true }),
    );
    return list;
  }, [isStaff, units, types, risks]);

  const { openEdit } = drawer;
  const rowActions = useMemo<RowAction<ProjectRecord>[]>(
    () => [
      { key: 'detail', label: '详情', run: (r) => setDetailId(r.id) },
      { key: 'edit', label: '编辑', hidden: (r) => !r.actions.includes('edit'), run: (r) => openEdit(r.id) },
      {
        key: 'submit',
        label: '提交',
        hidden: (r) => !r.actions.includes('submit'),
        confirm: (r) => `确定将「${r.name}」提交协会备案吗？提交后在协会审核期间不能修改。`,
        run: (r) => submitProject(r.id, r.version),
        successMessage: '项目已提交，等待协会备案',
      },
      {
        key: 'file',
        label: '备案',
        hidden: (r) => !r.actions.includes('file'),
        confirm: (r) => `确定对「${r.name}」予以备案吗？`,
        run: (r) => fileProject(r.id, r.version),
        successMessage: '项目已备案',
      },
      { key: 'return', label: '退回', danger: true, hidden: (r) => !r.actions.includes('return'), run: (r) => setReturning(r) },
      {
        key: 'delete',
        label: '删除',
        danger: true,
        hidden: (r) => !r.actions.includes('delete'),
        confirm: (r) => `确定删除「${r.name}」吗？删除后不可恢复。`,
        run: (r) => deleteProject(r.id),
        successMessage: '已删除',
      },
    ],
    [openEdit],
  );

  const mayExport = isUnit || (isStaff && hasPermission(user, 'project:export'));
  return (
    <>
      <ResourceTable<ProjectRecord>
        headerTitle={isUnit ? '本单位项目' : user?.authType === AuthType.Practitioner ? '我参与的项目' : '项目列表'}
        columns={columns}
        fetch={projects.list}
        create={isUnit ? { label: '登记项目', onClick: drawer.openCreate } : undefined}
        rowActions={rowActions}
        actionsWidth={200}
        exports={mayExport ? [{ key: 'export', label: '导出', icon: true, run: exportProjects }] : []}
        handleRef={table}
        scrollX={1500}
      />
      <ResourceFormDrawer<ProjectDetail, ProjectValues>
        title="项目"
        width={820}
        target={drawer.target}
        onClose={drawer.close}
        onSaved={() => {
          reload();
          if (detailId) closeDetail();
        }}
        load={getProject}
        toValues={toProjectValues}
        versionOf={(r) => r.version}
        initialValues={PROJECT_INITIAL_VALUES}
        create={(values) => createProject(toProjectBody(values))}
        update={(id, values, version) => updateProject(id, { ...toProjectBody(values), version })}
        submitters={[{ key: 'save', label: '保存', primary: true, successMessage: '项目已保存' }]}
      >
        {({ record }) => <ProjectFields record={record} types={types} risks={risks} practitioners={people} />}
      </ResourceFormDrawer>
      <ProjectDetailDrawer
        id={detailId}
        onClose={closeDetail}
        onChanged={reload}
        onEdit={(id) => {
          closeDetail();
          openEdit(id);
        }}
        onReturn={(r: ProjectDetail) => setReturning(r)}
        types={types}
        risks={risks}
      />
      <ReasonModal
        request={
          returning && {
            title: `退回「${returning.name}」修改`,
            label: '退回原因',
            okText: '退回',
            danger: true,
            placeholder: '如：风险调查样本量不足，请补充调查',
            max: PROJECT_REASON_MAX,
            extra: '原因会通知提交单位，请写明需要补充或更正的内容',
            run: (reason) => returnProject(returning.id, returning.version, reason),
            successMessage: '项目已退回单位修改',
            onDone: () => {
              reload();
              if (detailId) setDetailId(null);
            },
          }
        }
        onClose={() => setReturning(null)}
      />
    </>
  );
}
