/** A notice between its record, the form's values and the API's body. */
import type { RuleRender } from 'antd/es/form';
import dayjs, { type Dayjs } from 'dayjs';
import type { NoticeCreateBody, NoticeRecord } from '@common/schemas/content';
import type { FileUploadItem } from '@/components/FileUpload/types';
import { fromIso, toIso } from '@/components/ListPage/format';
import { filesToItems, itemIds } from '@/components/ListPage/formValues';

export interface NoticeValues {
  title: string;
  content: string;
  attachments: FileUploadItem[];
  pinned: boolean;
  /** Empty: published when 发布 is pressed. */
  publishAt?: Dayjs | null;
  /** Empty: never expires. */
  expireAt?: Dayjs | null;
}

export const NOTICE_INITIAL_VALUES: Partial<NoticeValues> = { attachments: [], pinned: false, content: '' };

export function toNoticeValues(record: NoticeRecord): NoticeValues {
  return {
    title: record.title,
    content: record.content,
    attachments: filesToItems(record.attachments),
    pinned: record.pinned,
    publishAt: fromIso(record.publishAt) ?? null,
    expireAt: fromIso(record.expireAt) ?? null,
  };
}

export function toNoticeBody(values: NoticeValues, saveAs: 'draft' | 'publish'): NoticeCreateBody {
  return {
    title: values.title.trim(),
    content: values.content ?? '',
    attachmentFileIds: itemIds(values.attachments),
    pinned: !!values.pinned,
    publishAt: toIso(values.publishAt),
    expireAt: toIso(values.expireAt),
    saveAs,
  };
}

/** The server's rule (失效时间必须晚于发布时间), and an empty publish time means now. */
export const expireAfterPublish: RuleRender = ({ getFieldValue }) => ({
  validator: (_rule, value: Dayjs | null | undefined) => {
    if (!value) return Promise.resolve();
    const publishAt: Dayjs | null | undefined = getFieldValue('publishAt');
    if (publishAt) {
      return value.isAfter(publishAt) ? Promise.resolve() : Promise.reject(new Error('失效时间必须晚于发布时间'));
    }
    return value.isAfter(dayjs()) ? Promise.resolve() : Promise.reject(new Error('失效时间必须晚于当前时间'));
  },
});
