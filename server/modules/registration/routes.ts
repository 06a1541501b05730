/**
 * Registration of a member unit (joining: docs/domain.md "Workflows"), with the applicant's
 * consent to the personal-information terms. Both routes are public and rate-limited per client address:
 *
 *   POST /user/auth/register         RegisterBody → { unitId, loginAccount }   REGISTER_RATE_LIMIT per window
 *   POST /user/auth/register/files   multipart fileId, md5, file  30 × that many per window
 */
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { UPLOAD_MESSAGES } from '@common/messages';
import { Envelope } from '@common/schemas/common';
import { FileId, Md5, StoredFile } from '@common/schemas/files';
import { REGISTER_FILE_MAX_BYTES, REGISTRATION_MESSAGES, RegisterBody, RegisterResult } from '@common/schemas/registration';
import { FileStorage } from '../../files/storage';
import { ok } from '../../http/envelope';
import { enforceRateLimit } from '../../http/rateLimit';
import { registerUnit } from './service';
import { handleRegistrationUpload, REGISTER_FILE_TYPE_MESSAGE } from './uploads';

const tags = ['入会申请'];

const UploadBodyDoc = Type.Object({
  fileId: FileId,
  md5: Md5,
  file: Type.String({ format: 'binary', title: '文件' }),
});

const registrationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const storage = new FileStorage(app.appConfig.dataDir);
  await storage.init();
  // This plugin's own multipart parser (the files module's is encapsulated in its plugin).
  await app.register(multipart, {
    throwFileSizeLimit: false,
    limits: {
      fileSize: Math.min(app.appConfig.uploadMaxBytes, REGISTER_FILE_MAX_BYTES),
      files: 1,
      fields: 10,
      parts: 12,
      fieldSize: 1024,
      fieldNameSize: 100,
    },
  });

  app.post(
    '/user/auth/register',
    {
      config: { access: { public: true } },
      // Every attempt counts, valid or not, before any work is done: a flood is cut off.
      preValidation: async (request) => {
        await enforceRateLimit(request, {
          bucket: 'register',
          limit: app.appConfig.registerRateLimit,
          windowMinutes: app.appConfig.registerRateWindowMinutes,
          message: REGISTRATION_MESSAGES.tooMany,
        });
      },
      schema: {
        tags,
        summary: '会员单位入会申请（创建待审核的会员单位及其会员单位子系统账号）',
        description:
          '营业执照与资质材料先用 /user/auth/register/files 上传，这里传文件编号。consent 必须为 true（已阅读并同意《用户协议》《隐私政策》）。' +
          '统一社会信用代码按 GB 32100 校验；已注册的信用代码会被拒绝。登录账号由系统分配（dw 加 8 位数字），在结果中返回，申请人不能自选（以免注册接口透露某个登录账号是否存在）。同一地址在 REGISTER_RATE_WINDOW_MINUTES 分钟内最多 REGISTER_RATE_LIMIT 次，超过返回 HTTP 429。',
        body: RegisterBody,
        response: { 200: Envelope(RegisterResult) },
      },
    },
    async (request) => ok(await registerUnit(request, request.body), REGISTRATION_MESSAGES.submitted),
  );

  app.post(
    '/user/auth/register/files',
    {
      config: { access: { public: true } },
      // The multipart body is checked while it streams (./uploads.ts); `body` only documents it.
      validatorCompiler: () => (data: unknown) => ({ value: data }),
      schema: {
        tags,
        summary: '上传入会材料（无需登录；multipart/form-data：fileId、md5、file）',
        description:
          `与 /file/upload 相同的校验（MD5、按文件头识别类型、同一内容只存一份），不需要登录；${REGISTER_FILE_TYPE_MESSAGE}，` +
          `单个文件不超过 ${REGISTER_FILE_MAX_BYTES / 1024 / 1024} MB。文件在入会申请提交后归属新账号；同一地址的上传次数受限。`,
        consumes: ['multipart/form-data'],
        body: UploadBodyDoc,
        response: { 200: Envelope(StoredFile) },
      },
    },
    async (request) => ok(await handleRegistrationUpload(request, storage), UPLOAD_MESSAGES.uploaded),
  );
};

export default registrationRoutes;
