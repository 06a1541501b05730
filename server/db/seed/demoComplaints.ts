/**
 * Complaints in the demo data set (./demo.ts, after ./demoData.ts): one handled complaint about
 * demo-unit-1 (demo_unit's unit), accepted, answered in writing and concluded 部分属实, with the
 * credit event the conclusion makes (server/credit/events.ts, as the module's conclude does); and
 * one anonymous 举报 about demo-unit-2 submitted the day before the seed runs, waiting for
 * acceptance, so that staff find it on the workbench and in the queue whenever the demo is made.
 *
 * Both can be followed on /FrontPage/complaint with their number and query code
 * (DEMO_COMPLAINT_CODES; README.md, "投诉举报"). Idempotent: rows with fixed ids, inserted once.
 */
import { acceptDueOn } from '@common/complaintDeadlines';
import type { ComplaintStep } from '@common/credit';
import { beijingDay } from '@common/calendar';
import { recordAutomaticEvent } from '../../credit/events';
import type { FieldCipher } from '../../pii/cipher';
import { hashPassword } from '../../security/passwords';
import { nextNumber } from '../../workflow/numbers';
import type { DbOrTrx } from '../types';
import { newAuditColumns as audit } from '../versioned';
import { ts } from './demoHelpers';
import { practitionerId } from './demoPractitioners';
import { unitId } from './demoUnits';

export const DEMO_HANDLED_COMPLAINT = 'demo-complaint-1';
export const DEMO_PENDING_COMPLAINT = 'demo-complaint-2';
/** The handled complaint's fixed number; the pending one takes the next of its year. */
export const DEMO_HANDLED_COMPLAINT_NO = 'TS2026000001';
/** The query codes (only their hashes are stored), so that the demo's complaints can be followed. */
export const DEMO_COMPLAINT_CODES = { [DEMO_HANDLED_COMPLAINT]: 'DEMXK7PW3Q', [DEMO_PENDING_COMPLAINT]: 'JBHZ5RT8NA' } as const;

const step = (complaintId: string, n: number, kind: ComplaintStep, at: string, note: string) => ({
  id: `${complaintId}-step-${n}`,
  complaint_id: complaintId,
  step: kind,
  public_note: note,
  at,
  actor_id: null,
});

async function seedHandled(db: DbOrTrx, pii: FieldCipher): Promise<void> {
  const id = DEMO_HANDLED_COMPLAINT;
  const submitted = ts('2026-09-07 10:20');
  const accepted = ts('2026-09-09 15:00');
  const answered = ts('2026-09-15 16:30');
  const concluded = ts('2026-10-08 11:00');
  const handling =
    '经调查核实，该单位在项目入户调查中存在问卷样本数量不足、部分访谈记录缺少受访人签字的问题，已责令其限期整改并补充调查，并对项目负责人进行约谈提醒；投诉所称评估报告结论与事实严重不符的情况未查实。';
  await db
    .insertInto('complaints')
    .values({
      id,
      complaint_no: DEMO_HANDLED_COMPLAINT_NO,
      kind: 'complaint',
      anonymous: 0,
      complainant_name: '王秀兰',
      complainant_phone_enc: pii.encrypt('13905710231'),
      complainant_email_enc: null,
      unit_id: unitId(1),
      practitioner_id: practitionerId(5),
      project_id: 'demo-project-2',
      title: '垃圾焚烧发电厂扩建项目稳评入户调查走过场',
      content:
        '我家住在扩建项目东侧约八百米的村里。评估单位的调查人员只在村口发了几张问卷，没有入户询问，很多邻居根本不知道做过调查，报告里却写着“周边群众支持率较高”。请协会核实调查过程是否真实。',
      query_code_hash: await hashPassword(DEMO_COMPLAINT_CODES[id]),
      status: 'concluded',
      submitted_at: submitted,
      accept_due_on: acceptDueOn('2026-09-07'),
      decided_at: accepted,
      decided_by: null,
      decision_reason: null,
      answer_due_on: '2026-09-19',
      conclude_due_on: '2026-10-09',
      unit_answer:
        '本单位于2025年8月至9月在项目周边三个村社开展问卷调查和座谈，共发放问卷420份、回收396份，并召开座谈会4场。经自查，东侧村因部分住户白天外出务工，采取了集中发放问卷的方式，确有少量访谈记录未请受访人签字。相关记录已整理提交，请协会核查。',
      answered_at: answered,
      answered_by: null,
      conclusion: 'partly',
      handling,
      concluded_at: concluded,
      concluded_by: null,
      erased_at: null,
      ...audit(submitted, null),
      updated_at: concluded,
      version: 3,
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  await db
    .insertInto('complaint_steps')
    .values([
      step(id, 1, 'submitted', submitted, '已收到您的投诉，协会将于 2026-09-14 前决定是否受理。'),
      step(id, 2, 'accepted', accepted, '协会已受理您的投诉，并已通知被投诉单位于 2026-09-19 前书面说明情况。'),
      step(id, 3, 'answered', answered, '被投诉单位已提交书面申辩，协会正在调查核实。'),
      step(id, 4, 'concluded', concluded, `办理结论：部分属实。处理结果：${handling}`),
    ])
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  await recordAutomaticEvent(db, {
    kind: 'complaint_partly',
    sourceType: 'complaint',
    sourceId: id,
    unitId: unitId(1),
    occurredOn: '2026-10-08',
    description: `投诉 ${DEMO_HANDLED_COMPLAINT_NO}经查部分属实：垃圾焚烧发电厂扩建项目稳评入户调查走过场`,
    now: concluded,
  });
}

async function seedPending(db: DbOrTrx, now: Date): Promise<void> {
  const id = DEMO_PENDING_COMPLAINT;
  const at = new Date(now.getTime() - 26 * 3_600_000);
  const submitted = at.toISOString();
  const day = beijingDay(at);
  const due = acceptDueOn(day);
  await db
    .insertInto('complaints')
    .values({
      id,
      complaint_no: await nextNumber(db, 'complaint', Number(day.slice(0, 4))),
      kind: 'report',
      anonymous: 1,
      complainant_name: null,
      complainant_phone_enc: null,
      complainant_email_enc: null,
      unit_id: unitId(2),
      practitioner_id: practitionerId(9),
      project_id: null,
      title: '从业人员疑似同时在两家机构挂证执业',
      content: '据了解，该单位一名高级研究员同时在另一家咨询公司的项目报告上署名，疑似挂证。请协会核查其劳动关系和参与项目情况。',
      query_code_hash: await hashPassword(DEMO_COMPLAINT_CODES[id]),
      status: 'pending',
      submitted_at: submitted,
      accept_due_on: due,
      decided_at: null,
      decided_by: null,
      decision_reason: null,
      answer_due_on: null,
      conclude_due_on: null,
      unit_answer: null,
      answered_at: null,
      answered_by: null,
      conclusion: null,
      handling: null,
      concluded_at: null,
      concluded_by: null,
      erased_at: null,
      ...audit(submitted, null),
    })
    .execute();
  await db
    .insertInto('complaint_steps')
    .values(step(id, 1, 'submitted', submitted, `已收到您的举报，协会将于 ${due} 前决定是否受理。`))
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

export async function seedDemoComplaints(db: DbOrTrx, pii: FieldCipher, now: Date): Promise<void> {
  const existing = new Set(
    (await db.selectFrom('complaints').select('id').where('id', 'in', [DEMO_HANDLED_COMPLAINT, DEMO_PENDING_COMPLAINT]).execute()).map((r) => r.id),
  );
  if (!existing.has(DEMO_HANDLED_COMPLAINT)) await seedHandled(db, pii);
  if (!existing.has(DEMO_PENDING_COMPLAINT)) await seedPending(db, now);
}
