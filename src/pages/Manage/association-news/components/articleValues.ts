/** An article between its record, the form's values and the API's body. */
import type { Dayjs } from 'dayjs';
import type { ArticleCategoryValue, ArticleCreateBody, ArticleRecord } from '@common/schemas/content';
import type { FileUploadItem } from '@/components/FileUpload/types';
import { fromIso, toIso } from '@/components/ListPage/format';
import { filesToItems, itemIds, orNull } from '@/components/ListPage/formValues';

/** 立即发布, or at a set time (earlier: backdated; later: scheduled). */
export type PublishMode = 'now' | 'at';

export interface ArticleValues {
  title: string;
  category?: ArticleCategoryValue;
  summary?: string | null;
  cover: FileUploadItem[];
  content: string;
  author?: string | null;
  source?: string | null;
  attachments: FileUploadItem[];
  pinned: boolean;
  publishMode: PublishMode;
  publishAt?: Dayjs | null;
}

export const ARTICLE_INITIAL_VALUES: Partial<ArticleValues> = {
  cover: [],
  attachments: [],
  pinned: false,
  publishMode: 'now',
  content: '',
};

export function toArticleValues(record: ArticleRecord): ArticleValues {
  return {
    title: record.title,
    category: record.category as ArticleCategoryValue,
    summary: record.summary,
    cover: filesToItems([record.cover]),
    content: record.content,
    author: record.author,
    source: record.source,
    attachments: filesToItems(record.attachments),
    pinned: record.pinned,
    // A record that has a time keeps it: editing must not move a published date to now.
    publishMode: record.publishAt ? 'at' : 'now',
    publishAt: fromIso(record.publishAt) ?? null,
  };
}

export function toArticleBody(values: ArticleValues, saveAs: 'draft' | 'publish'): ArticleCreateBody {
  return {
    title: values.title.trim(),
    // The form requires it; the server names the field if it is missing anyway.
    category: values.category as ArticleCategoryValue,
    summary: orNull(values.summary),
    content: values.content ?? '',
    author: orNull(values.author),
    source: orNull(values.source),
    coverFileId: itemIds(values.cover)[0] ?? null,
    attachmentFileIds: itemIds(values.attachments),
    pinned: !!values.pinned,
    publishAt: values.publishMode === 'at' ? toIso(values.publishAt) : null,
    saveAs,
  };
}
