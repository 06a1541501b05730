/** Stored files (SPEC.md §7, API.md "Files"). */
import Type, { type Static } from 'typebox';

export const Md5 = Type.String({ pattern: '^[0-9a-f]{32}$', title: 'MD5' });
export const FileId = Type.String({
  pattern: '^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$',
  title: '文件编号',
});

export const StoredFile = Type.Object({
  fileId: Type.String(),
  name: Type.String(),
  size: Type.Integer(),
  contentType: Type.String(),
  md5: Type.String(),
  createdAt: Type.String(),
});
export type StoredFile = Static<typeof StoredFile>;

export const UploadStatus = Type.Object({
  exists: Type.Boolean(),
  file: Type.Optional(StoredFile),
});
export type UploadStatus = Static<typeof UploadStatus>;

export const PreviewQuery = Type.Object(
  { fileIds: Type.String({ minLength: 1, maxLength: 2000, title: '文件编号列表' }) },
  { additionalProperties: false },
);

export const PreviewItem = Type.Object({
  fileId: Type.String(),
  name: Type.String(),
  size: Type.Integer(),
  contentType: Type.String(),
  /** Inline view for images and PDF; download for everything else. */
  url: Type.String(),
  downloadUrl: Type.String(),
  previewable: Type.Boolean(),
});
export type PreviewItem = Static<typeof PreviewItem>;

/** Files are hashed in 2 MB chunks (SPEC.md §9). */
export const HASH_CHUNK_SIZE = 2 * 1024 * 1024;
