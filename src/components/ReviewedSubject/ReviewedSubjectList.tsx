/**
 * <ReviewedSubjectList/>: the whole page of a record a unit submits and the association reviews
 * (项目, 业绩案例): the list (ResourceTable), the unit's form (ResourceFormDrawer), the detail
 * drawer, and the reason asked before a refusal (ReasonModal). A page declares what is its own:
 * columns, form fields, detail cards and workflow steps; which buttons a record shows is the
 * server's `actions`. `?id=` opens that record's detail (links from messages and the review
 * queue); closing it clears the parameter.
 *
 *   <ReviewedSubjectList noun="项目" nameOf={projectName} columns={columns} fetch={projects.list}
 *     load={getProject} createLabel="登记项目" form={…} detail={…} steps={PROJECT_STEPS} … />
 */
import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import type { Page } from '@common/schemas/common';
import {
  ResourceFormDrawer,
  ResourceTable,
  useFormDrawer,
  type ExportAction,
  type ResourceColumn,
  type ResourceTableHandle,
  type RowAction,
  type Submitter,
} from '@/components/ListPage';
import ReasonModal from '@/components/ReasonModal';
import { useAccessFlags } from '@/hooks/useCan';
import { useDetailId } from '@/hooks/useDetailId';
import SubjectDetailDrawer from './SubjectDetailDrawer';
import { deleteQuestion, type ReasonStep, type SubjectDetail, type SubjectRecord, type SubjectStep } from './types';

/** The unit's form: what a record's fields are and how they become the API's bodies. */
export interface SubjectForm<D, V extends object> {
  width?: number;
  toValues: (record: D) => V;
  initialValues: Partial<V>;
  create: (values: V) => Promise<unknown>;
  update: (id: string, values: V, version: number) => Promise<unknown>;
  /** The one save button: 保存 (a draft), 保存并提交审核 (into the queue) … */
  submitter: Submitter<V>;
  fields: (record: D | undefined) => ReactNode;
  /** Keeps what is typed as a browser draft (src/hooks/useFormDraft.ts) under this name. */
  draft?: { resource: string };
}

export interface ReviewedSubjectListProps<R extends SubjectRecord, D extends SubjectDetail<R>, V extends object> {
  /** What one record is called: 项目 (新建项目, 项目：…, 项目详情). */
  noun: string;
  nameOf: (record: R) => string;
  headerTitle: string;
  columns: ResourceColumn<R>[];
  fetch: (query: Record<string, string | number>) => Promise<Page<R>>;
  /** One record with all the detail and the form show. */
  load: (id: string) => Promise<D>;
  /** The toolbar's 新建: units file the records, so only a unit sees it. */
  createLabel: string;
  exports: ExportAction[];
  form: SubjectForm<D, V>;
  detail: {
    width: number;
    /** The cards above the review history. */
    body: (record: D) => ReactNode;
    /** How the review history names an approval (已备案). */
    approvedLabel?: string;
  };
  /** What may be done with a record (编辑, the workflow's steps, 删除), in the order the buttons show. */
  steps: readonly SubjectStep<R>[];
}

/** 原因会通知提交单位: the same words under every refusal's reason. */
const REASON_EXTRA = '原因会通知提交单位，请写明需要补充或更正的内容';

/** A step as a link in the list's operations column. */
function rowAction<R extends SubjectRecord>(
  step: SubjectStep<R>,
  nameOf: (record: R) => string,
  onEdit: (id: string) => void,
  onRefuse: (refusal: { step: ReasonStep<R>; record: R }) => void,
): RowAction<R> {
  switch (step.kind) {
    case 'edit':
      return { key: 'edit', label: '编辑', action: step.action, run: (r) => onEdit(r.id) };
    case 'delete':
      return {
        key: 'delete',
        label: '删除',
        action: step.action,
        danger: true,
        confirm: (r) => deleteQuestion(nameOf(r)),
        run: (r) => step.run(r),
        successMessage: '已删除',
      };
    case 'reason':
      return { key: step.label, label: step.label, action: step.action, danger: true, run: (r) => onRefuse({ step, record: r }) };
    case 'confirm':
      return {
        key: step.label,
        label: step.label,
        action: step.action,
        confirm: (r) => {
          const { title, description } = step.question(r);
          return `${title}${description ?? ''}`;
        },
        run: (r) => step.run(r),
        successMessage: step.successMessage,
      };
  }
}

export default function ReviewedSubjectList<R extends SubjectRecord, D extends SubjectDetail<R>, V extends object>(
  props: ReviewedSubjectListProps<R, D, V>,
) {
  const { noun, nameOf, steps, form } = props;
  const { isMemberUnit } = useAccessFlags();
  const drawer = useFormDrawer();
  const table = useRef<ResourceTableHandle>(null);
  const { id: detailId, open: openDetail, close: closeDetail } = useDetailId();
  const [refusing, setRefusing] = useState<{ step: ReasonStep<R>; record: R } | null>(null);

  const reload = useCallback(() => table.current?.reload(), []);
  const { openEdit } = drawer;
  // After a save or a refusal: the list shows the new state, and an open detail closes.
  const afterChange = () => {
    reload();
    if (detailId) closeDetail();
  };

  const rowActions = useMemo<RowAction<R>[]>(
    () => [{ key: 'detail', label: '详情', run: (r: R) => openDetail(r.id) }, ...steps.map((step) => rowAction(step, nameOf, openEdit, setRefusing))],
    [steps, nameOf, openEdit, openDetail],
  );

  const refusal = refusing && {
    title: refusing.step.reason.title(refusing.record),
    label: refusing.step.reason.label,
    okText: refusing.step.label,
    danger: true,
    placeholder: refusing.step.reason.placeholder,
    max: refusing.step.reason.max,
    extra: REASON_EXTRA,
    run: (reason: string) => refusing.step.run(refusing.record, reason),
    successMessage: refusing.step.successMessage,
    onDone: afterChange,
  };

  return (
    <>
      <ResourceTable<R>
        headerTitle={props.headerTitle}
        columns={props.columns}
        fetch={props.fetch}
        create={isMemberUnit ? { label: props.createLabel, onClick: drawer.openCreate } : undefined}
        rowActions={rowActions}
        exports={props.exports}
        handleRef={table}
      />
      <ResourceFormDrawer<D, V>
        title={noun}
        width={form.width}
        target={drawer.target}
        onClose={drawer.close}
        onSaved={afterChange}
        load={props.load}
        toValues={form.toValues}
        versionOf={(r) => r.version}
        initialValues={form.initialValues}
        create={form.create}
        update={form.update}
        submitters={[form.submitter]}
        draft={form.draft}
      >
        {({ record }) => form.fields(record)}
      </ResourceFormDrawer>
      <SubjectDetailDrawer<R, D>
        id={detailId}
        noun={noun}
        nameOf={nameOf}
        width={props.detail.width}
        load={props.load}
        body={props.detail.body}
        approvedLabel={props.detail.approvedLabel}
        steps={steps}
        onClose={closeDetail}
        onChanged={reload}
        onEdit={(id) => {
          closeDetail();
          openEdit(id);
        }}
        onReason={(step, record) => setRefusing({ step, record })}
      />
      <ReasonModal request={refusal} onClose={() => setRefusing(null)} />
    </>
  );
}
