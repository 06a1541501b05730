/**
 * The back office's list-and-form pattern: a URL-synced ProTable over one resource, row and
 * batch actions behind permission codes, and a drawer form that creates and edits with the
 * record's version. Back-office pages only: it imports pro-components.
 */
export { default as ResourceTable, filterKeysOf, type ResourceTableHandle, type ResourceTableProps } from './ResourceTable';
export { default as ConflictAlert, CONFLICT_MESSAGE } from './ConflictAlert';
export {
  default as ResourceFormDrawer,
  useFormDrawer,
  type FormTarget,
  type ResourceFormDrawerProps,
  type SubmitQuestion,
  type Submitter,
} from './ResourceFormDrawer';
export { default as DraftAlert, type DraftAlertProps } from './DraftAlert';
export { dateRangeFilter, dateTimeColumn, deleteAction, editAction, keywordColumn, labelsEnum, yearFilter } from './columns';
export { DATE_TIME_FORMAT, formatDateTime, fromIso, toIso } from './format';
export {
  filesToItems,
  httpUrlRule,
  isHttpUrl,
  isSiteLink,
  itemIds,
  maxLength,
  orNull,
  required,
  uploadsDone,
} from './formValues';
export type { ActionContext, BatchAction, ExportAction, ListFilters, ResourceColumn, ResourceRow, RowAction } from './types';
export { useUrlTableState, type UrlTableState } from './useUrlTableState';
export { useScreenWidth, type ScreenWidth } from './useScreen';
export * from './urlTableState';
export {
  PUBLISH_STATE_ENUM,
  pinnedTitleColumn,
  carouselEnableQuestion,
  publicationWhen,
  publishActions,
  publishQuestion,
  publishStateColumn,
  SchedulePublishModal,
  useConfirm,
  usePublishBatchActions,
  type SchedulePublishModalProps,
} from './publishing';
export { default as ManagePageContainer } from './ManagePageContainer';
export { default as EnabledSwitch, type EnabledSwitchProps } from './EnabledSwitch';
export { default as FileThumb, type FileThumbProps } from './FileThumb';
