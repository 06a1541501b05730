/** Stored files: upload (MD5 checked), upload status, instant upload, download, preview. */
import Type, { type Static } from 'typebox';
import { EpochSeconds } from './kinds';

/** 32 lowercase hex digits (what spark-md5 and node's crypto produce). */
export const MD5_PATTERN = '^[0-9a-f]{32}$';
/** A version-4 UUID, lowercase (what `uuid`'s v4() produces). */
export const FILE_ID_PATTERN = '^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$';

export const Md5 = Type.String({ pattern: MD5_PATTERN, title: 'MD5' });
export const FileId = Type.String({ pattern: FILE_ID_PATTERN, title: '文件编号' });

export const StoredFile = Type.Object({
  fileId: Type.String(),
  name: Type.String(),
  size: Type.Integer(),
  contentType: Type.String(),
  md5: Type.String(),
  createdAt: Type.String(),
});
export type StoredFile = Static<typeof StoredFile>;

/** The multipart fields of POST /file/upload, besides the file itself. */
export const UPLOAD_FIELDS = ['fileId', 'md5'] as const;

/** GET /file/upload/status/{md5} */
export const Md5Params = Type.Object({ md5: Md5 }, { additionalProperties: false });

/** GET /file/download/{id}, /file/view/{id} */
export const FileIdParams = Type.Object({ id: FileId }, { additionalProperties: false });

/** The signature of an address returned by /file/preview (instead of the token header). */
export const SignedUrlQuery = Type.Object(
  {
    exp: Type.Optional(EpochSeconds('有效期')),
    sig: Type.Optional(Type.String({ maxLength: 128, title: '签名' })),
  },
  { additionalProperties: false },
);

/**
 * POST /file/upload/instant ("秒传"): the content with this MD5 is stored already (see
 * /file/upload/status), so the client registers its own fileId and name for it.
 */
export const InstantUploadBody = Type.Object(
  {
    fileId: FileId,
    md5: Md5,
    name: Type.String({ minLength: 1, maxLength: 255, title: '文件名' }),
  },
  { additionalProperties: false },
);
export type InstantUploadBody = Static<typeof InstantUploadBody>;

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

/** At most this many ids in one /file/preview call. */
export const MAX_PREVIEW_IDS = 50;

/** The browser hashes files in 2 MB chunks (progress shown as a percentage). */
export const HASH_CHUNK_SIZE = 2 * 1024 * 1024;
