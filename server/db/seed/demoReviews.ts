/**
 * The review records of the demo data set (./demoData.ts): registrations, an info change,
 * practitioners, unit changes, annual inspections, projects and cases, each with the state its
 * subject is in.
 */
import type { DomainEntityType, NewReview, ReviewKind, ReviewStatus } from '../types';
import { newAuditColumns as audit } from '../versioned';
import { ts } from './demoHelpers';
import { PRACTITIONERS, practitioner, practitionerId } from './demoPractitioners';
import { CASES, INSPECTIONS, inspectionId, PROJECTS, UNIT_CHANGES, unitChangeId } from './demoSupervision';
import { UNITS, unitId, unitName } from './demoUnits';

export function reviews(): NewReview[] {
  const rows: NewReview[] = [];
  const add = (
    id: string,
    what: ReviewKind,
    subjectType: DomainEntityType,
    subjectId: string,
    subjectName: string,
    unit: string | null,
    submittedBy: string,
    submittedAt: string,
    status: ReviewStatus,
    decided?: { at: string; comment: string },
    payload?: unknown,
  ) =>
    rows.push({
      id,
      what,
      subject_type: subjectType,
      subject_id: subjectId,
      subject_name: subjectName,
      unit_id: unit,
      submitted_by: null,
      submitted_by_name: submittedBy,
      submitted_at: ts(submittedAt),
      status,
      decided_by: null,
      decided_by_name: decided ? '协会秘书处' : null,
      decided_at: decided ? ts(decided.at) : null,
      comment: decided?.comment ?? null,
      payload: payload === undefined ? null : JSON.stringify(payload),
      ...audit(ts(submittedAt)),
      updated_at: ts(decided?.at ?? submittedAt),
    });

  for (const u of UNITS) {
    const decided =
      u.status === 'approved' && u.join
        ? { at: `${u.join} 10:00`, comment: `材料齐全，符合入会条件，同意入会，会员编号 ${u.memberNo ?? ''}。` }
        : u.status === 'rejected'
          ? { at: '2026-10-15 15:00', comment: u.rejectReason ?? '' }
          : undefined;
    const status: ReviewStatus = u.status === 'approved' ? 'approved' : u.status === 'rejected' ? 'rejected' : 'pending';
    add(`demo-review-registration-${u.n}`, 'registration', 'unit', unitId(u.n), u.name, unitId(u.n), u.contact, u.registeredAt, status, decided);
    if (u.pendingChange) {
      add(`demo-review-info-change-${u.n}`, 'info_change', 'unit', unitId(u.n), u.name, unitId(u.n), u.contact, '2026-11-12 10:20', 'pending', undefined, {
        before: { legal_representative: u.legal },
        after: u.pendingChange,
      });
    }
  }

  for (const p of PRACTITIONERS) {
    // A few approvals as history (demo-unit-1's); the pending and rejected ones matter more.
    if (p.status === 'approved' && p.unit === 1 && p.approvedOn) {
      add(`demo-review-practitioner-${p.n}`, 'practitioner', 'practitioner', practitionerId(p.n), p.name, unitId(p.unit), unitName(p.unit), `${p.approvedOn} 09:00`, 'approved', {
        at: `${p.approvedOn} 15:00`,
        comment: '符合登记条件，准予登记并颁发从业证书。',
      });
    } else if (p.status === 'pending') {
      add(`demo-review-practitioner-${p.n}`, 'practitioner', 'practitioner', practitionerId(p.n), p.name, unitId(p.unit), unitName(p.unit), p.n === 6 ? '2026-11-11 09:30' : '2026-11-17 14:20', 'pending');
    } else if (p.status === 'rejected') {
      add(`demo-review-practitioner-${p.n}`, 'practitioner', 'practitioner', practitionerId(p.n), p.name, unitId(p.unit), unitName(p.unit), '2026-03-05 10:00', 'rejected', {
        at: '2026-03-09 16:00',
        comment: p.rejectReason ?? '',
      });
    }
  }

  for (const c of UNIT_CHANGES) {
    // The association decides after the old unit released; a change not yet released is not in its queue.
    if (c.status === 'requested') continue;
    const p = practitioner(c.practitioner);
    const released = c.steps.find((s) => s.step === 'released');
    const decision = c.steps.find((s) => s.step === 'approved' || s.step === 'rejected');
    add(
      `demo-review-unit-change-${c.n}`,
      'unit_change',
      'unit_change',
      unitChangeId(c.n),
      `${p.name}：${unitName(c.from)} → ${unitName(c.to)}`,
      unitId(c.to),
      p.name,
      released?.at ?? c.steps[0].at,
      c.status === 'approved' ? 'approved' : c.status === 'rejected' ? 'rejected' : 'pending',
      decision ? { at: decision.at, comment: decision.comment ?? '' } : undefined,
    );
  }

  for (const s of INSPECTIONS) {
    if (!s.submitted) continue;
    const name = s.subject === 'unit' ? unitName(s.n) : practitioner(s.n).name;
    const unit = unitId(s.subject === 'unit' ? s.n : practitioner(s.n).unit);
    const subjectId = s.subject === 'unit' ? unitId(s.n) : practitionerId(s.n);
    const id = inspectionId(s);
    if (s.status === 'resubmitted') {
      // The earlier return, then the resubmission waiting in the queue.
      add(`demo-review-${id}-1`, 'annual_inspection', 'annual_inspection', id, `2026年度年检：${name}`, unit, name, '2026-10-18 10:00', 'returned', {
        at: '2026-10-22 15:00',
        comment: '项目清单与备案记录不一致，请核对后重新提交。',
      });
      add(`demo-review-${id}-2`, 'annual_inspection', 'annual_inspection', id, `2026年度年检：${name}`, unit, name, s.submitted, 'pending');
      continue;
    }
    const status: ReviewStatus =
      s.status === 'passed' ? 'approved' : s.status === 'failed' ? 'rejected' : s.status === 'returned' ? 'returned' : 'pending';
    add(
      `demo-review-${id}`,
      'annual_inspection',
      'annual_inspection',
      id,
      `2026年度年检：${name}`,
      unit,
      name,
      s.submitted,
      status,
      s.reviewed ? { at: s.reviewed, comment: s.comment ?? '' } : undefined,
      { subjectType: s.subject, subjectId },
    );
  }

  PROJECTS.forEach((p, i) => {
    if (!p.submitted) return;
    const status: ReviewStatus = p.status === 'filed' ? 'approved' : p.status === 'returned' ? 'returned' : 'pending';
    const decided =
      p.status === 'filed' && p.filed
        ? { at: p.filed, comment: '报告要素齐全，予以备案。' }
        : p.status === 'returned'
          ? { at: '2026-06-16 10:00', comment: p.returnReason ?? '' }
          : undefined;
    add(`demo-review-project-${i + 1}`, 'project', 'project', `demo-project-${i + 1}`, p.name, unitId(p.unit), unitName(p.unit), p.submitted, status, decided);
  });

  CASES.forEach(([unit, title, , , completed, status, , , rejectReason], i) => {
    const reviewStatus: ReviewStatus = status === 'approved' ? 'approved' : status === 'rejected' ? 'rejected' : 'pending';
    const submitted = status === 'pending' ? '2026-11-13 15:00' : `${completed} 17:00`;
    const decided =
      status === 'pending' ? undefined : { at: status === 'rejected' ? '2026-03-25 10:00' : `${completed} 17:00`, comment: rejectReason ?? '案例属实，予以认定。' };
    add(`demo-review-case-${i + 1}`, 'case', 'case', `demo-case-${i + 1}`, title, unitId(unit), unitName(unit), submitted, reviewStatus, decided);
  });

  return rows;
}
