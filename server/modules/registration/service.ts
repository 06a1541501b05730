/**
 * A member unit's registration (入会申请): the unit (待审核), its authType-2 account, its
 * materials, the review record, the consent and the operation log, in ONE transaction, so
 * that a refusal or a crash leaves nothing behind.
 *
 * The applicant has no account while uploading: their files arrive through
 * POST /user/auth/register/files without an uploader (./uploads.ts). Registration accepts only
 * such files that nothing uses yet, and makes the new account their uploader, so that the unit
 * reads its own materials afterwards like any file it uploaded.
 *
 * The unit's login name is assigned here and answered, not chosen by the applicant: a name of the
 * applicant's choice must be refused when some account holds it, and that refusal would tell
 * anybody, with one registration, whether a login name exists (the login answers every miss
 * alike: modules/auth/service.ts). It is the unit's 统一社会信用代码, which the unit knows by heart
 * and which registration already checks as unique, so it tells nothing more; only when some
 * account already has that name (chosen before this rule) is it REGISTER_LOGIN_PREFIX and 8
 * random digits.
 */
import { randomInt, randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { AuthType } from '@common/permissions';
import {
  checkRegisterPassword,
  REGISTER_LOGIN_PREFIX,
  REGISTRATION_MESSAGES,
  REGISTRATION_TERMS,
  type RegisterBody,
} from '@common/schemas/registration';
import { checkPasswordStrength } from '@common/passwordPolicy';
import { checkCreditCode, checkEmail, checkPhone } from '@common/validators';
import { insertAccount } from '../../security/accounts';
import { hashPassword } from '../../security/passwords';
import { assertFiles, setAttachments } from '../../content/files';
import { claimAnonymousUploads } from '../../files/anonymousUpload';
import { wanYuanToFen } from '../../db/domainTypes';
import type { DbOrTrx } from '../../db/types';
import { newAuditColumns } from '../../db/versioned';
import { BizError } from '../../http/errors';
import { constraintBroken, constraintText } from '../../db/constraints';
import { logOperation } from '../../oplog';
import { openReview } from '../../workflow/reviews';
import { noticeRegistrationSubmitted } from '../../notify/membership';

export const SLOT_BUSINESS_LICENCE = 'business_licence';
export const SLOT_QUALIFICATION = 'qualification';

/** The licence is looked at by people: an image or a PDF. */
const LICENCE_TYPES = /^(image\/(jpeg|png|gif|webp|bmp)|application\/pdf)$/;
/** Materials: anything the store accepts except archives (staff must be able to open them). */
const ARCHIVE_TYPES = /^application\/(zip|vnd\.rar|x-7z-compressed)$/;

const fail = (message: string) => new BizError(message);

/** The body with its text trimmed and the credit code in upper case. */
function normalise(body: RegisterBody): RegisterBody {
  const text = (v: string) => v.trim();
  const optional = (v: string | null | undefined) => (v == null ? null : v.trim() || null);
  return {
    ...body,
    name: text(body.name),
    creditCode: text(body.creditCode).toUpperCase(),
    legalRepresentative: text(body.legalRepresentative),
    contactPerson: text(body.contactPerson),
    contactPhone: text(body.contactPhone),
    email: text(body.email),
    address: text(body.address),
    businessScope: text(body.businessScope),
    introduction: optional(body.introduction),
    establishedOn: optional(body.establishedOn),
  };
}

/** The checks that need no database, in the order the form asks; each names its field. */
function checkFields(body: RegisterBody, today: string): void {
  const required: [string, string][] = [
    ['单位名称', body.name],
    ['法定代表人', body.legalRepresentative],
    ['联系人', body.contactPerson],
    ['单位地址', body.address],
    ['经营范围', body.businessScope],
  ];
  for (const [title, value] of required) if (!value) throw fail(`${title}不能为空`);
  const problem =
    checkCreditCode(body.creditCode) ??
    labelled('联系电话', checkPhone(body.contactPhone)) ??
    checkEmail(body.email) ??
    checkDate(body.establishedOn, today) ??
    checkRegisterPassword(body.password);
  if (problem) throw fail(problem);
  if (body.consent !== true) throw fail(REGISTRATION_MESSAGES.consentMissing);
}

/** checkPhone's message does not say which phone; the form has one, 联系电话. */
const labelled = (title: string, problem: string | undefined) => (problem ? `${title}：${problem}` : undefined);

function checkDate(value: string | null | undefined, today: string): string | undefined {
  if (!value) return undefined;
  const date = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value) return '成立日期不是有效日期';
  if (value > today) return '成立日期不能晚于今天';
  return undefined;
}

/** A unit that holds this credit code already: why this one may not register. */
async function checkCreditCodeFree(trx: DbOrTrx, creditCode: string): Promise<void> {
  const existing = await trx.selectFrom('member_units').select('status').where('credit_code', '=', creditCode).executeTakeFirst();
  if (!existing) return;
  // The credit code is unique among all units (migration 0002): a rejected applicant corrects
  // and resubmits the same record from its account, a cancelled one asks to be restored.
  if (existing.status === 'rejected') throw fail(REGISTRATION_MESSAGES.creditCodeRejected);
  if (existing.status === 'cancelled') throw fail(REGISTRATION_MESSAGES.creditCodeCancelled);
  throw fail(REGISTRATION_MESSAGES.creditCodeTaken);
}

/**
 * The files of one slot: they exist (assertFiles), came through the registration upload (no
 * uploader) and belong to nothing yet, and are of the slot's kind. A file somebody else
 * uploaded is refused like a missing one, so that knowing its id opens nothing.
 */
async function checkSlotFiles(trx: DbOrTrx, ids: readonly string[], field: string, kindOk: (type: string) => boolean, kindMessage: string) {
  if (ids.length === 0) return;
  await assertFiles(trx, ids, field);
  const missing = new BizError(`${field}不存在，请重新上传`);
  const rows = await trx.selectFrom('stored_files').select(['file_id', 'content_type', 'uploader_id']).where('file_id', 'in', [...ids]).execute();
  if (rows.some((r) => r.uploader_id !== null)) throw missing;
  const used = await trx.selectFrom('file_attachments').select('file_id').where('file_id', 'in', [...ids]).executeTakeFirst();
  if (used) throw missing;
  if (rows.some((r) => !kindOk(r.content_type))) throw fail(kindMessage);
}

/** The versions of the documents agreed to: each site page's last change, as the public site shows it. */
async function agreedVersions(trx: DbOrTrx): Promise<Record<string, string | null>> {
  const pages = REGISTRATION_TERMS.map((t) => t.page);
  const rows = await trx.selectFrom('site_pages').select(['key', 'updated_at']).where('key', 'in', pages).execute();
  return Object.fromEntries(REGISTRATION_TERMS.map((t) => [t.key, rows.find((r) => r.key === t.page)?.updated_at ?? null]));
}

/** Tries at a free login name: 10^8 names, so a clash is rare and several in a row are not met. */
const LOGIN_TRIES = 20;

/**
 * A login name no account holds now: the credit code, else a generated one (a parallel
 * registration may still take it: see registerUnit).
 */
async function freeLoginAccount(trx: DbOrTrx, creditCode: string): Promise<string> {
  const byCode = await trx.selectFrom('accounts').select('id').where('login_account', '=', creditCode).executeTakeFirst();
  if (!byCode) return creditCode;
  for (let i = 0; i < LOGIN_TRIES; i += 1) {
    const candidate = `${REGISTER_LOGIN_PREFIX}${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
    const taken = await trx.selectFrom('accounts').select('id').where('login_account', '=', candidate).executeTakeFirst();
    if (!taken) return candidate;
  }
  throw fail(REGISTRATION_MESSAGES.noLoginAccount);
}

/** Which unique rule a failed insert broke, on either dialect (two registrations at once). */
export function uniqueViolationOf(err: unknown): 'credit_code' | 'login_account' | null {
  if (constraintBroken(err) !== 'unique') return null;
  const text = constraintText(err);
  if (text.includes('credit_code')) return 'credit_code';
  if (text.includes('login_account')) return 'login_account';
  return null;
}

/**
 * Registers the unit; returns its id and the login name assigned to its account. Every refusal is
 * a status-10 BizError and stores nothing.
 */
export async function registerUnit(request: FastifyRequest, raw: RegisterBody): Promise<{ unitId: string; loginAccount: string }> {
  const now = request.server.clock();
  const at = now.toISOString();
  const body = normalise(raw);
  checkFields(body, at.slice(0, 10));
  // The rest of the password rule (common/passwordPolicy.ts): not a common password.
  const weak = await checkPasswordStrength(body.password, undefined, [body.name, body.creditCode]);
  if (weak) throw fail(weak);
  const licence = body.businessLicenceFileIds;
  const qualification = body.qualificationFileIds ?? [];
  if (licence.length === 0) throw fail(REGISTRATION_MESSAGES.licenceMissing);
  // Hash outside the transaction: scrypt takes a while and SQLite has one writer.
  const passwordHash = await hashPassword(body.password);
  const unitId = randomUUID();
  const accountId = randomUUID();
  const actor = { id: accountId, name: body.name };

  // A parallel registration that took the same name between the look-up and the insert: again,
  // with another name (the unique index on login_account tells).
  for (let attempt = 1; ; attempt += 1) {
    try {
      const loginAccount = await store(request, body, { unitId, accountId, actor, passwordHash, licence, qualification, at, now });
      return { unitId, loginAccount };
    } catch (err) {
      const broken = uniqueViolationOf(err);
      // Another registration with the same code committed between our check and insert.
      if (broken === 'credit_code') throw fail(REGISTRATION_MESSAGES.creditCodeTaken);
      if (broken === 'login_account' && attempt < 3) continue;
      if (broken === 'login_account') throw fail(REGISTRATION_MESSAGES.noLoginAccount);
      throw err;
    }
  }
}

interface Prepared {
  unitId: string;
  accountId: string;
  actor: { id: string; name: string };
  passwordHash: string;
  licence: readonly string[];
  qualification: readonly string[];
  at: string;
  now: Date;
}

/** The registration's one transaction; returns the login name given to the account. */
async function store(request: FastifyRequest, body: RegisterBody, p: Prepared): Promise<string> {
  const { unitId, accountId, actor, passwordHash, licence, qualification, at, now } = p;
  return request.server.db.transaction().execute(async (trx) => {
    await checkCreditCodeFree(trx, body.creditCode);
    await checkSlotFiles(trx, licence, '营业执照', (t) => LICENCE_TYPES.test(t), REGISTRATION_MESSAGES.licenceKind);
    await checkSlotFiles(trx, qualification, '资质材料', (t) => !ARCHIVE_TYPES.test(t), REGISTRATION_MESSAGES.qualificationKind);
    const loginAccount = await freeLoginAccount(trx, body.creditCode);
    await claimAnonymousUploads(trx, licence, now, '营业执照');
    await claimAnonymousUploads(trx, qualification, now, '资质材料');

    await trx
      .insertInto('member_units')
      .values({
        id: unitId,
        name: body.name,
        credit_code: body.creditCode,
        legal_representative: body.legalRepresentative,
        contact_person: body.contactPerson,
        contact_phone: body.contactPhone,
        email: body.email,
        address: body.address,
        established_on: body.establishedOn ?? null,
        registered_capital_fen: body.registeredCapital == null ? null : wanYuanToFen(body.registeredCapital),
        staff_count: body.staffCount ?? null,
        member_level: null,
        member_no: null,
        join_date: null,
        valid_until: null,
        business_scope: body.businessScope,
        introduction: body.introduction ?? null,
        logo_file_id: null,
        show_in_window: 0,
        status: 'pending',
        reject_reason: null,
        pending_change: null,
        pending_change_at: null,
        // Made by the applicant, whose account is inserted next (created_by has no foreign key).
        ...newAuditColumns(at, accountId),
      })
      .execute();
    await insertAccount(
      trx,
      {
        id: accountId,
        loginAccount,
        passwordHash,
        authType: AuthType.MemberUnit,
        name: body.name,
        phone: body.contactPhone,
        email: body.email,
        unitId,
        // A pending (or later rejected) unit logs in to follow and correct its application.
        enabled: true,
        // The applicant chose this password.
        mustChangePassword: false,
        createdBy: accountId,
      },
      at,
    );

    const owner = { type: 'unit' as const, id: unitId };
    const stamp = { now: at, by: accountId };
    await setAttachments(trx, owner, SLOT_BUSINESS_LICENCE, licence, stamp);
    await setAttachments(trx, owner, SLOT_QUALIFICATION, qualification, stamp);
    await trx
      .updateTable('stored_files')
      .set({ uploader_id: accountId })
      .where('file_id', 'in', [...licence, ...qualification])
      .where('uploader_id', 'is', null)
      .execute();

    await openReview(trx, {
      what: 'registration',
      subjectType: 'unit',
      subjectId: unitId,
      subjectName: body.name,
      unitId,
      by: actor,
      now,
    });
    await noticeRegistrationSubmitted(trx, { id: unitId, name: body.name }, false, now);
    await trx
      .insertInto('consents')
      .values({
        id: randomUUID(),
        account_id: accountId,
        kind: 'terms_privacy',
        versions: JSON.stringify(await agreedVersions(trx)),
        agreed_at: at,
        ip: request.ip,
        user_agent: request.headers['user-agent']?.slice(0, 300) ?? null,
        withdrawn_at: null,
      })
      .execute();
    await logOperation(
      trx,
      request,
      {
        entity: 'member-unit',
        entityId: unitId,
        action: 'register',
        summary:
          `会员单位入会申请：${body.name}（${body.creditCode}），登录账号 ${loginAccount}（系统分配），` +
          `营业执照 ${licence.length} 个、资质材料 ${qualification.length} 个文件；已同意《用户协议》《隐私政策》`,
      },
      actor,
    );
    return loginAccount;
  });
}
