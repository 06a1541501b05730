/**
 * Images in rich text go through the project's MD5 upload (uploadOne: hash, 秒传 or upload)
 * and are inserted as `/api/v1/file/view/<fileId>`: the server makes such a file public
 * together with the published article (server/content/sanitize.ts inlineFileIds).
 * No wangEditor here, so the rules can be tested (and used by forms) without the editor.
 */
import type { Rule } from 'antd/es/form';
import { v4 } from 'uuid';
import { API_BASE } from '@common/api';
import { MAX_PREVIEW_IDS } from '@common/schemas/files';
import { uploadOne } from '@/components/FileUpload/uploadOne';
import { previewFiles } from '@/services/file';

/** Largest image the editor uploads (the server has its own, larger limit for files). */
export const EDITOR_IMAGE_MAX_BYTES = 10 * 1024 * 1024;

export function fileViewUrl(fileId: string): string {
  return `${API_BASE}/file/view/${fileId}`;
}

/** Uploads one image and answers its file id (the content stores fileViewUrl(id)). */
export async function uploadEditorImage(file: File, signal?: AbortSignal): Promise<string> {
  const fileId = v4();
  const { file: stored } = await uploadOne(file, { fileId, signal, onProgress: () => undefined });
  return stored.fileId;
}

/*
 * Until an article is published its images are not public, and an <img> sends no token: the
 * editor and the preview therefore show signed addresses (/file/preview, valid an hour),
 * while the stored HTML keeps the plain /api/v1/file/view/<id> that becomes public with
 * the article. signFileUrls goes one way, unsignFileUrls the other.
 */

const ID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
/** A quoted attribute value that is exactly a plain view address. */
const PLAIN_VIEW_ATTR = new RegExp(`(["'])${API_BASE}/file/view/(${ID})\\1`, 'g');
/** A view address with a query (a signature): the query goes. */
const SIGNED_VIEW = new RegExp(`(${API_BASE}/file/view/${ID})\\?[^"'\\s<>]*`, 'g');

function escapeAttr(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
}

/** Signed view addresses of these files (those the caller may not read are left out). */
export async function signedViewUrls(fileIds: readonly string[]): Promise<Map<string, string>> {
  const urls = new Map<string, string>();
  const ids = [...new Set(fileIds)];
  for (let i = 0; i < ids.length; i += MAX_PREVIEW_IDS) {
    const items = await previewFiles(ids.slice(i, i + MAX_PREVIEW_IDS));
    for (const item of items) if (item.previewable) urls.set(item.fileId, item.url);
  }
  return urls;
}

/** The HTML with this site's image addresses signed, for showing to staff; unchanged on failure. */
export async function signFileUrls(html: string): Promise<string> {
  const ids = [...html.matchAll(PLAIN_VIEW_ATTR)].map((m) => m[2]);
  if (ids.length === 0) return html;
  try {
    const urls = await signedViewUrls(ids);
    return html.replace(PLAIN_VIEW_ATTR, (whole, quote: string, id: string) => {
      const url = urls.get(id);
      return url ? `${quote}${escapeAttr(url)}${quote}` : whole;
    });
  } catch {
    return html;
  }
}

/** The HTML as it is stored: signed view addresses back to the plain /api/v1/file/view/<id>. */
export function unsignFileUrls(html: string): string {
  return html.replace(SIGNED_VIEW, '$1');
}

/** Images pasted from other programs arrive inline (data:) or as page-local blobs (blob:). */
export function isInlineImageSrc(src: string | undefined): src is string {
  return !!src && /^(data|blob):/i.test(src.trim());
}

const EXT_BY_TYPE: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/bmp': 'bmp',
  'image/svg+xml': 'svg',
};

/** A data: or blob: image as a File to upload; fails for a blob of another page. */
export async function inlineImageToFile(src: string, index = 1): Promise<File> {
  const response = await fetch(src);
  const blob = await response.blob();
  const type = blob.type || 'image/png';
  if (!type.startsWith('image/')) throw new Error('不是图片');
  return new File([blob], `粘贴图片-${index}.${EXT_BY_TYPE[type] ?? 'png'}`, { type });
}

/** Where an inserted image may come from: this site or http(s) (what the server keeps). */
export function isAllowedImageSrc(src: string): boolean {
  const s = src.trim();
  return /^https?:\/\//i.test(s) || (s.startsWith('/') && !s.startsWith('//'));
}

/** The editor's HTML still holds an image that is being uploaded. */
export function hasPendingImages(html: string | undefined): boolean {
  return !!html && /<img[^>]+src=["']?(data|blob):/i.test(html);
}

/** A form rule for rich-text fields: saving waits for pasted images to finish uploading. */
export const imagesUploadedRule: Rule = {
  validator: (_rule, value: string | undefined) =>
    hasPendingImages(value) ? Promise.reject(new Error('正文中的图片正在上传，请稍候再保存')) : Promise.resolve(),
};

/** Whether rich text has anything a reader would see (text or an image). */
export function hasRichContent(html: string | undefined): boolean {
  if (!html) return false;
  if (/<img\s/i.test(html)) return true;
  return html.replace(/<[^>]*>/g, '').replace(/&nbsp;|\s/g, '').length > 0;
}

/** A form rule: the rich text must say something ("请输入正文"). */
export function richTextRequired(label: string): Rule {
  return {
    required: true,
    validator: (_rule, value: string | undefined) =>
      hasRichContent(value) ? Promise.resolve() : Promise.reject(new Error(`请输入${label}`)),
  };
}
