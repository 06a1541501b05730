/**
 * The applicant's materials: POST /user/auth/register/files, the upload that needs no login
 * (POST /file/upload needs an account, and the applicant gets theirs only when the registration
 * is stored). The steps are server/files/anonymousUpload.ts's (no uploader until the
 * registration claims the file, no 秒传, no preview); here the registration's rules:
 *
 * - rate-limited per address, like the registration itself;
 * - images, PDF and Office documents only, at most REGISTER_FILE_MAX_BYTES each.
 */
import type { FastifyRequest } from 'fastify';
import type { StoredFile } from '@common/schemas/files';
import { REGISTER_FILE_MAX_BYTES, REGISTRATION_MESSAGES } from '@common/schemas/registration';
import { handleAnonymousUpload } from '../../files/anonymousUpload';
import type { FileStorage } from '../../files/storage';

/** Uploads one registration may need (licence pages, up to 20 materials, a few retries). */
export const UPLOADS_PER_REGISTRATION = 30;
const ARCHIVE_TYPES = /^application\/(zip|vnd\.rar|x-7z-compressed)$/;
export const REGISTER_FILE_TYPE_MESSAGE = '入会材料只能上传图片（JPG、PNG、GIF、WebP、BMP）、PDF 或 Office 文档';

export async function handleRegistrationUpload(request: FastifyRequest, storage: FileStorage): Promise<StoredFile> {
  const config = request.server.appConfig;
  return handleAnonymousUpload(request, storage, {
    rateLimit: {
      bucket: 'register-upload',
      limit: config.registerRateLimit * UPLOADS_PER_REGISTRATION,
      windowMinutes: config.registerRateWindowMinutes,
      message: REGISTRATION_MESSAGES.uploadsTooMany,
    },
    maxBytes: REGISTER_FILE_MAX_BYTES,
    accepts: (contentType) => !ARCHIVE_TYPES.test(contentType),
    typeMessage: REGISTER_FILE_TYPE_MESSAGE,
  });
}
