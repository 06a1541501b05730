/**
 * The steps every new practitioner takes, whether entered in the form or imported from Excel:
 * the record (pending, personal information encrypted), its authType-3 account with a
 * generated password that must be changed at first login, the review record and the
 * operation log, all in the caller's transaction.
 *
 * The login name is "ry" and 8 random digits. It is never the phone: a login name is stored
 * and shown in plain text, and the phone must not be (personal information is encrypted at rest).
 */
import { randomInt, randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { AuthType } from '@common/permissions';
import { PRACTITIONER_MESSAGES } from '@common/schemas/practitioners';
import { insertAccounts } from '../../security/accounts';
import type { DbOrTrx } from '../../db/types';
import { newAuditColumns } from '../../db/versioned';
import { BizError } from '../../http/errors';
import { logOperation } from '../../oplog';
import type { PractitionerPiiColumns } from '../../pii/fields';
import { openReviews, type ReviewActor } from '../../workflow/reviews';
import { constraintBroken, constraintText } from '../../db/constraints';
import type { PlainColumns } from './fields';

export const LOGIN_PREFIX = 'ry';
const LOGIN_TRIES = 20;

/** `count` login names nobody holds yet ("ry" + 8 digits), read in one query a try. */
export async function freeLoginAccounts(trx: DbOrTrx, count: number): Promise<string[]> {
  const chosen = new Set<string>();
  for (let i = 0; i < LOGIN_TRIES && chosen.size < count; i += 1) {
    const candidates = new Set<string>();
    while (candidates.size < count - chosen.size) {
      const candidate = `${LOGIN_PREFIX}${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
      if (!chosen.has(candidate)) candidates.add(candidate);
    }
    const taken = await trx.selectFrom('accounts').select('login_account').where('login_account', 'in', [...candidates]).execute();
    const held = new Set(taken.map((r) => r.login_account));
    for (const c of candidates) if (!held.has(c)) chosen.add(c);
  }
  if (chosen.size < count) throw new BizError('暂时无法生成登录账号，请重试');
  return [...chosen];
}

export interface NewPractitionerInput {
  columns: PlainColumns;
  pii: PractitionerPiiColumns;
  unitId: string;
  photoFileId: string | null;
  passwordHash: string;
  actor: ReviewActor;
  now: string;
  /** The operation log's words for how it came ("新增", "导入（第3行）"). */
  how: string;
}

/** Inserts the practitioner, its account and review, and logs it; returns the id and the login name. */
/** The steps for one practitioner (the form's 新增): see insertPractitioners. */
export async function insertPractitioner(trx: DbOrTrx, request: FastifyRequest, input: NewPractitionerInput): Promise<{ id: string; loginAccount: string }> {
  return (await insertPractitioners(trx, request, [input]))[0];
}

/**
 * The steps for several practitioners in the caller's transaction (an import's batch): the
 * records in one statement, their login names in one query, then each one's account, review
 * record and log row. Returns each one's id and login name, in order.
 */
export async function insertPractitioners(
  trx: DbOrTrx,
  request: FastifyRequest,
  inputs: readonly NewPractitionerInput[],
): Promise<{ id: string; loginAccount: string }[]> {
  if (inputs.length === 0) return [];
  const ids = inputs.map(() => randomUUID());
  await trx
    .insertInto('practitioners')
    .values(
      inputs.map((input, i) => ({
        id: ids[i],
        ...input.columns,
        ...input.pii,
        unit_id: input.unitId,
        photo_file_id: input.photoFileId,
        certificate_no: null,
        certificate_valid_until: null,
        status: 'pending' as const,
        reject_reason: null,
        left_on: null,
        ...newAuditColumns(input.now, input.actor.id),
      })),
    )
    .execute();
  const logins = await freeLoginAccounts(trx, inputs.length);
  await insertAccounts(
    trx,
    inputs.map((input, i) => ({
      loginAccount: logins[i],
      passwordHash: input.passwordHash,
      authType: AuthType.Practitioner,
      name: input.columns.name,
      unitId: input.unitId,
      practitionerId: ids[i],
      mustChangePassword: true,
      createdBy: input.actor.id,
    })),
    inputs[0].now,
  );
  await openReviews(
    trx,
    inputs.map((input, i) => ({
      what: 'practitioner' as const,
      subjectType: 'practitioner' as const,
      subjectId: ids[i],
      subjectName: input.columns.name,
      unitId: input.unitId,
      by: input.actor,
      now: new Date(input.now),
    })),
  );
  // The log rows one by one: each links to the one before it (the audit chain).
  for (const [i, input] of inputs.entries()) {
    await logOperation(trx, request, {
      entity: 'practitioner',
      entityId: ids[i],
      action: 'create',
      summary: `${input.how}从业人员「${input.columns.name}」（待审核），登录账号 ${logins[i]}`,
    });
  }
  return ids.map((id, i) => ({ id, loginAccount: logins[i] }));
}

/** The one live record per person rule, hit by a race the earlier check could not see. */
export function isDuplicatePerson(err: unknown): boolean {
  return constraintBroken(err) === 'unique' && /id_card/.test(constraintText(err));
}

export function isForeignKeyFailure(err: unknown): boolean {
  return constraintBroken(err) === 'foreign';
}

/** Runs `work`; a duplicate-person race becomes the rule's message. */
export async function withDuplicateCheck<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isDuplicatePerson(err)) throw new BizError(PRACTITIONER_MESSAGES.duplicateIdCard);
    throw err;
  }
}
