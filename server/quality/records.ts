/**
 * The draw and sampling records: what they hold, their digest, and their verification.
 *
 * A record is append-only (no route updates or deletes one). Its digest is the SHA-256 of its
 * canonical text, the JSON array of its stored columns in a fixed order (the JSON columns as
 * stored); the operation-log row written in the same transaction carries the digest in its
 * summary, so the record is tied into the audit trail's hash chain (server/audit/chain.ts).
 * Verification recomputes the result from the record (pool + seed + rules for a draw, candidates
 * + size + seed for a sample, with ./draw.ts), recomputes the digest, and checks the log row:
 * its digest and its link in the chain. A record changed in the database fails at least one.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { DrawCandidate, DrawOutcome, DrawRules, DrawVerification, DrawExclusion } from '@common/schemas/reviewTasks';
import { chainHash, readAnchor } from '../audit/chain';
import type { DbOrTrx, ExpertDrawRow, ReviewSamplingRow } from '../db/types';
import { DRAW_ALGORITHM_VERSION, drawPanel, isDrawSeed, sampleIds, type PanelRules } from './draw';

/** The operation log's entities of the two records. */
export const DRAW_ENTITY = 'expert-draw';
export const SAMPLING_ENTITY = 'quality-sample';

/** Written into the log row's summary; verification reads it back from there. */
export const DIGEST_LABEL = '记录摘要 SHA-256:';
const DIGEST_IN_SUMMARY = /记录摘要 SHA-256:([0-9a-f]{64})/;

export interface DrawPool {
  eligible: DrawCandidate[];
  excluded: DrawExclusion[];
}

/**
 * The pool as a record keeps it (expert_draws.pool), format 2: the same facts as DrawPool in
 * about half the text (a library of 5,000 took 490 KB a round as a list of objects). The
 * categories and specialties are named once and referred to by position; the excluded are
 * grouped by rule, each rule with its reason in words and its experts in the order classified.
 *
 *   { "format": 2,
 *     "categories": ["engineering", …], "specialties": ["economics", "law", …],
 *     "eligible": [["<expert id>", <category position or null>, [<specialty positions>]], …],
 *     "excluded": [{ "rule": "own_or_client_unit", "reason": "本单位/委托单位", "expertIds": ["<id>", …] }, …] }
 *
 * Records written before it hold DrawPool itself ({ "eligible": [{ expertId, category,
 * specialties }], "excluded": [{ expertId, rule, reason }] }); decodeDrawPool reads both, and
 * a record is never rewritten (its digest covers the text as stored).
 */
export const DRAW_POOL_FORMAT = 2;

interface CompactDrawPool {
  format: typeof DRAW_POOL_FORMAT;
  categories: string[];
  specialties: string[];
  eligible: [string, number | null, number[]][];
  excluded: { rule: string; reason: string; expertIds: string[] }[];
}

export function encodeDrawPool(pool: DrawPool): string {
  const categories = [...new Set(pool.eligible.flatMap((c) => (c.category === null ? [] : [c.category])))].sort();
  const specialties = [...new Set(pool.eligible.flatMap((c) => c.specialties))].sort();
  const categoryAt = new Map(categories.map((c, i) => [c, i]));
  const specialtyAt = new Map(specialties.map((s, i) => [s, i]));
  const groups = new Map<string, { rule: string; reason: string; expertIds: string[] }>();
  for (const e of pool.excluded) {
    const group = groups.get(e.rule);
    if (group) group.expertIds.push(e.expertId);
    else groups.set(e.rule, { rule: e.rule, reason: e.reason, expertIds: [e.expertId] });
  }
  const compact: CompactDrawPool = {
    format: DRAW_POOL_FORMAT,
    categories,
    specialties,
    eligible: pool.eligible.map((c) => [c.expertId, c.category === null ? null : (categoryAt.get(c.category) ?? null), c.specialties.map((s) => specialtyAt.get(s) ?? -1)]),
    excluded: [...groups.values()],
  };
  return JSON.stringify(compact);
}

/** The pool of a record, whichever format it was written in; throws on a text that is neither. */
export function decodeDrawPool(text: string): DrawPool {
  const stored = JSON.parse(text) as Partial<CompactDrawPool> & Partial<DrawPool>;
  if (stored.format === undefined) {
    if (!Array.isArray(stored.eligible) || !Array.isArray(stored.excluded)) throw new TypeError('not a draw pool');
    return { eligible: stored.eligible as DrawCandidate[], excluded: stored.excluded as DrawExclusion[] };
  }
  if (stored.format !== DRAW_POOL_FORMAT) throw new TypeError(`unknown draw pool format ${String(stored.format)}`);
  const { categories = [], specialties = [], eligible = [], excluded = [] } = stored as CompactDrawPool;
  const named = (list: readonly string[], at: number) => {
    const name = list[at];
    if (name === undefined) throw new TypeError('a draw pool refers to a name it does not list');
    return name;
  };
  return {
    eligible: eligible.map(([expertId, category, specialtyPositions]) => ({
      expertId,
      category: category === null ? null : named(categories, category),
      specialties: specialtyPositions.map((at) => named(specialties, at)),
    })),
    excluded: excluded.flatMap((group) => group.expertIds.map((expertId) => ({ expertId, rule: group.rule, reason: group.reason }))),
  };
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** The record's own columns (the counts beside it are derived from it and not part of the digest). */
type DrawColumns = Omit<ExpertDrawRow, 'digest' | 'eligible_count' | 'excluded_count' | 'panel_count' | 'backup_count'>;

export function drawDigest(row: DrawColumns): string {
  return sha256(
    JSON.stringify([
      row.id,
      row.task_id,
      Number(row.round),
      row.kind,
      row.reason,
      row.seed,
      row.algorithm_version,
      row.rules,
      row.pool,
      row.result,
      row.warning,
      row.supervisor,
      row.operator_id,
      row.operator_name,
      row.drawn_at,
    ]),
  );
}

type SamplingColumns = Omit<ReviewSamplingRow, 'digest'>;

export function samplingDigest(row: SamplingColumns): string {
  return sha256(
    JSON.stringify([
      row.id,
      row.period_from,
      row.period_to,
      row.share_percent === null ? null : Number(row.share_percent),
      row.asked_count === null ? null : Number(row.asked_count),
      Number(row.sample_size),
      row.candidates,
      row.sampled,
      row.seed,
      row.algorithm_version,
      row.task_settings,
      row.note,
      row.operator_id,
      row.operator_name,
      row.created_at,
    ]),
  );
}

/** The draw as drawPanel is called for it: the same call makes the same result. */
export function runDraw(pool: DrawPool, rules: PanelRules, seed: string) {
  return drawPanel(pool.eligible, rules, seed);
}

/** The drawn experts in the order the record keeps them: the panel, then the backups. */
export const drawnIds = (result: DrawOutcome): string[] => [...result.panel, ...result.backups];

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * Whether the log row written with a record still says its digest and still fits the chain:
 * recomputed from the row before it (or the chain's anchor).
 */
async function auditHolds(app: FastifyInstance, db: DbOrTrx, entity: string, id: string, digest: string): Promise<boolean> {
  const row = await db.selectFrom('operation_logs').selectAll().where('entity', '=', entity).where('entity_id', '=', id).orderBy('id').limit(1).executeTakeFirst();
  if (!row?.chain_hash) return false;
  if (DIGEST_IN_SUMMARY.exec(row.summary)?.[1] !== digest) return false;
  const before = await db
    .selectFrom('operation_logs')
    .select('chain_hash')
    .where('id', '<', row.id)
    .where('chain_hash', 'is not', null)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  const previous = before?.chain_hash ?? (await readAnchor(db)).hash;
  return chainHash(app.auditKey, previous, { ...row, id: Number(row.id) }) === row.chain_hash;
}

interface Checked {
  resultMatches: boolean;
  recomputed: string[];
  stored: string[];
  storedDigest: string;
  computedDigest: string;
  algorithmVersion: string;
}

async function answer(app: FastifyInstance, db: DbOrTrx, entity: string, id: string, checked: Checked, showIds: boolean, what: string): Promise<DrawVerification> {
  const digestMatches = checked.computedDigest === checked.storedDigest;
  const auditMatches = await auditHolds(app, db, entity, id, checked.storedDigest);
  const matches = checked.resultMatches && digestMatches && auditMatches;
  const problems = [
    checked.resultMatches ? null : `按记录中的${what}、随机种子和规则重新计算，结果与记录不一致`,
    digestMatches ? null : '记录内容与其摘要不符（记录被修改）',
    auditMatches ? null : '审计日志中该记录的摘要缺失、不符或不在哈希链中',
  ].filter((p): p is string => p !== null);
  return {
    matches,
    resultMatches: checked.resultMatches,
    digestMatches,
    auditMatches,
    storedDigest: checked.storedDigest,
    computedDigest: checked.computedDigest,
    algorithmVersion: checked.algorithmVersion,
    recomputed: showIds ? checked.recomputed : [],
    stored: showIds ? checked.stored : [],
    message: matches ? `复核一致：按记录重新计算的结果与记录相同，记录未被修改，并在审计日志的哈希链中` : `复核不一致：${problems.join('；')}`,
  };
}

/** Recomputes a draw from its record. `showIds`: whether the caller may see whom it drew. */
export async function verifyDraw(app: FastifyInstance, db: DbOrTrx, row: ExpertDrawRow, showIds: boolean): Promise<DrawVerification> {
  const stored = JSON.parse(row.result) as DrawOutcome;
  let recomputed: string[] = [];
  let resultMatches = false;
  if (row.algorithm_version === DRAW_ALGORITHM_VERSION && isDrawSeed(row.seed)) {
    try {
      const outcome = runDraw(decodeDrawPool(row.pool), JSON.parse(row.rules) as DrawRules, row.seed);
      if (outcome.ok) {
        recomputed = drawnIds(outcome);
        resultMatches = sameList(outcome.order, stored.order) && sameList(outcome.panel, stored.panel) && sameList(outcome.backups, stored.backups);
      }
    } catch {
      // A record whose pool or rules no longer make a valid call (edited by hand) does not match.
      resultMatches = false;
    }
  }
  return answer(
    app,
    db,
    DRAW_ENTITY,
    row.id,
    { resultMatches, recomputed, stored: drawnIds(stored), storedDigest: row.digest, computedDigest: drawDigest(row), algorithmVersion: row.algorithm_version },
    showIds,
    '专家库',
  );
}

/** Recomputes a sample from its record. */
export async function verifySampling(app: FastifyInstance, db: DbOrTrx, row: ReviewSamplingRow): Promise<DrawVerification> {
  const stored = JSON.parse(row.sampled) as string[];
  let recomputed: string[] = [];
  let resultMatches = false;
  if (row.algorithm_version === DRAW_ALGORITHM_VERSION && isDrawSeed(row.seed)) {
    try {
      recomputed = sampleIds(JSON.parse(row.candidates) as string[], Number(row.sample_size), row.seed);
      resultMatches = sameList(recomputed, stored);
    } catch {
      resultMatches = false;
    }
  }
  return answer(
    app,
    db,
    SAMPLING_ENTITY,
    row.id,
    { resultMatches, recomputed, stored, storedDigest: row.digest, computedDigest: samplingDigest(row), algorithmVersion: row.algorithm_version },
    true,
    '候选项目',
  );
}
