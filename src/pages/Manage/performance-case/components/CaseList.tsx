/**
 * The business-case list, a reviewed subject (src/components/ReviewedSubject): staff see every
 * unit's cases (filter by unit), approve or reject pending ones, and export; a unit adds, edits
 * (back to pending) and deletes its own. `?id=` opens that case's detail.
 */
import { useMemo } from 'react';
import { CASE_REASON_MAX, type CaseDetail, type CaseRecord } from '@common/schemas/cases';
import { dateTimeColumn, keywordColumn, yearFilter, type ResourceColumn } from '@/components/ListPage';
import { ReviewedSubjectList, statusColumn, useUnitColumn, type SubjectStep } from '@/components/ReviewedSubject';
import { useAccessFlags } from '@/hooks/useCan';
import { labelOf, useDictionaries, valueEnumOf } from '@/hooks/useDictionaries';
import { approveCase, cases, createCase, deleteCase, exportCases, getCase, rejectCase, updateCase } from '@/services/cases';
import CaseDetailCards, { CASE_STATUS_STYLE, PublicTag } from './CaseDetailCards';
import CaseFields from './CaseFields';
import { CASE_INITIAL_VALUES, toCaseBody, toCaseValues, type CaseValues } from './caseValues';

const caseTitle = (record: CaseRecord) => record.title;

/** A unit edits (back to pending) and deletes its cases; staff approve or reject pending ones. */
const CASE_STEPS: SubjectStep<CaseRecord>[] = [
  { kind: 'edit', action: 'edit' },
  {
    kind: 'confirm',
    action: 'approve',
    label: '通过',
    question: (r) => ({ title: `确定审核通过「${r.title}」吗？`, description: r.public ? '通过后将在会员之窗展示。' : undefined }),
    run: (r) => approveCase(r.id, r.version),
    successMessage: '业绩案例已审核通过',
  },
  {
    kind: 'reason',
    action: 'reject',
    label: '驳回',
    reason: { title: (r) => `驳回「${r.title}」`, label: '驳回原因', placeholder: '如：未提供委托合同及评估报告', max: CASE_REASON_MAX },
    run: (r, reason) => rejectCase(r.id, r.version, reason),
    successMessage: '业绩案例已驳回',
  },
  { kind: 'delete', action: 'delete', run: (r) => deleteCase(r.id) },
];

export default function CaseList() {
  const { isStaff, isMemberUnit } = useAccessFlags();
  const types = useDictionaries('project_type').project_type;
  const unitColumn = useUnitColumn<CaseRecord>('单位');

  const columns = useMemo<ResourceColumn<CaseRecord>[]>(
    () => [
      keywordColumn('案例名称或委托单位'),
      { title: '案例名称', dataIndex: 'title', width: 260, ellipsis: true, sorter: true, fixed: 'left' },
      ...(unitColumn ? [unitColumn] : []),
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
        render: (_d, r) => <PublicTag shown={r.public} />,
      },
      statusColumn(CASE_STATUS_STYLE),
      dateTimeColumn('更新时间', 'updatedAt', { sorter: true }),
    ],
    [unitColumn, types],
  );

  // The export is for staff (case:view); a unit has its own list.
  const exports = isStaff ? [{ key: 'export', label: '导出', icon: true, run: exportCases }] : [];
  return (
    <ReviewedSubjectList<CaseRecord, CaseDetail, CaseValues>
      noun="业绩案例"
      nameOf={caseTitle}
      headerTitle={isMemberUnit ? '本单位业绩案例' : '业绩案例列表'}
      columns={columns}
      fetch={cases.list}
      load={getCase}
      createLabel="新增案例"
      exports={exports}
      form={{
        toValues: toCaseValues,
        initialValues: CASE_INITIAL_VALUES,
        create: (values) => createCase(toCaseBody(values)),
        update: (id, values, version) => updateCase(id, { ...toCaseBody(values), version }),
        submitter: { key: 'save', label: '保存并提交审核', primary: true, successMessage: '业绩案例已提交，等待协会审核' },
        fields: (record) => <CaseFields record={record} types={types} />,
      }}
      detail={{ width: 720, body: (record) => <CaseDetailCards record={record} types={types} /> }}
      steps={CASE_STEPS}
    />
  );
}
