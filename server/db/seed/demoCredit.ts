/**
 * Credit in the demo data set (./demo.ts, after the accounts): bad-conduct records and
 * commendations of the demo units and practitioners (manual ones, one withdrawn, and the
 * automatic one of demo-unit-6's failed 2026 inspection), and the 2025 rating, final, with tiers
 * across A–D and one objection answered. Some records are still in term, so the public pages, the
 * member window and the business-audit flag have something to show.
 *
 * The 2025 scores are computed by the same functions as the module (server/credit/scoring.ts)
 * under the rules version in force, so they agree with what a recompute would give. Points and
 * terms are the first rules version's (common/credit.ts DEFAULT_CREDIT_RULES).
 *
 * Idempotent: fixed ids, ON CONFLICT DO NOTHING; the rating's units are written with the rating.
 */
import type { AutomaticCreditKind, CreditPolarity } from '@common/credit';
import { autoKey, termUntil } from '../../credit/events';
import { kindRule, rulesInForce } from '../../credit/rules';
import { eventsOfYear, unitScore } from '../../credit/scoring';
import { randomUUID } from 'node:crypto';
import type { DbOrTrx, NewCreditEvent } from '../types';
import { newAuditColumns as audit } from '../versioned';
import { ts } from './demoHelpers';
import { practitionerId } from './demoPractitioners';
import { unitId } from './demoUnits';

interface EventSeed {
  n: number;
  unit: number;
  practitioner?: number;
  kind: string;
  polarity: CreditPolarity;
  on: string;
  description: string;
  /** Withdrawn: [reason, when]. */
  withdrawn?: [string, string];
  /** Made by the system from this source (an annual inspection's id). */
  auto?: { kind: AutomaticCreditKind; sourceId: string };
}

const EVENTS: EventSeed[] = [
  { n: 1, unit: 1, kind: 'commendation', polarity: 'good', on: '2025-06-18', description: '在城东新城片区旧城改造项目稳评中组织入户调查规范、成果被决策机关采纳，协会通报表彰。' },
  { n: 2, unit: 1, practitioner: 3, kind: 'violation_other', polarity: 'bad', on: '2025-12-10', description: '所负责项目评估报告引用的入户调查样本数与原始记录不一致，经核查属工作失误，已责令更正。' },
  { n: 3, unit: 2, kind: 'violation_other', polarity: 'bad', on: '2025-03-20', description: '未按规定办理项目备案即出具市区居民阶梯水价调整方案评估报告。' },
  { n: 4, unit: 2, practitioner: 9, kind: 'violation_other', polarity: 'bad', on: '2025-09-05', description: '年度继续教育学时证明与培训机构记录不符。' },
  { n: 5, unit: 3, kind: 'false_report', polarity: 'bad', on: '2025-07-15', description: '出具的某道路拓宽工程稳评报告中问卷调查数据系编造，经专家复核认定为虚假报告。' },
  { n: 6, unit: 4, kind: 'commendation', polarity: 'good', on: '2025-11-02', description: '为协会稳评法律风险识别培训无偿提供师资，协会通报表彰。' },
  { n: 7, unit: 5, kind: 'false_report', polarity: 'bad', on: '2025-05-08', description: '出具的政策类稳评报告中风险等级判定结论与调查结果明显不符，经专家复核认定为虚假报告。' },
  { n: 8, unit: 5, kind: 'violation_other', polarity: 'bad', on: '2025-08-19', description: '承接的项目未配备具有稳评从业资格的项目负责人。' },
  { n: 9, unit: 5, practitioner: 21, kind: 'violation_other', polarity: 'bad', on: '2025-12-22', description: '在评估报告中署名但未实际参与评估工作。' },
  {
    n: 10,
    unit: 2,
    kind: 'violation_other',
    polarity: 'bad',
    on: '2025-10-11',
    description: '未按规定办理项目备案即开展评估工作。',
    withdrawn: ['经复核，该项目已于评估前补办备案手续，撤销本记录。', '2025-12-01 10:00'],
  },
  {
    n: 11,
    unit: 6,
    kind: 'inspection_failed',
    polarity: 'bad',
    on: '2026-10-30',
    description: '2026年度年检（会员单位）恒信项目管理咨询有限公司不通过：全年未开展稳评业务且专职人员未按要求参加继续教育，年检不合格，请限期整改。',
    auto: { kind: 'inspection_failed', sourceId: 'demo-inspection-2026-unit-6' },
  },
  { n: 12, unit: 1, kind: 'commendation', polarity: 'good', on: '2026-09-10', description: '承担协会年度稳评质量提升课题并按期结题。' },
];

export const DEMO_CREDIT_RATING_2025 = 'demo-credit-rating-2025';
const eventId = (n: number) => `demo-credit-event-${n}`;

export async function seedDemoCredit(db: DbOrTrx): Promise<void> {
  const rules = await rulesInForce(db);
  // The first staff account (the super administrator) recorded the manual ones.
  const staff = await db.selectFrom('accounts').select('id').where('auth_type', '=', 1).orderBy('created_at').limit(1).executeTakeFirst();
  const by = staff?.id ?? null;
  const rows: NewCreditEvent[] = EVENTS.map((e) => {
    const rule = kindRule(rules, e.kind);
    const at = ts(`${e.on} 10:00`);
    return {
      id: eventId(e.n),
      subject_type: e.practitioner ? 'practitioner' : 'unit',
      unit_id: unitId(e.unit),
      practitioner_id: e.practitioner ? practitionerId(e.practitioner) : null,
      polarity: e.polarity,
      kind: e.kind,
      occurred_on: e.on,
      points: rule.points,
      points_note: null,
      term_until: termUntil(e.on, rule.termMonths),
      description: e.description,
      source_type: e.auto ? 'annual_inspection' : 'manual',
      source_id: e.auto?.sourceId ?? null,
      auto_key: e.auto ? autoKey(e.auto.kind, e.auto.sourceId) : null,
      rule_version_id: rules.id,
      status: e.withdrawn ? 'withdrawn' : 'active',
      withdraw_reason: e.withdrawn?.[0] ?? null,
      withdrawn_at: e.withdrawn ? ts(e.withdrawn[1]) : null,
      withdrawn_by: e.withdrawn ? by : null,
      ...audit(at, e.auto ? null : by),
      ...(e.withdrawn ? { version: 1, updated_at: ts(e.withdrawn[1]) } : {}),
    };
  });
  await db.insertInto('credit_events').values(rows).onConflict((oc) => oc.doNothing()).execute();

  // 2025, rated in January 2026: 初评 on the 10th, 公示 12th–18th, 终评 on the 20th.
  const inserted = await db
    .insertInto('credit_ratings')
    .values({
      id: DEMO_CREDIT_RATING_2025,
      year: 2025,
      rule_version_id: rules.id,
      status: 'final',
      started_at: ts('2026-01-10 09:00'),
      publicity_from: '2026-01-12',
      publicity_until: '2026-01-18',
      finalized_at: ts('2026-01-20 10:00'),
      finalized_by: by,
      ...audit(ts('2026-01-10 09:00'), by),
      version: 2,
      updated_at: ts('2026-01-20 10:00'),
    })
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return;
  const units = await db.selectFrom('member_units').select(['id', 'name']).where('status', '=', 'approved').orderBy('id').execute();
  const events = await eventsOfYear(
    db,
    2025,
    units.map((u) => u.id),
  );
  for (const unit of units) {
    const { score, tier, items } = unitScore(rules, events.get(unit.id) ?? []);
    await db
      .insertInto('credit_rating_units')
      .values({ id: randomUUID(), rating_id: DEMO_CREDIT_RATING_2025, unit_id: unit.id, unit_name: unit.name, score, tier, items: JSON.stringify(items), computed_at: ts('2026-01-10 09:00') })
      .execute();
  }
  // 安和 objected to its false-report record during 公示; rejected before 终评.
  const objector = await db.selectFrom('accounts').select('id').where('unit_id', '=', unitId(3)).where('auth_type', '=', 2).limit(1).executeTakeFirst();
  await db
    .insertInto('credit_objections')
    .values({
      id: 'demo-credit-objection-2025-3',
      rating_id: DEMO_CREDIT_RATING_2025,
      unit_id: unitId(3),
      content: '我单位认为该报告问卷数据系委托方提供，我单位已尽核查义务，不应认定为出具虚假报告，请求撤销该条记录。',
      status: 'rejected',
      answer: '经复核，问卷原始记录由贵单位调查员签字确认，报告数据与原始记录不符的责任在贵单位，异议不成立。',
      withdrawn_event_ids: '[]',
      answered_at: ts('2026-01-19 15:00'),
      answered_by: by,
      ...audit(ts('2026-01-14 11:20'), objector?.id ?? null),
      version: 1,
      updated_at: ts('2026-01-19 15:00'),
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
}
