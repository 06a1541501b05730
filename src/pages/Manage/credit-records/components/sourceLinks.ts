/**
 * Where an automatic event's source record is read in the back office (the pages that open one
 * record by `?id=`): the complaint (server/modules/complaints/queries.ts complaintLink), the
 * annual inspection, the review task. A revoked certificate has no page of its own to open.
 */
import type { CreditSourceType } from '@common/credit';

const SOURCE_PAGES: Partial<Record<CreditSourceType, string>> = {
  complaint: '/Manage/complaint',
  annual_inspection: '/Manage/annual-inspection-record',
  review_task: '/Manage/expert-review',
};

export function sourceLink(sourceType: CreditSourceType, sourceId: string | null): string | null {
  const page = SOURCE_PAGES[sourceType];
  return page && sourceId ? `${page}?id=${encodeURIComponent(sourceId)}` : null;
}
