/**
 * The shapes a reviewed subject's page is declared with: the record, and the steps its rows and
 * its detail drawer offer (server/workflow/reviewedSubject.ts is the server's side).
 */
import type { ReviewHistoryEntry } from '@common/schemas/membership';
import type { ResourceRow, RowActionKey } from '@/components/ListPage/types';

/** A record a unit submits and the association reviews, as its list gets it. */
export type SubjectRecord = ResourceRow & {
  version: number;
  /** What the caller may do with it now: the server decides, the page shows exactly these. */
  actions: readonly string[];
};

/** One record as its detail gets it: the list's fields, more, and its review history. */
export type SubjectDetail<R extends SubjectRecord> = R & { reviewHistory: ReviewHistoryEntry[] };

interface StepBase<R extends SubjectRecord> {
  /** The server's action that offers the step: its button shows on records whose `actions` list it. */
  action: RowActionKey<R>;
}

/** 编辑: the unit's form drawer. */
export interface EditStep<R extends SubjectRecord> extends StepBase<R> {
  kind: 'edit';
}

/** 删除, after a confirmation that names the record; the detail drawer closes after it. */
export interface DeleteStep<R extends SubjectRecord> extends StepBase<R> {
  kind: 'delete';
  run: (record: R) => Promise<unknown>;
}

interface WorkflowStepBase<R extends SubjectRecord> extends StepBase<R> {
  /** The row's link; in the detail drawer also the confirmation's OK button. */
  label: string;
  /** The detail drawer's button, where it says more than the row's link (提交备案, 退回修改). */
  buttonLabel?: string;
  successMessage: string;
}

/** A step asked for first (提交, 备案, 通过): the question, then the call with the version read. */
export interface ConfirmedStep<R extends SubjectRecord> extends WorkflowStepBase<R> {
  kind: 'confirm';
  question: (record: R) => { title: string; description?: string };
  run: (record: R) => Promise<unknown>;
}

/** A refusal that needs a reason (退回修改, 驳回): ReasonModal asks for it, then the call. */
export interface ReasonStep<R extends SubjectRecord> extends WorkflowStepBase<R> {
  kind: 'reason';
  reason: {
    /** The modal's title: 退回「…」修改. */
    title: (record: R) => string;
    /** The field: 退回原因, 驳回原因. */
    label: string;
    placeholder: string;
    /** The schema's *_REASON_MAX. */
    max: number;
  };
  run: (record: R, reason: string) => Promise<unknown>;
}

export type SubjectStep<R extends SubjectRecord> = EditStep<R> | DeleteStep<R> | ConfirmedStep<R> | ReasonStep<R>;

/** 删除's question, the same on a row and in the drawer. */
export const deleteQuestion = (name: string) => `确定删除「${name}」吗？删除后不可恢复。`;

/** Whether the record offers the step now. */
export function offers<R extends SubjectRecord>(record: R, step: SubjectStep<R>): boolean {
  const actions: readonly unknown[] = record.actions;
  return actions.includes(step.action);
}
