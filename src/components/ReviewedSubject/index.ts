/**
 * The reviewed subject's page: a record a member unit submits and the association reviews
 * (项目, 业绩案例). A page declares its columns, form fields, detail cards and steps; the list,
 * the form drawer, the detail drawer with the steps its `actions` offer, and the reason asked
 * before a refusal are written once here. The server's side is server/workflow/reviewedSubject.ts.
 */
export { default as ReviewedSubjectList, type ReviewedSubjectListProps, type SubjectForm } from './ReviewedSubjectList';
export { default as SubjectDetailDrawer, type SubjectDetailDrawerProps } from './SubjectDetailDrawer';
export { StatusBadge, statusColumn, useUnitColumn, type StatusStyle } from './columns';
export type { ConfirmedStep, DeleteStep, EditStep, ReasonStep, SubjectDetail, SubjectRecord, SubjectStep } from './types';
