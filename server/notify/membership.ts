/**
 * What the membership workflows leave in people's message boxes (./index.ts). The services call
 * these inside the transaction of the step, so a decision and its message land together.
 *
 * - a decision → the account that submitted: the unit (registration, key-information change,
 *   practitioner), the practitioner (their own registration), all three parties of a unit change;
 * - a new submission → the staff who may decide it (member:unit:approve,
 *   member:practitioner:approve, member:unit-change:approve), with a link to the filtered queue.
 *
 * The account that took the step is never told about its own step.
 */
import type { DbOrTrx } from '../db/types';
import {
  notifyAccounts,
  notifyStaffWith,
  notifyUnit,
  practitionerAccountIds,
  unitAccountIds,
  type MessageInput,
} from './index';

const queueOf = (kind: string) => `/Manage/business-audit?kind=${kind}`;
const MEMBER_INFO_PAGE = '/Manage/memberInfo';
const PRACTITIONER_PAGE = '/Manage/employee-management';
const UNIT_CHANGE_PAGE = '/Manage/employee-unit-change';

const withReason = (reason: string | null | undefined) => (reason?.trim() ? `原因：${reason.trim()}` : null);
const withComment = (comment: string | null | undefined) => (comment?.trim() ? `审核意见：${comment.trim()}` : null);
const lines = (...parts: (string | null | undefined)[]) => parts.filter(Boolean).join('\n') || null;

// ---- registration -----------------------------------------------------------------------------

export async function noticeRegistrationSubmitted(trx: DbOrTrx, unit: { id: string; name: string }, resubmitted: boolean, now: Date): Promise<void> {
  await notifyStaffWith(
    trx,
    'member:unit:approve',
    {
      kind: 'submission',
      title: `${resubmitted ? '入会申请重新提交' : '新的入会申请'}：${unit.name}`,
      body: '请在业务审核中审核该单位的入会申请。',
      link: queueOf('registration'),
      subjectType: 'unit',
      subjectId: unit.id,
    },
    now,
  );
}

export async function noticeRegistrationDecided(
  trx: DbOrTrx,
  unit: { id: string; name: string },
  decision: { approved: boolean; reason?: string | null; memberNo?: string; validUntil?: string },
  now: Date,
): Promise<void> {
  await notifyUnit(
    trx,
    unit.id,
    {
      kind: 'decision',
      title: decision.approved ? '入会申请已审核通过' : '入会申请被驳回',
      body: decision.approved
        ? lines(`「${unit.name}」已成为协会会员单位，会员编号 ${decision.memberNo ?? ''}，有效期至 ${decision.validUntil ?? ''}。`, withComment(decision.reason))
        : lines(`「${unit.name}」的入会申请未通过审核，请按原因修改后重新提交。`, withReason(decision.reason)),
      link: MEMBER_INFO_PAGE,
      subjectType: 'unit',
      subjectId: unit.id,
    },
    now,
  );
}

// ---- key-information change -------------------------------------------------------------------

export async function noticeInfoChangeSubmitted(trx: DbOrTrx, unit: { id: string; name: string }, now: Date): Promise<void> {
  await notifyStaffWith(
    trx,
    'member:unit:approve',
    {
      kind: 'submission',
      title: `单位信息变更待审核：${unit.name}`,
      body: '该单位申请变更名称、统一社会信用代码或法定代表人，请在业务审核中审核。',
      link: queueOf('info_change'),
      subjectType: 'unit',
      subjectId: unit.id,
    },
    now,
  );
}

export async function noticeInfoChangeDecided(
  trx: DbOrTrx,
  unit: { id: string; name: string },
  decision: { approved: boolean; reason?: string | null },
  now: Date,
): Promise<void> {
  await notifyUnit(
    trx,
    unit.id,
    {
      kind: 'decision',
      title: decision.approved ? '单位信息变更已审核通过' : '单位信息变更被驳回',
      body: decision.approved
        ? lines('变更后的单位信息已生效。', withComment(decision.reason))
        : lines('变更未通过审核，单位信息保持原样。', withReason(decision.reason)),
      link: MEMBER_INFO_PAGE,
      subjectType: 'unit',
      subjectId: unit.id,
    },
    now,
  );
}

// ---- practitioners ----------------------------------------------------------------------------

/** `names`: the new (or resubmitted) practitioners; an import sends them all in one message. */
export async function noticePractitionersSubmitted(
  trx: DbOrTrx,
  unitName: string,
  names: readonly string[],
  how: 'new' | 'resubmitted' | 'imported',
  now: Date,
): Promise<void> {
  if (names.length === 0) return;
  const who = names.length === 1 ? `「${names[0]}」` : `「${names.slice(0, 3).join('、')}」${names.length > 3 ? `等 ${names.length} 人` : ''}`;
  const verb = how === 'resubmitted' ? '重新提交了' : how === 'imported' ? `导入了 ${names.length} 名` : '登记了';
  await notifyStaffWith(
    trx,
    'member:practitioner:approve',
    {
      kind: 'submission',
      title: `从业人员登记待审核：${unitName}`,
      body: `${unitName}${verb}从业人员${who}，请在业务审核中审核。`,
      link: queueOf('practitioner'),
      subjectType: 'practitioner',
      subjectId: null,
    },
    now,
  );
}

export async function noticePractitionerDecided(
  trx: DbOrTrx,
  practitioner: { id: string; name: string; unitId: string },
  decision: { approved: boolean; reason?: string | null; certificateNo?: string; validUntil?: string },
  now: Date,
): Promise<void> {
  const base: Omit<MessageInput, 'link'> = {
    kind: 'decision',
    title: decision.approved ? `从业人员登记已审核通过：${practitioner.name}` : `从业人员登记被驳回：${practitioner.name}`,
    body: decision.approved
      ? lines(`证书编号 ${decision.certificateNo ?? ''}，有效期至 ${decision.validUntil ?? ''}。`, withComment(decision.reason))
      : lines('请按原因修改后重新提交。', withReason(decision.reason)),
    subjectType: 'practitioner',
    subjectId: practitioner.id,
  };
  await notifyUnit(trx, practitioner.unitId, { ...base, link: `${PRACTITIONER_PAGE}?keyword=${encodeURIComponent(practitioner.name)}` }, now);
  await notifyAccounts(trx, await practitionerAccountIds(trx, practitioner.id), { ...base, link: PRACTITIONER_PAGE }, now);
}

// ---- unit changes -----------------------------------------------------------------------------

export type UnitChangeNoticeStep = 'requested' | 'released' | 'approved' | 'rejected' | 'withdrawn';

const STEP_TITLES: Record<UnitChangeNoticeStep, string> = {
  requested: '新的单位变更申请',
  released: '单位变更已由原单位放行',
  approved: '单位变更已审批通过',
  rejected: '单位变更被驳回',
  withdrawn: '单位变更申请已撤回',
};

export interface UnitChangeNotice {
  id: string;
  practitionerId: string;
  practitionerName: string;
  fromUnitId: string;
  fromUnitName: string;
  toUnitId: string;
  toUnitName: string;
}

/**
 * One step of a unit change, to the practitioner and both units (except the account that took
 * it); a release also puts it before the staff who approve unit changes.
 */
export async function noticeUnitChangeStep(
  trx: DbOrTrx,
  change: UnitChangeNotice,
  step: UnitChangeNoticeStep,
  actorAccountId: string | null,
  comment: string | null | undefined,
  now: Date,
): Promise<void> {
  const route = `${change.practitionerName}：${change.fromUnitName} → ${change.toUnitName}`;
  const next: Record<UnitChangeNoticeStep, string> = {
    requested: '等待原单位放行。',
    released: '等待协会审批。',
    approved: `从业人员及其证书已转入「${change.toUnitName}」。`,
    rejected: '',
    withdrawn: '',
  };
  const recipients = [
    ...(await practitionerAccountIds(trx, change.practitionerId)),
    ...(await unitAccountIds(trx, change.fromUnitId)),
    ...(await unitAccountIds(trx, change.toUnitId)),
  ].filter((id) => id !== actorAccountId);
  const subject = { subjectType: 'unit_change', subjectId: change.id };
  await notifyAccounts(
    trx,
    recipients,
    {
      kind: 'decision',
      title: `${STEP_TITLES[step]}：${change.practitionerName}`,
      body: lines(route, next[step] || null, step === 'rejected' ? withReason(comment) : withComment(comment)),
      link: `${UNIT_CHANGE_PAGE}?keyword=${encodeURIComponent(change.practitionerName)}`,
      ...subject,
    },
    now,
  );
  if (step === 'released') {
    await notifyStaffWith(
      trx,
      'member:unit-change:approve',
      { kind: 'submission', title: `单位变更待审批：${change.practitionerName}`, body: route, link: queueOf('unit_change'), ...subject },
      now,
    );
  }
}

/** The notice's view of a unit change row as the unit-changes module reads it (joined names). */
export function unitChangeNoticeOf(row: {
  id: string;
  practitioner_id: string;
  practitioner_name: string;
  from_unit_id: string;
  from_unit_name: string;
  to_unit_id: string;
  to_unit_name: string;
}): UnitChangeNotice {
  return {
    id: row.id,
    practitionerId: row.practitioner_id,
    practitionerName: row.practitioner_name,
    fromUnitId: row.from_unit_id,
    fromUnitName: row.from_unit_name,
    toUnitId: row.to_unit_id,
    toUnitName: row.to_unit_name,
  };
}
