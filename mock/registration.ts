/**
 * msw handlers for the registration API (server/modules/registration), stateful like the
 * server as far as a form can tell:
 *
 *   POST /user/auth/register/files   no login; remembers the fileIds it stored
 *   POST /user/auth/register         the server's refusals, in its words (REGISTRATION_MESSAGES):
 *                                    consent, credit-code checksum, a credit code already
 *                                    registered, the password rule, unknown licence files; the
 *                                    login name it assigns (the credit code)
 *
 * For assertions: `registrations` (the bodies stored, in order), `registrationUploads` (the
 * fileId/md5 of each upload). `TAKEN_CREDIT_CODE` is registered already.
 * `resetRegistrationMock()` runs after each test (resetMockState).
 */
import { http, type HttpHandler } from 'msw';
import { UPLOAD_MESSAGES } from '@common/messages';
import type { StoredFile } from '@common/schemas/files';
import { checkRegisterPassword, REGISTRATION_MESSAGES, type RegisterBody } from '@common/schemas/registration';
import { checkCreditCode } from '@common/validators';
import { uploadForm } from './files';
import { apiPath, bad, done } from './kit';

/** A valid credit code some unit holds already. */
export const TAKEN_CREDIT_CODE = '91330106MA2KLR8U3J';

export const registrations: RegisterBody[] = [];
export const registrationUploads: { fileId: string; md5: string }[] = [];
const uploaded = new Map<string, StoredFile>();

export function resetRegistrationMock(): void {
  registrations.length = 0;
  registrationUploads.length = 0;
  uploaded.clear();
}

export const registrationHandlers: HttpHandler[] = [
  http.post(apiPath('/user/auth/register/files'), async ({ request }) => {
    const fields = await uploadForm(request);
    if (fields instanceof Response) return fields;
    const { fileId, md5, file } = fields;
    // the test DOM's File loses its name and bytes on the way through msw (mock/files.ts).
    const stored: StoredFile = { fileId, name: 'file', size: file.size, contentType: 'application/pdf', md5, createdAt: new Date().toISOString() };
    uploaded.set(fileId, stored);
    registrationUploads.push({ fileId, md5 });
    return done(stored, UPLOAD_MESSAGES.uploaded);
  }),

  http.post(apiPath('/user/auth/register'), async ({ request }) => {
    const body = (await request.json()) as RegisterBody;
    const creditCode = body.creditCode.trim().toUpperCase();
    const problem = checkCreditCode(creditCode) ?? checkRegisterPassword(body.password);
    if (problem) return bad(problem);
    if (body.consent !== true) return bad(REGISTRATION_MESSAGES.consentMissing);
    if (body.businessLicenceFileIds.length === 0) return bad('营业执照至少需要1项');
    if (body.businessLicenceFileIds.some((id) => !uploaded.has(id))) return bad('营业执照不存在，请重新上传');
    const codes = [TAKEN_CREDIT_CODE, ...registrations.map((r) => r.creditCode.toUpperCase())];
    if (codes.includes(creditCode)) return bad(REGISTRATION_MESSAGES.creditCodeTaken);
    registrations.push(body);
    const n = registrations.length;
    return done({ unitId: `unit-${n}`, loginAccount: creditCode }, REGISTRATION_MESSAGES.submitted);
  }),
];
