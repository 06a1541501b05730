/**
 * The association's supervision in the demo data set (./demoData.ts): practitioners' unit
 * changes, filed projects, the 2026 annual inspection and performance cases.
 */
import { wanYuanToFen } from '../domainTypes';
import type {
  CaseStatus,
  DbOrTrx,
  InspectionStatus,
  NewAnnualInspection,
  NewCase,
  NewProject,
  NewUnitChange,
  ProjectStatus,
  UnitChangeStatus,
} from '../types';
import { newAuditColumns as audit } from '../versioned';
import { ts } from './demoHelpers';
import { practitioner, practitionerId } from './demoPractitioners';
import { unitId, unitName } from './demoUnits';

// ---- unit changes --------------------------------------------------------------------

interface UnitChangeSeed {
  n: number;
  practitioner: number;
  from: number;
  to: number;
  reason: string;
  status: UnitChangeStatus;
  rejectReason?: string;
  steps: { step: UnitChangeStatus; actor: string; at: string; comment?: string }[];
}

export const UNIT_CHANGES: UnitChangeSeed[] = [
  {
    n: 1,
    practitioner: 10,
    from: 2,
    to: 1,
    reason: '个人职业发展需要，拟调入正衡公司从事环境类项目稳评工作。',
    status: 'released',
    steps: [
      { step: 'requested', actor: '孙佳慧', at: '2026-11-03 09:30', comment: '已与新单位签订劳动合同。' },
      { step: 'released', actor: '之江社会风险研究院有限公司', at: '2026-11-05 14:10', comment: '同意放行，在研项目已完成交接。' },
    ],
  },
  {
    n: 2,
    practitioner: 22,
    from: 3,
    to: 6,
    reason: '受聘恒信公司技术总监。',
    status: 'approved',
    steps: [
      { step: 'requested', actor: '唐志华', at: '2025-08-04 10:00' },
      { step: 'released', actor: '安和工程咨询有限公司', at: '2025-08-08 16:20', comment: '同意。' },
      { step: 'approved', actor: '协会秘书处', at: '2025-08-20 11:00', comment: '材料齐全，准予变更，证书随人员转移。' },
    ],
  },
  {
    n: 3,
    practitioner: 5,
    from: 1,
    to: 5,
    reason: '拟转入钱塘公共政策研究中心从事政策评估研究。',
    status: 'requested',
    steps: [{ step: 'requested', actor: '刘建国', at: '2026-11-16 15:00', comment: '请原单位审核放行。' }],
  },
  {
    n: 4,
    practitioner: 20,
    from: 5,
    to: 2,
    reason: '拟调入之江社会风险研究院。',
    status: 'rejected',
    rejectReason: '调入单位未提交劳动合同及社保缴纳证明，请补齐材料后重新申请。',
    steps: [
      { step: 'requested', actor: '谢雅琴', at: '2026-05-06 09:20' },
      { step: 'released', actor: '钱塘公共政策研究中心', at: '2026-05-08 10:00' },
      { step: 'rejected', actor: '协会秘书处', at: '2026-05-12 15:30', comment: '调入单位未提交劳动合同及社保缴纳证明，请补齐材料后重新申请。' },
    ],
  },
];

export const unitChangeId = (n: number) => `demo-unit-change-${n}`;

/** Unit changes and their history; the steps have no natural key, so they go in only with a new change. */
export async function seedUnitChanges(db: DbOrTrx): Promise<void> {
  const ids = UNIT_CHANGES.map((c) => unitChangeId(c.n));
  const existing = await db.selectFrom('unit_changes').select('id').where('id', 'in', ids).execute();
  const have = new Set(existing.map((r) => r.id));
  for (const c of UNIT_CHANGES) {
    const id = unitChangeId(c.n);
    if (have.has(id)) continue;
    const first = c.steps[0];
    const last = c.steps[c.steps.length - 1];
    const row: NewUnitChange = {
      id,
      practitioner_id: practitionerId(c.practitioner),
      from_unit_id: unitId(c.from),
      to_unit_id: unitId(c.to),
      reason: c.reason,
      status: c.status,
      reject_reason: c.rejectReason ?? null,
      ...audit(ts(first.at)),
      updated_at: ts(last.at),
    };
    await db.insertInto('unit_changes').values(row).execute();
    await db
      .insertInto('unit_change_steps')
      .values(c.steps.map((s) => ({ unit_change_id: id, step: s.step, actor_id: null, actor_name: s.actor, at: ts(s.at), comment: s.comment ?? null })))
      .execute();
  }
}

// ---- projects ------------------------------------------------------------------------

interface ProjectSeed {
  name: string;
  code: string;
  unit: number;
  client: string;
  type: string;
  region: string;
  investmentWan: number | null;
  leader: number;
  members: [practitioner: number, role: string][];
  start: string;
  end: string | null;
  risk: string | null;
  conclusion: string | null;
  status: ProjectStatus;
  returnReason?: string;
  submitted: string | null;
  filed?: string;
}

export const PROJECTS: ProjectSeed[] = [
  {
    name: '城东新城片区旧城改造项目社会稳定风险评估',
    code: 'ZH-2025-018',
    unit: 1,
    client: '城东新城建设管理委员会',
    type: 'major_project',
    region: '上城区',
    investmentWan: 356000,
    leader: 1,
    members: [[2, '社会调查'], [4, '数据分析'], [5, '规划分析']],
    start: '2025-06-01',
    end: '2025-09-30',
    risk: 'medium',
    conclusion: '项目涉及征收住户一千二百余户，主要风险为补偿安置标准差异和过渡期安置。落实分期征收、就近安置和专项矛盾调处措施后，风险可控，建议实施。',
    status: 'filed',
    submitted: '2025-10-09 10:00',
    filed: '2025-10-20 15:00',
  },
  {
    name: '市第二垃圾焚烧发电厂扩建工程社会稳定风险评估',
    code: 'ZH-2025-027',
    unit: 1,
    client: '市城市管理局',
    type: 'major_project',
    region: '余杭区',
    investmentWan: 128000,
    leader: 5,
    members: [[1, '技术审核'], [3, '法律分析'], [25, '社会调查']],
    start: '2025-08-15',
    end: '2025-11-30',
    risk: 'high',
    conclusion: '项目存在较明显的邻避风险，周边居民对烟气排放和运输扰民关注度高。建议在完善环境信息公开、设立社区监督员、优化运输线路后再行决策。',
    status: 'filed',
    submitted: '2025-12-05 09:30',
    filed: '2025-12-22 16:00',
  },
  {
    name: '地铁5号线二期工程征地拆迁社会稳定风险评估',
    code: 'ZH-2026-006',
    unit: 1,
    client: '市轨道交通集团有限公司',
    type: 'major_project',
    region: '拱墅区、西湖区',
    investmentWan: 862000,
    leader: 1,
    members: [[2, '项目经理'], [3, '法律分析'], [4, '社会调查']],
    start: '2026-06-01',
    end: '2026-10-31',
    risk: 'medium',
    conclusion: '征地拆迁涉及企业十二家、住户三百余户，施工期交通组织影响较大。落实各项措施后风险可控。',
    status: 'submitted',
    submitted: '2026-11-08 14:30',
  },
  {
    name: '城区公交线网优化调整方案社会稳定风险评估',
    code: 'ZH-2026-011',
    unit: 1,
    client: '市交通运输局',
    type: 'major_decision',
    region: '主城区',
    investmentWan: null,
    leader: 2,
    members: [[4, '问卷调查']],
    start: '2026-10-10',
    end: null,
    risk: null,
    conclusion: null,
    status: 'draft',
    submitted: null,
  },
  {
    name: '市区居民阶梯水价调整方案社会稳定风险评估',
    code: 'ZJ-2025-031',
    unit: 2,
    client: '市发展和改革委员会',
    type: 'major_policy',
    region: '市区',
    investmentWan: null,
    leader: 7,
    members: [[8, '社会心态分析'], [9, '经济测算'], [12, '问卷调查']],
    start: '2025-04-01',
    end: '2025-06-15',
    risk: 'medium',
    conclusion: '调价方案对低收入家庭影响较大。建议同步实施低保、特困家庭水费减免，做好听证和政策解读后实施。',
    status: 'filed',
    submitted: '2025-06-25 10:00',
    filed: '2025-07-08 11:00',
  },
  {
    name: '220千伏城北输变电工程社会稳定风险评估',
    code: 'ZJ-2026-004',
    unit: 2,
    client: '国网某市供电公司',
    type: 'major_project',
    region: '临平区',
    investmentWan: 42000,
    leader: 10,
    members: [[11, '工程分析'], [12, '社会调查']],
    start: '2026-03-01',
    end: '2026-05-31',
    risk: 'medium',
    conclusion: '线路经过三个行政村，群众主要担忧电磁辐射和房屋贬值。',
    status: 'returned',
    returnReason: '风险调查样本量不足，未覆盖线路沿线全部村（社区），电磁环境影响的沟通措施不具体，请补充调查后重新提交。',
    submitted: '2026-06-10 09:00',
  },
  {
    name: '2026年城市国际马拉松赛事社会稳定风险评估',
    code: 'ZJ-2026-009',
    unit: 2,
    client: '市体育局',
    type: 'major_event',
    region: '主城区',
    investmentWan: 3500,
    leader: 9,
    members: [[8, '风险沟通']],
    start: '2026-08-01',
    end: '2026-09-15',
    risk: 'low',
    conclusion: '赛事期间交通管制影响市民出行，落实提前公告和绕行引导后风险较低。',
    status: 'filed',
    submitted: '2026-09-20 10:00',
    filed: '2026-09-28 15:00',
  },
  {
    name: '老旧小区加装电梯专项扶持政策社会稳定风险评估',
    code: 'AH-2026-015',
    unit: 3,
    client: '市住房和城乡建设局',
    type: 'major_policy',
    region: '全市',
    investmentWan: 60000,
    leader: 14,
    members: [[15, '政策分析']],
    start: '2026-07-15',
    end: '2026-10-20',
    risk: 'low',
    conclusion: '政策总体受群众欢迎，主要风险在于低层住户利益平衡。建议明确协商规则和补偿指导标准。',
    status: 'submitted',
    submitted: '2026-11-14 16:00',
  },
  {
    name: '城北化工园区有机更新及企业搬迁社会稳定风险评估',
    code: 'AH-2025-022',
    unit: 3,
    client: '城北区人民政府',
    type: 'major_project',
    region: '城北区',
    investmentWan: 215000,
    leader: 13,
    members: [[14, '法律分析'], [15, '规划分析']],
    start: '2025-05-10',
    end: '2025-09-05',
    risk: 'high',
    conclusion: '涉及搬迁企业四十余家、职工三千余人，存在职工安置和企业补偿争议风险。建议分类制定搬迁政策，设立职工安置专项资金。',
    status: 'filed',
    submitted: '2025-09-15 09:00',
    filed: '2025-10-10 10:00',
  },
  {
    name: '农村集体经营性建设用地入市试点方案社会稳定风险评估',
    code: 'ML-2026-002',
    unit: 4,
    client: '市规划和自然资源局',
    type: 'major_decision',
    region: '萧山区',
    investmentWan: null,
    leader: 17,
    members: [[18, '合法性审查']],
    start: '2026-02-20',
    end: '2026-04-30',
    risk: 'medium',
    conclusion: '试点涉及集体收益分配，须确保村民知情权和表决权。建议完善收益分配方案并经村民代表大会表决。',
    status: 'filed',
    submitted: '2026-05-08 10:00',
    filed: '2026-05-20 14:00',
  },
];

export function projects(): { rows: NewProject[]; members: { project_id: string; practitioner_id: string; role: string | null; sort: number }[] } {
  const rows: NewProject[] = [];
  const members: { project_id: string; practitioner_id: string; role: string | null; sort: number }[] = [];
  PROJECTS.forEach((p, i) => {
    const id = `demo-project-${i + 1}`;
    rows.push({
      id,
      name: p.name,
      code: p.code,
      unit_id: unitId(p.unit),
      client: p.client,
      type: p.type,
      region: p.region,
      investment_fen: p.investmentWan === null ? null : wanYuanToFen(p.investmentWan),
      leader_practitioner_id: practitionerId(p.leader),
      start_on: p.start,
      end_on: p.end,
      risk_level: p.risk,
      conclusion: p.conclusion,
      status: p.status,
      return_reason: p.returnReason ?? null,
      submitted_at: p.submitted ? ts(p.submitted) : null,
      filed_at: p.filed ? ts(p.filed) : null,
      ...audit(ts(`${p.start} 09:00`)),
    });
    members.push({ project_id: id, practitioner_id: practitionerId(p.leader), role: '项目负责人', sort: 0 });
    p.members.forEach(([m, role], j) => members.push({ project_id: id, practitioner_id: practitionerId(m), role, sort: j + 1 }));
  });
  return { rows, members };
}

// ---- annual inspection 2026 ----------------------------------------------------------

interface InspectionSeed {
  subject: 'unit' | 'practitioner';
  n: number;
  status: InspectionStatus;
  projects?: number;
  hours?: number;
  report?: string;
  submitted?: string;
  comment?: string;
  reviewed?: string;
}

export const INSPECTIONS: InspectionSeed[] = [
  // demo_unit and demo_practitioner have theirs still to fill in.
  { subject: 'unit', n: 1, status: 'not_submitted' },
  { subject: 'unit', n: 2, status: 'passed', projects: 26, hours: 480, report: '本年度完成稳评项目26项，均按规定备案；组织内部培训6次；未发生投诉。', submitted: '2026-09-28 10:00', comment: '材料齐全，年检合格。', reviewed: '2026-10-12 15:00' },
  { subject: 'unit', n: 3, status: 'submitted', projects: 14, hours: 300, report: '本年度完成稳评项目14项；完善了项目档案管理制度；法定代表人变更已另行申报。', submitted: '2026-11-12 11:00' },
  { subject: 'unit', n: 4, status: 'resubmitted', projects: 6, hours: 120, report: '本年度完成稳评项目6项（已补充项目清单及备案回执）。', submitted: '2026-11-18 09:40' },
  { subject: 'unit', n: 5, status: 'returned', projects: 5, hours: 90, report: '本年度完成政策类稳评项目5项。', submitted: '2026-10-20 14:00', comment: '未附年度财务报表和从业人员培训记录，请补正后重新提交。', reviewed: '2026-10-24 10:30' },
  { subject: 'unit', n: 6, status: 'failed', projects: 0, hours: 16, report: '本年度主要从事项目管理咨询，未承接稳评项目。', submitted: '2026-10-15 16:00', comment: '全年未开展稳评业务且专职人员未按要求参加继续教育，年检不合格，请限期整改。', reviewed: '2026-10-30 11:00' },
  { subject: 'practitioner', n: 1, status: 'not_submitted' },
  { subject: 'practitioner', n: 2, status: 'submitted', projects: 5, hours: 40, report: '参与稳评项目5项，参加协会培训24学时、单位内训16学时。', submitted: '2026-11-15 20:10' },
  { subject: 'practitioner', n: 7, status: 'passed', projects: 9, hours: 60, report: '主持稳评项目9项，参加协会培训并担任授课专家。', submitted: '2026-09-20 09:00', comment: '合格。', reviewed: '2026-10-08 10:00' },
  { subject: 'practitioner', n: 8, status: 'passed', projects: 6, hours: 44, report: '参与稳评项目6项，参加培训44学时。', submitted: '2026-09-22 10:00', comment: '合格。', reviewed: '2026-10-08 10:05' },
  { subject: 'practitioner', n: 9, status: 'returned', projects: 4, hours: 40, report: '参与稳评项目4项。', submitted: '2026-10-10 09:00', comment: '培训学时证明缺失，请上传培训合格证书后重新提交。', reviewed: '2026-10-14 16:00' },
  { subject: 'practitioner', n: 13, status: 'resubmitted', projects: 3, hours: 40, report: '参与稳评项目3项，已补充培训证明。', submitted: '2026-11-17 10:00' },
  { subject: 'practitioner', n: 17, status: 'submitted', projects: 2, hours: 40, report: '主持稳评项目1项、参与1项。', submitted: '2026-11-16 15:00' },
];

export const inspectionId = (s: InspectionSeed) => `demo-inspection-2026-${s.subject}-${s.n}`;

export function inspections(): NewAnnualInspection[] {
  return INSPECTIONS.map((s) => {
    const isUnit = s.subject === 'unit';
    const p = isUnit ? null : practitioner(s.n);
    return {
      id: inspectionId(s),
      year: 2026,
      subject_type: s.subject,
      subject_id: isUnit ? unitId(s.n) : practitionerId(s.n),
      subject_name: isUnit ? unitName(s.n) : (p?.name ?? ''),
      unit_id: unitId(isUnit ? s.n : (p?.unit ?? 0)),
      self_report: s.report ?? null,
      projects_done: s.projects ?? null,
      training_hours: s.hours ?? null,
      status: s.status,
      submitted_at: s.submitted ? ts(s.submitted) : null,
      reviewer_id: null,
      review_comment: s.comment ?? null,
      reviewed_at: s.reviewed ? ts(s.reviewed) : null,
      ...audit(ts('2026-09-15 09:00')),
      updated_at: ts(s.reviewed ?? s.submitted ?? '2026-09-15 09:00'),
    };
  });
}

// ---- cases ---------------------------------------------------------------------------

export const CASES: [unit: number, title: string, type: string, client: string, completed: string, status: CaseStatus, isPublic: boolean, summary: string, rejectReason?: string][] = [
  [1, '城东新城片区旧城改造项目稳评', 'major_project', '城东新城建设管理委员会', '2025-09-30', 'approved', true, '对征收范围内一千二百余户开展入户调查，识别补偿安置、过渡安置等七类风险，提出分期征收和就近安置方案，项目平稳实施，未发生群体性事件。'],
  [1, '市第二垃圾焚烧发电厂扩建工程稳评', 'major_project', '市城市管理局', '2025-11-30', 'approved', true, '针对邻避风险设计了环境信息公开、社区监督员和周边环境提升等措施，评估意见被决策机关采纳。'],
  [2, '市区居民阶梯水价调整方案稳评', 'major_policy', '市发展和改革委员会', '2025-06-15', 'approved', true, '通过三千份问卷和十二场座谈会了解群众意见，建议的低收入家庭减免措施被纳入最终方案。'],
  [3, '老旧小区加装电梯专项扶持政策稳评', 'major_policy', '市住房和城乡建设局', '2026-10-20', 'pending', false, '围绕高低层住户利益平衡开展调查，提出协商议事规则和补偿指导标准建议。'],
  [4, '农村集体经营性建设用地入市试点方案稳评', 'major_decision', '市规划和自然资源局', '2026-04-30', 'approved', false, '从合法性和社会稳定两方面评估试点方案，提出完善集体收益分配方案的建议。'],
  [6, '某产业园区招商推介会风险评估', 'major_event', '某产业园区管委会', '2026-03-15', 'rejected', false, '对推介会安全保障和舆情风险进行了评估。', '该项目属于一般性活动安全评估，不属于社会稳定风险评估业绩，且未提供委托合同及评估报告，不予认定。'],
];

export function cases(): NewCase[] {
  return CASES.map(([unit, title, type, client, completed, status, isPublic, summary, rejectReason], i) => ({
    id: `demo-case-${i + 1}`,
    unit_id: unitId(unit),
    title,
    project_type: type,
    client,
    completed_on: completed,
    summary,
    status,
    public: isPublic ? 1 : 0,
    reject_reason: rejectReason ?? null,
    ...audit(ts(`${completed} 17:00`)),
  }));
}
