/**
 * The project list, a reviewed subject (src/components/ReviewedSubject): staff see every unit's
 * projects (filter by unit) and 备案 or 退回 submitted ones, a unit its own (登记项目, 编辑, 提交,
 * 删除), a practitioner the projects they worked on (read only). Filters: keyword, type, risk
 * level, region, year, status; sorting; export. `?id=` opens that project's detail.
 */
import { Tag } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { PROJECT_REASON_MAX, type ProjectDetail, type ProjectRecord } from '@common/schemas/projects';
import { dateTimeColumn, keywordColumn, yearFilter, type ResourceColumn } from '@/components/ListPage';
import { ReviewedSubjectList, statusColumn, useUnitColumn, type SubjectStep } from '@/components/ReviewedSubject';
import { useAccessFlags } from '@/hooks/useCan';
import { labelOf, useDictionaries, valueEnumOf } from '@/hooks/useDictionaries';
import {
  createProject,
  deleteProject,
  exportProjects,
  fileProject,
  getProject,
  projectPractitionerOptions,
  projects,
  returnProject,
  submitProject,
  updateProject,
} from '@/services/projects';
import ProjectDetailCards, { PROJECT_STATUS_STYLE, RISK_COLORS } from './ProjectDetailCards';
import ProjectFields from './ProjectFields';
import { PROJECT_INITIAL_VALUES, toProjectBody, toProjectValues, type ProjectValues } from './projectValues';

const projectName = (record: ProjectRecord) => record.name;

/** A unit edits, submits and deletes its drafts (edits and resubmits returned ones); staff file or return. */
const PROJECT_STEPS: SubjectStep<ProjectRecord>[] = [
  { kind: 'edit', action: 'edit' },
  {
    kind: 'confirm',
    action: 'submit',
    label: '提交',
    buttonLabel: '提交备案',
    question: (r) => ({ title: `确定将「${r.name}」提交协会备案吗？`, description: '提交后在协会审核期间不能修改。' }),
    run: (r) => submitProject(r.id, r.version),
    successMessage: '项目已提交，等待协会备案',
  },
  {
    kind: 'confirm',
    action: 'file',
    label: '备案',
    question: (r) => ({ title: `确定对「${r.name}」予以备案吗？` }),
    run: (r) => fileProject(r.id, r.version),
    successMessage: '项目已备案',
  },
  {
    kind: 'reason',
    action: 'return',
    label: '退回',
    buttonLabel: '退回修改',
    reason: { title: (r) => `退回「${r.name}」修改`, label: '退回原因', placeholder: '如：风险调查样本量不足，请补充调查', max: PROJECT_REASON_MAX },
    run: (r, reason) => returnProject(r.id, r.version, reason),
    successMessage: '项目已退回单位修改',
  },
  { kind: 'delete', action: 'delete', run: (r) => deleteProject(r.id) },
];

/** A unit's approved practitioners, for the leader and member pickers: { label: 姓名（证书编号）, value: id }. */
function usePractitionerOptions(enabled: boolean) {
  const [people, setPeople] = useState<{ label: string; value: string }[]>([]);
  useEffect(() => {
    if (!enabled) return undefined;
    let live = true;
    projectPractitionerOptions()
      .then((list) => live && setPeople(list.map((p) => ({ label: p.certificateNo ? `${p.name}（${p.certificateNo}）` : p.name, value: p.id }))))
      .catch(() => undefined); // the pickers stay empty; the rest of the form still works
    return () => {
      live = false;
    };
  }, [enabled]);
  return people;
}

export default function ProjectList() {
  const { isStaff, isMemberUnit, isPractitioner, can } = useAccessFlags();
  const { project_type: types, risk_level: risks } = useDictionaries('project_type', 'risk_level');
  const people = usePractitionerOptions(isMemberUnit);
  const unitColumn = useUnitColumn<ProjectRecord>('评估单位');

  const columns = useMemo<ResourceColumn<ProjectRecord>[]>(
    () => [
      keywordColumn('项目名称、编号或委托单位'),
      { title: '项目名称', dataIndex: 'name', width: 260, ellipsis: true, sorter: true, fixed: 'left' },
      { title: '项目编号', dataIndex: 'code', width: 120, sorter: true, render: (_d, r) => r.code ?? '-' },
      ...(unitColumn ? [unitColumn] : []),
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
      statusColumn(PROJECT_STATUS_STYLE),
      dateTimeColumn('更新时间', 'updatedAt', { sorter: true }),
    ],
    [unitColumn, types, risks],
  );

  // A unit exports its own projects; staff need project:export.
  const mayExport = isMemberUnit || (isStaff && can('project:export'));
  return (
    <ReviewedSubjectList<ProjectRecord, ProjectDetail, ProjectValues>
      noun="项目"
      nameOf={projectName}
      headerTitle={isMemberUnit ? '本单位项目' : isPractitioner ? '我参与的项目' : '项目列表'}
      columns={columns}
      fetch={projects.list}
      load={getProject}
      createLabel="登记项目"
      exports={mayExport ? [{ key: 'export', label: '导出', icon: true, run: exportProjects }] : []}
      form={{
        width: 820,
        toValues: toProjectValues,
        initialValues: PROJECT_INITIAL_VALUES,
        create: (values) => createProject(toProjectBody(values)),
        update: (id, values, version) => updateProject(id, { ...toProjectBody(values), version }),
        submitter: { key: 'save', label: '保存', primary: true, successMessage: '项目已保存' },
        draft: { resource: 'projects' },
        fields: (record) => <ProjectFields record={record} types={types} risks={risks} practitioners={people} />,
      }}
      detail={{ width: 820, approvedLabel: '已备案', body: (record) => <ProjectDetailCards record={record} types={types} risks={risks} /> }}
      steps={PROJECT_STEPS}
    />
  );
}
