/** A business case between its record, the form's values and the API's bodies. No React here. */
import dayjs, { type Dayjs } from 'dayjs';
import type { CaseCreateBody, CaseDetail } from '@common/schemas/cases';
import type { FileUploadItem } from '@/components/FileUpload/types';
import { filesToItems, itemIds, orNull } from '@/components/ListPage/formValues';

export interface CaseValues {
  title: string;
  projectType?: string | null;
  client?: string;
  completedOn?: Dayjs | null;
  summary?: string;
  public: boolean;
  files: FileUploadItem[];
}

export const CASE_INITIAL_VALUES: Partial<CaseValues> = { public: true, files: [] };

export function toCaseValues(record: CaseDetail): CaseValues {
  return {
    title: record.title,
    projectType: record.projectType,
    client: record.client ?? '',
    completedOn: record.completedOn ? dayjs(record.completedOn) : null,
    summary: record.summary ?? '',
    public: record.public,
    files: filesToItems(record.files),
  };
}

export function toCaseBody(values: CaseValues): CaseCreateBody {
  return {
    title: values.title.trim(),
    projectType: values.projectType || null,
    client: orNull(values.client),
    completedOn: values.completedOn ? values.completedOn.format('YYYY-MM-DD') : null,
    summary: orNull(values.summary),
    public: !!values.public,
    fileIds: itemIds(values.files),
  };
}
