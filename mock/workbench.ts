/**
 * msw handler for GET /workbench: a staff workbench (with the audit-trail entries only for
 * system:log:view), the member unit fixture's and the practitioner fixture's own ones.
 * `workbenchFixtures` are the answers, for tests to read or change.
 */
import { http, type HttpHandler } from 'msw';
import { AuthType, hasPermission } from '@common/permissions';
import type { OwnWorkbench, StaffWorkbench, Workbench } from '@common/schemas/workbench';
import { FIXTURE_UNIT_NAME } from './fixtures';
import { ALL_KINDS, apiPath, bad, done, guard } from './kit';

const months = Array.from({ length: 12 }, (_, i) => ({ month: `2026-${String(i + 1).padStart(2, '0')}`, units: i === 2 ? 2 : i === 9 ? 1 : 0, practitioners: i < 11 ? i % 4 : 3 }));
/** 2025 had joins in May only; 2024 nothing (the empty state). */
const MONTHS_OF: Record<number, typeof months> = {
  2026: months,
  2025: months.map((m, i) => ({ month: `2025-${m.month.slice(5)}`, units: i === 4 ? 3 : 0, practitioners: i === 4 ? 5 : 0 })),
  2024: months.map((m) => ({ month: `2024-${m.month.slice(5)}`, units: 0, practitioners: 0 })),
};

export const staffFixture: StaffWorkbench = {
  pending: [
    { kind: 'registration', label: '入会申请', count: 1, link: '/Manage/business-audit?kind=registration' },
    { kind: 'info_change', label: '单位信息变更', count: 1, link: '/Manage/business-audit?kind=info_change' },
    { kind: 'unit_change', label: '从业人员单位变更', count: 0, link: '/Manage/business-audit?kind=unit_change' },
    { kind: 'annual_inspection', label: '年检', count: 4, link: '/Manage/business-audit?kind=annual_inspection' },
    { kind: 'project', label: '项目备案', count: 2, link: '/Manage/business-audit?kind=project' },
    { kind: 'case', label: '业绩案例', count: 1, link: '/Manage/business-audit?kind=case' },
    { kind: 'practitioner', label: '从业人员登记', count: 2, link: '/Manage/business-audit?kind=practitioner' },
    { kind: 'pi_deletion', label: '个人信息删除请求', count: 0, link: '/Manage/business-audit?kind=pi_deletion' },
  ],
  pendingTotal: 11,
  totals: {
    units: 6,
    unitsByLevel: [
      { key: 'member', label: '会员单位', count: 3 },
      { key: 'director', label: '理事单位', count: 2 },
      { key: 'president', label: '会长单位', count: 1 },
    ],
    practitioners: 42,
    experts: 18,
    projects: 12,
    projectsByRisk: [
      { key: 'low', label: '低风险', count: 7 },
      { key: 'medium', label: '中风险', count: 4 },
      { key: 'high', label: '高风险', count: 1 },
    ],
  },
  year: 2026,
  years: [2026, 2025, 2024],
  monthly: months,
  projectsByType: [
    { key: 'major_project', label: '重大工程', count: 5 },
    { key: 'major_policy', label: '重大政策', count: 3 },
  ],
  projectsByRiskOfYear: [
    { key: 'low', label: '低风险', count: 5 },
    { key: 'medium', label: '中风险', count: 3 },
  ],
  reviews: {
    awaitingDraw: 1,
    awaitingAnswers: 2,
    awaitingSheets: 1,
    links: { awaitingDraw: '/Manage/expert-review?status=awaiting_draw', awaitingAnswers: '/Manage/expert-review?status=confirming', awaitingSheets: '/Manage/expert-review?status=scoring' },
  },
  notices: { givenUp: 2, failed: 1, link: '/Manage/notice-records?state=given_up' },
  complaints: {
    awaitingAcceptance: 1,
    dueSoon: 1,
    overdue: 0,
    links: { awaitingAcceptance: '/Manage/complaint?status=pending', dueSoon: '/Manage/complaint?due=soon', overdue: '/Manage/complaint?due=overdue' },
  },
  recentLogs: [
    { id: '101', at: '2026-11-20T02:00:00.000Z', actorName: '系统管理员', entity: 'member-unit', action: 'approve', summary: '审核通过会员单位「润和社会治理咨询有限公司」', result: 'success' },
    { id: '100', at: '2026-11-19T02:00:00.000Z', actorName: '系统管理员', entity: 'auth', action: 'login', summary: '登录成功', result: 'success' },
  ],
};

export const unitFixture: OwnWorkbench = {
  name: FIXTURE_UNIT_NAME,
  status: '会员单位',
  todos: [
    { key: 'inspection-not-submitted', label: '2026年度年检未提交（本单位及从业人员）', count: 3, link: '/Manage/annual-inspection-record?status=not_submitted' },
    { key: 'inspection-returned', label: '被退回待修改的年检', count: 0, link: '/Manage/annual-inspection-record?status=returned' },
    { key: 'project-returned', label: '被退回待修改的项目', count: 1, link: '/Manage/project-management?status=returned' },
    { key: 'practitioner-pending', label: '待协会审核的从业人员登记', count: 2, link: '/Manage/employee-management?status=pending' },
  ],
  certificate: { state: 'expiring', number: 'HY2025001', issuedOn: '2025-12-01', validUntil: '2026-11-30', daysLeft: 7 },
  inspection: { year: 2026, deadline: '2026-12-31', open: true, status: 'not_submitted', comment: null },
};

export const practitionerFixture: OwnWorkbench = {
  name: '张明远',
  status: '已登记',
  todos: [{ key: 'inspection-returned', label: '年检被退回，请修改后重新提交', count: 1, link: '/Manage/annual-inspection-record' }],
  certificate: { state: 'valid', number: 'WPRY2024001', issuedOn: '2024-03-01', validUntil: '2027-02-28', daysLeft: 462 },
  inspection: { year: 2026, deadline: '2026-12-31', open: true, status: 'returned', comment: '培训学时证明缺失' },
};

export const workbenchHandlers: HttpHandler[] = [
  http.get(apiPath('/workbench'), ({ request }) => {
    // Staff need workbench:view; a unit and a practitioner see their own.
    const account = guard(request, 'workbench:view', ALL_KINDS);
    if (account instanceof Response) return account;
    const { user } = account;
    let body: Workbench;
    if (user.authType === AuthType.Staff) {
      const year = Number(new URL(request.url).searchParams.get('year')) || staffFixture.year;
      const monthly = MONTHS_OF[year];
      if (!monthly) return bad(`年度不能晚于 ${staffFixture.year} 年`);
      const ofYear = year === staffFixture.year ? {} : { projectsByType: [], projectsByRiskOfYear: [] };
      body = { view: 'staff', staff: {
          ...staffFixture,
          ...ofYear,
          year,
          monthly,
          recentLogs: hasPermission(user, 'system:log:view') ? staffFixture.recentLogs : null,
          reviews: hasPermission(user, 'review:task:view') ? staffFixture.reviews : null,
          notices: hasPermission(user, 'notice:view') ? staffFixture.notices : null,
          complaints: hasPermission(user, 'complaint:view') ? staffFixture.complaints : null,
        }, own: null };
    } else if (user.authType === AuthType.MemberUnit) {
      body = { view: 'unit', staff: null, own: unitFixture };
    } else {
      body = { view: 'practitioner', staff: null, own: practitionerFixture };
    }
    return done(body);
  }),
];
