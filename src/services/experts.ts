/**
 * The expert library as staff manage it (the API's `experts`): the resource's calls, and the
 * Excel export (GET /experts/export with the list's filters), which arrives as a file.
 */
import type {
  ExpertAction,
  ExpertCreateBody,
  ExpertExportQuery,
  ExpertListItem,
  ExpertListQuery,
  ExpertRecord,
  ExpertUpdateBody,
} from '@common/schemas/experts';
import { downloadFile } from './download';
import { resource } from './resource';

export const experts = resource<{
  record: ExpertRecord;
  row: ExpertListItem;
  query: ExpertListQuery;
  create: ExpertCreateBody;
  update: ExpertUpdateBody;
  action: ExpertAction;
}>('/experts');

/** The .xlsx of the experts the list's filters and sort select (all pages). */
export function exportExperts(query: ExpertExportQuery | Record<string, string | number | boolean | undefined>): Promise<string> {
  return downloadFile(`${experts.path}/export`, query, '专家库.xlsx');
}
