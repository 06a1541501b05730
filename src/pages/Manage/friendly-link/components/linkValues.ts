/** A friendly link between its record, the form's values and the API's body. */
import type { RuleObject } from 'antd/es/form';
import type { FriendlyLinkCreateBody, FriendlyLinkRecord } from '@common/schemas/content';
import type { FileUploadItem } from '@/components/FileUpload/types';
import { filesToItems, isHttpUrl, itemIds } from '@/components/ListPage/formValues';

export interface FriendlyLinkValues {
  name: string;
  url: string;
  logo: FileUploadItem[];
  enabled: boolean;
  sort?: number | null;
}

export const LINK_INITIAL_VALUES: Partial<FriendlyLinkValues> = { logo: [], enabled: true, url: 'https://' };

export function toLinkValues(record: FriendlyLinkRecord): FriendlyLinkValues {
  return {
    name: record.name,
    url: record.url,
    logo: filesToItems([record.logo]),
    enabled: record.enabled,
    sort: record.sort,
  };
}

export function toLinkBody(values: FriendlyLinkValues): FriendlyLinkCreateBody {
  return {
    name: values.name.trim(),
    url: values.url.trim(),
    logoFileId: itemIds(values.logo)[0] ?? null,
    enabled: !!values.enabled,
    ...(typeof values.sort === 'number' ? { sort: values.sort } : {}),
  };
}

/** Links leave the site over http or https only (the server's HTTP_URL_PATTERN): ftp:// and javascript: are refused. */
export const linkUrlRule: RuleObject = {
  validator: (_rule, value: string | undefined) => {
    const v = value?.trim() ?? '';
    if (!v || v === 'https://' || v === 'http://') return Promise.reject(new Error('请输入网址'));
    return isHttpUrl(v) ? Promise.resolve() : Promise.reject(new Error('网址必须以 http:// 或 https:// 开头'));
  },
};
