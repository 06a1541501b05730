/**
 * Between records and form values: files (the API's FileRef ↔ <FileUpload/>'s items) and the
 * form rules that repeat the server's (required, lengths, URL patterns). No React here.
 */
import type { Rule } from 'antd/es/form';
import { HTTP_URL_PATTERN, LINK_PATTERN, type FileRef } from '@common/schemas/content';
import type { FileUploadItem } from '@/components/FileUpload/types';

/** Saved files shown in <FileUpload/> as finished uploads. */
export function filesToItems(files: readonly (FileRef | null | undefined)[]): FileUploadItem[] {
  return files.flatMap((f) => (f ? [{ fileId: f.fileId, name: f.name, size: f.size, status: 'done' as const }] : []));
}

/** The ids of the finished files (the form's rule keeps unfinished ones from being saved). */
export function itemIds(items: readonly FileUploadItem[] | undefined): string[] {
  return (items ?? []).filter((i) => i.status === 'done').map((i) => i.fileId);
}

/** Empty text → null, as the API's optional nullable fields take it. */
export function orNull(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

/** Required, with the server's wording: "请输入标题". */
export function required(label: string, verb = '请输入'): Rule {
  return { required: true, whitespace: true, message: `${verb}${label}` };
}

export function maxLength(label: string, max: number): Rule {
  return { max, message: `${label}不能超过 ${max} 个字符` };
}

/** Every file finished uploading. */
export const uploadsDone: Rule = {
  validator: (_rule, value: FileUploadItem[] | undefined) =>
    (value ?? []).every((i) => i.status === 'done') ? Promise.resolve() : Promise.reject(new Error('请等待文件上传完成，或删除上传失败的文件')),
};

const HTTP_URL = new RegExp(HTTP_URL_PATTERN);
const LINK = new RegExp(LINK_PATTERN);

/** The server's rule for friendly links: http:// or https:// only. */
export function isHttpUrl(value: string): boolean {
  return HTTP_URL.test(value);
}

/** The server's rule for carousel links: an in-site path or an http(s) URL. */
export function isSiteLink(value: string): boolean {
  return LINK.test(value);
}

export const httpUrlRule: Rule = {
  validator: (_rule, value: string | undefined) =>
    !value || isHttpUrl(value.trim()) ? Promise.resolve() : Promise.reject(new Error('网址必须以 http:// 或 https:// 开头')),
};

/** The carousel link's in-site form: one leading slash, no spaces (LINK_PATTERN's second half). */
export function isSitePath(value: string): boolean {
  return /^\/(?!\/)\S*$/.test(value);
}
