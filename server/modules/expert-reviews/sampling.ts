/**
 * 质量抽查: a sample of the projects filed in a period, drawn the same reproducible way as a
 * panel (./draw.ts sampleIds: the candidates sorted by id, shuffled with a seed of 32 bytes from
 * the operating system, the first N taken), recorded append-only with its seed and digest
 * (./records.ts), and a review task (reason 质量抽查) for each sampled project.
 *
 * Candidates: projects filed within the period (Beijing calendar days, both included), except
 * those already reviewed in it (a task not cancelled with its review day in the period) and
 * those with a review under way. N is the number asked, or the share of the candidates rounded
 * up (sampleCountForShare of common/expertReview.ts), at most all of them.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sampleCountForShare } from '@common/expertReview';
import type { Page } from '@common/schemas/common';
import type { DrawVerification, QualitySampleAnswer, QualitySampleCreateBody, QualitySampleDetail, QualitySampleListQuery, QualitySampleRecord } from '@common/schemas/reviewTasks';
import type { AuthUser } from '../../security/user';
import { dayEnd, dayStart } from '../../content/publishing';
import type { DbOrTrx, ReviewSamplingRow } from '../../db/types';
import { BizError, errors } from '../../http/errors';
import { paging } from '../../http/paging';
import { logOperation } from '../../oplog';
import { stampOf } from '../../workflow/stamp';
import { DRAW_ALGORITHM_VERSION, newDrawSeed, sampleIds, sortIds } from '../../quality/draw';
import { DIGEST_LABEL, SAMPLING_ENTITY, samplingDigest, verifySampling } from '../../quality/records';
import { createTaskIn } from './service';

const NOUN = '抽查记录';

export const SAMPLING_MESSAGES = {
  shareOrCount: '请填写抽查比例或抽查数量（二者选一）',
  noCandidates: (from: string, to: string) => `${from} 至 ${to} 期间没有可抽查的已备案项目（已评审或正在评审的项目不在其中）`,
} as const;

/** The candidates' ids, sorted: filed in the period, not reviewed in it, no review under way. */
export async function samplingCandidates(db: DbOrTrx, from: string, to: string): Promise<string[]> {
  const rows = await db
    .selectFrom('projects as p')
    .select('p.id')
    .where('p.status', '=', 'filed')
    .where('p.filed_at', '>=', dayStart(from))
    .where('p.filed_at', '<', dayEnd(to))
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('review_tasks as t')
            .select('t.id')
            .whereRef('t.project_id', '=', 'p.id')
            .where((inner) =>
              inner.or([
                inner('t.status', 'in', ['awaiting_draw', 'confirming', 'scoring']),
                inner.and([inner('t.status', '!=', 'cancelled'), inner('t.review_on', '>=', from), inner('t.review_on', '<=', to)]),
              ]),
            ),
        ),
      ),
    )
    .execute();
  return sortIds(rows.map((r) => r.id));
}

export async function createSampling(request: FastifyRequest, user: AuthUser, body: QualitySampleCreateBody): Promise<QualitySampleAnswer> {
  const { db } = request.server;
  if ((body.sharePercent === undefined) === (body.count === undefined)) throw new BizError(SAMPLING_MESSAGES.shareOrCount);
  const candidates = await samplingCandidates(db, body.from, body.to);
  if (candidates.length === 0) throw new BizError(SAMPLING_MESSAGES.noCandidates(body.from, body.to));
  const size = Math.min(candidates.length, body.count ?? sampleCountForShare(candidates.length, body.sharePercent ?? 0));
  const seed = newDrawSeed();
  const sampled = sampleIds(candidates, size, seed);
  const stamp = stampOf(request, user);
  const { from, to, sharePercent, count, ...settings } = body;
  const id = randomUUID();
  return db.transaction().execute(async (trx) => {
    const record = {
      id,
      period_from: from,
      period_to: to,
      share_percent: sharePercent ?? null,
      asked_count: count ?? null,
      sample_size: size,
      candidates: JSON.stringify(candidates),
      sampled: JSON.stringify(sampled),
      seed,
      algorithm_version: DRAW_ALGORITHM_VERSION,
      task_settings: JSON.stringify(settings),
      note: settings.note?.trim() || null,
      operator_id: user.id,
      operator_name: user.name,
      created_at: stamp.now,
    };
    const digest = samplingDigest(record);
    await trx.insertInto('review_samplings').values({ ...record, digest }).execute();
    const asked = sharePercent !== undefined ? `比例 ${sharePercent}%` : `数量 ${count ?? size}`;
    await logOperation(trx, request, {
      entity: SAMPLING_ENTITY,
      entityId: id,
      action: 'sample',
      summary: `${DIGEST_LABEL}${digest}；质量抽查 ${from} 至 ${to}（${asked}）：候选项目 ${candidates.length} 个，抽中 ${size} 个；算法 ${DRAW_ALGORITHM_VERSION}`,
    });
    const taskIds: string[] = [];
    for (const projectId of sampled) {
      taskIds.push(await createTaskIn(trx, request, user, { ...settings, projectId, reason: 'sampling' }, stamp, id));
    }
    return { id, sampleSize: size, candidateCount: candidates.length, taskIds };
  });
}

async function toRecords(db: DbOrTrx, rows: readonly ReviewSamplingRow[]): Promise<QualitySampleRecord[]> {
  const projectIds = [...new Set(rows.flatMap((r) => JSON.parse(r.sampled) as string[]))];
  const [projects, tasks] = await Promise.all([
    projectIds.length
      ? db.selectFrom('projects as p').innerJoin('member_units as u', 'u.id', 'p.unit_id').select(['p.id', 'p.name', 'p.code', 'u.name as unit_name']).where('p.id', 'in', projectIds).execute()
      : Promise.resolve([]),
    rows.length ? db.selectFrom('review_tasks').select(['id', 'project_id', 'sampling_id']).where('sampling_id', 'in', rows.map((r) => r.id)).execute() : Promise.resolve([]),
  ]);
  const projectOf = new Map(projects.map((p) => [p.id, p]));
  const taskOf = new Map(tasks.map((t) => [`${t.sampling_id}:${t.project_id}`, t.id]));
  return rows.map((r) => ({
    id: r.id,
    from: r.period_from,
    to: r.period_to,
    sharePercent: r.share_percent === null ? null : Number(r.share_percent),
    count: r.asked_count === null ? null : Number(r.asked_count),
    candidateCount: (JSON.parse(r.candidates) as string[]).length,
    sampleSize: Number(r.sample_size),
    seed: r.seed,
    algorithmVersion: r.algorithm_version,
    digest: r.digest,
    note: r.note,
    operatorName: r.operator_name,
    createdAt: r.created_at,
    sampled: (JSON.parse(r.sampled) as string[]).map((projectId) => {
      const p = projectOf.get(projectId);
      return { projectId, projectName: p?.name ?? projectId, projectCode: p?.code ?? null, unitName: p?.unit_name ?? '', taskId: taskOf.get(`${r.id}:${projectId}`) ?? null };
    }),
  }));
}

export async function listSamplings(db: DbOrTrx, query: QualitySampleListQuery): Promise<Page<QualitySampleRecord>> {
  const page = paging(query);
  const total = await db.selectFrom('review_samplings').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await db.selectFrom('review_samplings').selectAll().orderBy('created_at', 'desc').orderBy('id').limit(page.pageSize).offset(page.offset).execute();
  return { list: await toRecords(db, rows), total: Number(total.n), current: page.current, pageSize: page.pageSize };
}

async function findSampling(db: DbOrTrx, id: string): Promise<ReviewSamplingRow> {
  const row = await db.selectFrom('review_samplings').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw errors.notFound(NOUN);
  return row;
}

export async function samplingDetail(db: DbOrTrx, id: string): Promise<QualitySampleDetail> {
  const row = await findSampling(db, id);
  const [record] = await toRecords(db, [row]);
  return { ...record, candidates: JSON.parse(row.candidates) as string[] };
}

export async function verifySamplingById(app: FastifyInstance, id: string): Promise<DrawVerification> {
  return verifySampling(app, app.db, await findSampling(app.db, id));
}
