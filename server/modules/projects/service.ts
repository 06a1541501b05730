/**
 * The project workflow (docs/domain.md, projects): a unit files a draft, edits it (and a returned
 * one), deletes a draft, and submits; staff file it (备案) or return it with a reason. Each step
 * is one transaction: the state (with the version read), the review record, the messages, and
 * the operation log. The submission and the decision are those of every reviewed record
 * (server/workflow/reviewedSubject.ts); this file says what is particular to a project.
 *
 * The leader and the members are the unit's own approved practitioners; the leader is stored
 * both on the project and as its first member (role 项目负责人), so that "the projects a
 * practitioner worked on" is one look at project_members.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import {
  LEADER_ROLE,
  type ProjectCreateBody,
  type ProjectReturnBody,
  type ProjectStepBody,
  type ProjectUpdateBody,
} from '@common/schemas/projects';
import type { AuthUser } from '../../security/user';
import { removeAttachments, setAttachments } from '../../content/files';
import { wanYuanToFen } from '../../db/domainTypes';
import type { DbOrTrx, ProjectStatus } from '../../db/types';
import { assertVersion, newAuditColumns, updateWithVersion } from '../../db/versioned';
import { BizError, errors } from '../../http/errors';
import { logOperation } from '../../oplog';
import { approvedUnitName, assertDictValue, filingUnitId, ReviewedSubject } from '../../workflow/reviewedSubject';
import { stampOf } from '../../workflow/stamp';
import { assertAttachable } from '../../files/attach';
import { findProject, REPORT_SLOT, REVIEW_CODE, type ProjectJoinedRow } from './queries';

const ENTITY = 'project';

export const MESSAGES = {
  unitNotApproved: '本单位尚未通过入会审核或已暂停，不能登记或提交项目',
  codeTaken: '项目编号已存在，请更换',
  typeInvalid: '项目类型不正确，请从列表中选择',
  riskInvalid: '风险等级不正确，请从列表中选择',
  endBeforeStart: '结束日期不能早于开始日期',
  leaderNotOwn: '项目负责人只能从本单位已审核通过的从业人员中选择',
  memberNotOwn: '项目成员只能从本单位已审核通过的从业人员中选择',
  memberTwice: '同一从业人员不能重复列为项目成员',
  editSubmitted: '项目已提交，等待协会备案，不能修改',
  editFiled: '项目已备案，不能修改',
  deleteNotDraft: '只有草稿可以删除，该项目已提交过协会',
  submitTwice: '项目已提交，等待协会备案，不能重复提交',
  submitFiled: '项目已备案，不能再提交',
  incomplete: '提交前请补充：',
  decideDraft: '项目尚未提交，不能备案或退回',
  decideReturned: '项目已退回单位修改，尚未重新提交，不能备案或退回',
  decideFiled: '项目已备案，不能重复操作',
  reasonRequired: '请填写退回原因',
} as const;

const trimmed = (value: string | null | undefined): string | null => value?.trim() || null;
export const projectLink = (id: string) => `/Manage/project-management?id=${encodeURIComponent(id)}`;

/** Staff decide a submitted project only. */
const DECISION_REFUSALS: Record<ProjectStatus, string | null> = {
  draft: MESSAGES.decideDraft,
  submitted: null,
  returned: MESSAGES.decideReturned,
  filed: MESSAGES.decideFiled,
};

const PROJECT = new ReviewedSubject<ProjectJoinedRow, 'projects'>({
  type: 'project',
  table: 'projects',
  noun: '项目',
  reviewCode: REVIEW_CODE,
  link: projectLink,
  find: findProject,
  decisionRefusals: DECISION_REFUSALS,
});

const approvedUnit = (db: DbOrTrx, unitId: string) => approvedUnitName(db, unitId, MESSAGES.unitNotApproved);

// ---- checks -------------------------------------------------------------------------------

async function assertCodeFree(db: DbOrTrx, code: string, exceptId: string | null): Promise<void> {
  let q = db.selectFrom('projects').select('id').where('code', '=', code);
  if (exceptId) q = q.where('id', '<>', exceptId);
  if (await q.executeTakeFirst()) throw new BizError(MESSAGES.codeTaken);
}

interface MemberRow {
  practitioner_id: string;
  role: string | null;
  sort: number;
}

/**
 * The project's members as stored: the leader first (role 项目负责人), then the others in the
 * order given. Every one must be an approved practitioner of the unit, except people already on
 * the project (someone who left since may stay on a project they worked on).
 */
async function memberRows(db: DbOrTrx, unitId: string, body: ProjectCreateBody, projectId: string | null): Promise<MemberRow[]> {
  const leader = body.leaderPractitionerId ?? null;
  const others = (body.members ?? []).filter((m) => m.practitionerId !== leader);
  const ids = others.map((m) => m.practitionerId);
  if (new Set(ids).size !== ids.length) throw new BizError(MESSAGES.memberTwice);
  const wanted = [...new Set([...(leader ? [leader] : []), ...ids])];
  if (wanted.length === 0) return [];
  const own = await db
    .selectFrom('practitioners')
    .select('id')
    .where('id', 'in', wanted)
    .where('unit_id', '=', unitId)
    .where('status', '=', 'approved')
    .execute();
  const allowed = new Set(own.map((r) => r.id));
  if (projectId) {
    const current = await db.selectFrom('project_members').select('practitioner_id').where('project_id', '=', projectId).execute();
    for (const r of current) allowed.add(r.practitioner_id);
  }
  if (leader && !allowed.has(leader)) throw new BizError(MESSAGES.leaderNotOwn);
  if (ids.some((id) => !allowed.has(id))) throw new BizError(MESSAGES.memberNotOwn);
  return [
    ...(leader ? [{ practitioner_id: leader, role: LEADER_ROLE, sort: 0 }] : []),
    ...others.map((m, i) => ({ practitioner_id: m.practitionerId, role: trimmed(m.role), sort: i + 1 })),
  ];
}

/** The stored columns of the form's fields, checked. */
async function checkedColumns(db: DbOrTrx, body: ProjectCreateBody, current: ProjectJoinedRow | null) {
  const type = trimmed(body.type);
  const riskLevel = trimmed(body.riskLevel);
  await assertDictValue(db, 'project_type', type, current?.type ?? null, MESSAGES.typeInvalid);
  await assertDictValue(db, 'risk_level', riskLevel, current?.risk_level ?? null, MESSAGES.riskInvalid);
  const startOn = body.startOn ?? null;
  const endOn = body.endOn ?? null;
  if (startOn && endOn && endOn < startOn) throw new BizError(MESSAGES.endBeforeStart);
  const code = body.code.trim();
  if (!code) throw new BizError('请输入项目编号');
  const name = body.name.trim();
  if (!name) throw new BizError('请输入项目名称');
  return {
    name,
    code,
    client: trimmed(body.client),
    type,
    region: trimmed(body.region),
    investment_fen: body.investment === null || body.investment === undefined ? null : wanYuanToFen(body.investment),
    leader_practitioner_id: body.leaderPractitionerId ?? null,
    start_on: startOn,
    end_on: endOn,
    risk_level: riskLevel,
    conclusion: trimmed(body.conclusion),
  };
}

async function writeMembers(trx: DbOrTrx, projectId: string, rows: MemberRow[]): Promise<void> {
  await trx.deleteFrom('project_members').where('project_id', '=', projectId).execute();
  if (rows.length > 0) await trx.insertInto('project_members').values(rows.map((r) => ({ project_id: projectId, ...r }))).execute();
}

// ---- create, edit, delete ---------------------------------------------------------------

export async function createProject(request: FastifyRequest, user: AuthUser, body: ProjectCreateBody): Promise<string> {
  const { db } = request.server;
  const unitId = filingUnitId(user);
  await approvedUnit(db, unitId);
  const columns = await checkedColumns(db, body, null);
  const members = await memberRows(db, unitId, body, null);
  const reports = body.reportFileIds ?? [];
  await assertAttachable(request.server.db, user, request.server.clock(), reports, '评估报告');
  const stamp = stampOf(request, user);
  const id = randomUUID();
  await db.transaction().execute(async (trx) => {
    await assertCodeFree(trx, columns.code, null);
    await trx
      .insertInto('projects')
      .values({
        id,
        unit_id: unitId,
        ...columns,
        status: 'draft',
        return_reason: null,
        submitted_at: null,
        filed_at: null,
        ...newAuditColumns(stamp.now, stamp.by),
      })
      .execute();
    await writeMembers(trx, id, members);
    await setAttachments(trx, { type: 'project', id }, REPORT_SLOT, reports, stamp);
    await logOperation(trx, request, { entity: ENTITY, entityId: id, action: 'create', summary: `登记项目「${columns.name}」（${columns.code}）` });
  });
  return id;
}

export async function updateProject(request: FastifyRequest, user: AuthUser, id: string, body: ProjectUpdateBody): Promise<void> {
  const { db } = request.server;
  const row = await PROJECT.ownRecord(db, user, id);
  if (row.status === 'submitted') throw new BizError(MESSAGES.editSubmitted);
  if (row.status === 'filed') throw new BizError(MESSAGES.editFiled);
  assertVersion(row.version, body.version);
  const columns = await checkedColumns(db, body, row);
  const members = await memberRows(db, row.unit_id, body, id);
  const reports = body.reportFileIds ?? [];
  await assertAttachable(request.server.db, user, request.server.clock(), reports, '评估报告');
  const stamp = stampOf(request, user);
  await db.transaction().execute(async (trx) => {
    await assertCodeFree(trx, columns.code, id);
    await updateWithVersion(trx, 'projects', id, body.version, columns, stamp);
    await writeMembers(trx, id, members);
    await setAttachments(trx, { type: 'project', id }, REPORT_SLOT, reports, stamp);
    await logOperation(trx, request, { entity: ENTITY, entityId: id, action: 'update', summary: `修改项目「${columns.name}」（${columns.code}）` });
  });
}

export async function deleteProject(request: FastifyRequest, user: AuthUser, id: string): Promise<string> {
  const { db } = request.server;
  const row = await PROJECT.ownRecord(db, user, id);
  if (row.status !== 'draft') throw new BizError(MESSAGES.deleteNotDraft);
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('project_members').where('project_id', '=', id).execute();
    await removeAttachments(trx, { type: 'project', id });
    // Only a draft that never left the unit: the status is checked again in the delete itself.
    const result = await trx.deleteFrom('projects').where('id', '=', id).where('status', '=', 'draft').executeTakeFirst();
    if (Number(result.numDeletedRows) !== 1) throw errors.staleVersion();
    await logOperation(trx, request, { entity: ENTITY, entityId: id, action: 'delete', summary: `删除项目草稿「${row.name}」（${row.code ?? '无编号'}）` });
  });
  return row.name;
}

// ---- the workflow -------------------------------------------------------------------------

/** What 备案 needs that the project still lacks, by the fields' Chinese names. */
async function missingForSubmit(db: DbOrTrx, row: ProjectJoinedRow): Promise<string[]> {
  const missing: string[] = [];
  if (!row.client) missing.push('委托单位');
  if (!row.type) missing.push('项目类型');
  if (!row.region) missing.push('所在区域');
  if (!row.leader_practitioner_id) missing.push('项目负责人');
  if (!row.start_on) missing.push('开始日期');
  if (!row.risk_level) missing.push('风险等级');
  if (!row.conclusion) missing.push('评估结论');
  const report = await db
    .selectFrom('file_attachments')
    .select('file_id')
    .where('owner_type', '=', 'project')
    .where('owner_id', '=', row.id)
    .where('slot', '=', REPORT_SLOT)
    .executeTakeFirst();
  if (!report) missing.push('评估报告');
  return missing;
}

export async function submitProject(request: FastifyRequest, user: AuthUser, id: string, body: ProjectStepBody): Promise<void> {
  const { db } = request.server;
  const row = await PROJECT.ownRecord(db, user, id);
  if (row.status === 'submitted') throw new BizError(MESSAGES.submitTwice);
  if (row.status === 'filed') throw new BizError(MESSAGES.submitFiled);
  const version = body.version ?? row.version;
  assertVersion(row.version, version);
  const unitName = await approvedUnit(db, row.unit_id);
  const missing = await missingForSubmit(db, row);
  if (missing.length > 0) throw new BizError(`${MESSAGES.incomplete}${missing.join('、')}`);
  const stamp = stampOf(request, user);
  const resubmit = row.status === 'returned';
  await db.transaction().execute(async (trx) => {
    await updateWithVersion(trx, 'projects', id, version, { status: 'submitted', submitted_at: stamp.now, return_reason: null }, stamp);
    await PROJECT.openSubmission(trx, {
      id,
      name: row.name,
      unitId: row.unit_id,
      by: { id: user.id, name: unitName },
      at: stamp.at,
      payload: { code: row.code, resubmit },
      title: `${resubmit ? '项目重新提交' : '新的项目'}待备案：${row.name}`,
      body: `${unitName}${resubmit ? '修改后重新提交了' : '提交了'}项目「${row.name}」（${row.code ?? '无编号'}），请审核备案。`,
    });
    await logOperation(trx, request, {
      entity: ENTITY,
      entityId: id,
      action: 'submit',
      summary: `${resubmit ? '重新提交' : '提交'}项目「${row.name}」（${row.code ?? '无编号'}）备案`,
    });
  });
}

export async function fileProject(request: FastifyRequest, user: AuthUser, id: string, body: ProjectStepBody): Promise<void> {
  const comment = trimmed(body.comment);
  await PROJECT.decide(request, user, { id, version: body.version }, (row, stamp) => ({
    outcome: 'approved',
    changes: { status: 'filed', filed_at: stamp.now, return_reason: null },
    comment,
    title: `项目已备案：${row.name}`,
    log: { action: 'file', summary: `项目「${row.name}」予以备案${comment ? `（${comment}）` : ''}` },
  }));
}

export async function returnProject(request: FastifyRequest, user: AuthUser, id: string, body: ProjectReturnBody): Promise<void> {
  const reason = trimmed(body.reason);
  if (!reason) throw new BizError(MESSAGES.reasonRequired);
  await PROJECT.decide(request, user, { id, version: body.version }, (row) => ({
    outcome: 'returned',
    changes: { status: 'returned', return_reason: reason },
    comment: reason,
    title: `项目被退回修改：${row.name}`,
    log: { action: 'return', summary: `退回项目「${row.name}」：${reason}` },
  }));
}
