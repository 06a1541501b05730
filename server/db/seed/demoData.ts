/**
 * The demo data set (`--demo` / SEED_DEMO=1), so that a first look at the site and the back
 * office is not empty: member units, practitioners, experts, unit changes, articles, notices,
 * carousel items, links, projects, the 2026 annual inspection, cases, certificates and the
 * review records that go with them. All names, codes and numbers are invented; credit codes
 * and ID numbers are computed so that they pass the shared validators (they belong to no one).
 *
 * Idempotent: every row has a fixed id (or a natural key) and is inserted with ON CONFLICT DO
 * NOTHING, so a second run changes nothing and never overwrites what someone edited. The
 * unit-change history (auto-increment ids) is written only together with its new unit change.
 * Called by seedDemo inside its transaction, before the demo accounts that point here.
 *
 * Dates tell one consistent story: units joined in 2024–2025, content was published in
 * 2025–2026, the 2026 annual inspection is open. Timestamps are Beijing time converted to UTC.
 */
import type { FieldCipher } from '../../pii/cipher';
import { encryptPractitionerPii } from '../../pii/fields';
import { ASSOCIATION_NAME } from '@common/association';
import { checkCreditCode, checkIdCardNo } from '@common/validators';
import { wanYuanToFen } from '../domainTypes';
import type {
  ArticleCategory,
  CaseStatus,
  CertificateKind,
  CertificateStatus,
  DbOrTrx,
  DomainEntityType,
  InspectionStatus,
  MemberUnitStatus,
  NewAnnualInspection,
  NewArticle,
  NewCase,
  NewCertificate,
  NewExpert,
  NewMemberUnit,
  NewNotice,
  NewPractitioner,
  NewProject,
  NewReview,
  NewUnitChange,
  PendingUnitChange,
  PractitionerStatus,
  ProjectStatus,
  PublishStatus,
  ReviewKind,
  ReviewStatus,
  UnitChangeStatus,
} from '../types';
import { newAuditColumns as audit } from '../versioned';

// ---- helpers ------------------------------------------------------------------------------

/** '2026-03-12 10:30' (Beijing time) → ISO UTC text. */
const ts = (local: string): string => new Date(`${local.replace(' ', 'T')}:00+08:00`).toISOString();

const html = (...paragraphs: string[]): string =>
  paragraphs.map((t) => (t.startsWith('<') ? t : `<p>${t}</p>`)).join('\n');

const CREDIT_CODE_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const ORG_CODE_CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const ORG_CODE_WEIGHTS = [3, 7, 9, 10, 5, 8, 4, 2];

/** GB 11714 check character of an 8-character organisation code body (positions 9–17 of a credit code). */
function orgCodeCheck(body: string): string {
  const sum = [...body].reduce((s, ch, i) => s + ORG_CODE_CHARS.indexOf(ch) * ORG_CODE_WEIGHTS[i], 0);
  const c = 11 - (sum % 11);
  return c === 10 ? 'X' : c === 11 ? '0' : String(c);
}

/**
 * A unified social credit code: authority+type (e.g. '91' enterprise, '31' law firm, '52' private
 * non-enterprise unit), a 6-digit region, an organisation code body; the GB 32100 check character
 * is the one character the shared validator accepts, so seed and validator cannot disagree.
 */
export function makeCreditCode(kind: string, region: string, orgBody: string): string {
  const first17 = `${kind}${region}${orgBody}${orgCodeCheck(orgBody)}`;
  const check = [...CREDIT_CODE_CHARS].find((c) => checkCreditCode(first17 + c) === undefined);
  if (first17.length !== 17 || !check) throw new Error(`演示数据：无法生成统一社会信用代码 ${first17}`);
  return first17 + check;
}

/** An 18-digit ID number: region, birth date, a sequence whose last digit is odd for men, the GB 11643 check. */
export function makeIdCardNo(region: string, birth: string, seq: number, male: boolean): string {
  const s = seq * 2 + (male ? 1 : 0);
  const first17 = `${region}${birth}${String(s % 1000).padStart(3, '0')}`;
  const check = [...'0123456789X'].find((c) => checkIdCardNo(first17 + c) === undefined);
  if (first17.length !== 17 || !check) throw new Error(`演示数据：无法生成身份证号码 ${first17}`);
  return first17 + check;
}

const addYears = (date: string, years: number): string => `${Number(date.slice(0, 4)) + years}${date.slice(4)}`;

// ---- member units -------------------------------------------------------------------------

interface UnitSeed {
  n: number;
  name: string;
  code: [kind: string, region: string, orgBody: string];
  legal: string;
  contact: string;
  phone: string;
  email: string;
  address: string;
  established: string;
  capitalWan: number | null;
  staff: number;
  level: string | null;
  memberNo: string | null;
  join: string | null;
  validUntil: string | null;
  status: MemberUnitStatus;
  rejectReason?: string;
  registeredAt: string;
  scope: string;
  intro: string;
  pendingChange?: PendingUnitChange;
}

const UNITS: UnitSeed[] = [
  {
    n: 1,
    name: '正衡社会稳定风险评估咨询有限公司',
    code: ['91', '330106', 'MA2CJ7K1'],
    legal: '张正衡',
    contact: '李婉清',
    phone: '0571-87061234',
    email: 'office@zhengheng-demo.cn',
    address: '西湖区文三路 398 号东信大厦 9 层',
    established: '2016-08-23',
    capitalWan: 500,
    staff: 36,
    level: 'vice_president',
    memberNo: 'HY2024002',
    join: '2024-04-10',
    validUntil: '2027-04-30',
    status: 'approved',
    registeredAt: '2024-03-28 09:40',
    scope: '社会稳定风险评估；社会调查服务；政策研究咨询；工程咨询；信息技术咨询服务。',
    intro:
      '公司专注重大工程、重大决策社会稳定风险评估，拥有社会学、法学、城市规划、统计学等专业人员三十余名，近三年完成各类稳评项目一百二十余项，建立了完整的质量控制和档案管理制度。',
  },
  {
    n: 2,
    name: '之江社会风险研究院有限公司',
    code: ['91', '330102', 'MA28XN5P'],
    legal: '周立伟',
    contact: '吴晓燕',
    phone: '0571-86012345',
    email: 'contact@zhijiang-risk-demo.cn',
    address: '上城区解放东路 58 号财富金融中心西楼 21 层',
    established: '2013-05-16',
    capitalWan: 1000,
    staff: 52,
    level: 'president',
    memberNo: 'HY2024001',
    join: '2024-03-15',
    validUntil: '2027-03-31',
    status: 'approved',
    registeredAt: '2024-03-01 10:15',
    scope: '社会稳定风险评估；社会科学研究；公共政策评估；舆情分析；会议及展览服务。',
    intro:
      '研究院由高校社会学、心理学团队发起设立，长期承担市、区两级重大行政决策的风险评估和第三方评价工作，是本市较早从事稳评的专业机构之一，现为协会会长单位。',
  },
  {
    n: 3,
    name: '安和工程咨询有限公司',
    code: ['91', '330108', '73620481'],
    legal: '朱永强',
    contact: '何丽娟',
    phone: '0571-86695678',
    email: 'anhe@anhe-demo.cn',
    address: '滨江区江南大道 3850 号创新大厦 15 层',
    established: '2002-01-09',
    capitalWan: 2000,
    staff: 88,
    level: 'executive_director',
    memberNo: 'HY2024003',
    join: '2024-05-06',
    validUntil: '2027-05-31',
    status: 'approved',
    registeredAt: '2024-04-20 14:05',
    scope: '工程咨询；工程造价咨询；项目管理；社会稳定风险评估；节能评估。',
    intro:
      '公司具有工程咨询甲级资信，在交通、市政、能源等重大工程领域积累了丰富的前期咨询经验，设有社会稳定风险评估事业部，擅长征地拆迁类项目的风险调查与化解方案设计。',
    // A change of legal representative waiting for review: the approved name stays live.
    pendingChange: { legal_representative: '何建平' },
  },
  {
    n: 4,
    name: '明理律师事务所',
    code: ['31', '330000', '47021863'],
    legal: '罗志刚',
    contact: '梁诗琪',
    phone: '0571-85123456',
    email: 'lawyer@mingli-law-demo.cn',
    address: '拱墅区环城北路 208 号坤和中心 26 层',
    established: '2008-10-20',
    capitalWan: 100,
    staff: 24,
    level: 'director',
    memberNo: 'HY2024004',
    join: '2024-06-18',
    validUntil: '2027-06-30',
    status: 'approved',
    registeredAt: '2024-06-03 16:30',
    scope: '法律顾问；诉讼与非诉讼法律服务；重大决策合法性审查；社会稳定风险评估。',
    intro:
      '律所以行政法和土地房产法律业务见长，为多个区县政府担任法律顾问，在重大决策合法性审查和征收补偿类项目风险评估中形成了法律风险与社会风险并重的评估方法。',
  },
  {
    n: 5,
    name: '钱塘公共政策研究中心',
    code: ['52', '330100', 'MA2H3K7Q'],
    legal: '谢雅琴',
    contact: '韩磊',
    phone: '0571-88201357',
    email: 'qtpolicy@qiantang-demo.org.cn',
    address: '钱塘区学源街 1158 号科创中心 3 号楼 5 层',
    established: '2018-04-12',
    capitalWan: 50,
    staff: 15,
    level: 'director',
    memberNo: 'HY2025001',
    join: '2025-03-05',
    validUntil: '2028-03-31',
    status: 'approved',
    registeredAt: '2025-02-18 11:20',
    scope: '公共政策研究；社会调查；社会稳定风险评估；决策咨询服务（非营利）。',
    intro:
      '中心是经民政部门登记的民办非企业单位，聚焦民生政策、价格调整和社会治理创新领域的政策评估，为重大政策出台前的社会稳定风险评估提供调查与研究支持。',
  },
  {
    n: 6,
    name: '恒信项目管理咨询有限公司',
    code: ['91', '330110', 'MA27WQ4D'],
    legal: '唐志华',
    contact: '冯晓丽',
    phone: '0571-89012468',
    email: 'hengxin@hengxin-demo.cn',
    address: '余杭区文一西路 1500 号未来科技城 6 号楼 8 层',
    established: '2019-11-28',
    capitalWan: 300,
    staff: 12,
    level: 'member',
    memberNo: 'HY2025002',
    join: '2025-05-16',
    validUntil: '2028-05-31',
    status: 'approved',
    registeredAt: '2025-04-28 09:05',
    scope: '项目管理咨询；工程咨询；社会稳定风险评估；企业管理咨询。',
    intro: '公司主要服务于区县城市更新和产业园区建设项目，提供项目前期咨询和社会稳定风险评估服务。',
  },
  {
    n: 7,
    name: '润和社会治理咨询有限公司',
    code: ['91', '330105', 'MA2KLR8U'],
    legal: '沈润和',
    contact: '沈佳',
    phone: '13757112468',
    email: 'runhe@runhe-demo.cn',
    address: '拱墅区莫干山路 972 号北部软件园 2 号楼 4 层',
    established: '2021-06-07',
    capitalWan: 200,
    staff: 9,
    level: null,
    memberNo: null,
    join: null,
    validUntil: null,
    status: 'pending',
    registeredAt: '2026-11-10 15:42',
    scope: '社会治理咨询；社会稳定风险评估；社会调查；信访矛盾调处咨询服务。',
    intro: '公司致力于基层社会治理和矛盾纠纷多元化解研究，申请加入协会以规范开展社会稳定风险评估业务。',
  },
  {
    n: 8,
    name: '启明信息咨询服务部',
    code: ['92', '330109', 'MA2E6B1T'],
    legal: '钱启明',
    contact: '钱启明',
    phone: '13605718899',
    email: 'qiming@qiming-demo.cn',
    address: '萧山区人民路 266 号 302 室',
    established: '2022-03-15',
    capitalWan: null,
    staff: 2,
    level: null,
    memberNo: null,
    join: null,
    validUntil: null,
    status: 'rejected',
    rejectReason: '营业执照经营范围不含社会稳定风险评估相关内容，专职人员不足 3 人且未提交业绩案例，请补充材料后重新申请。',
    registeredAt: '2026-10-08 10:12',
    scope: '信息咨询服务；市场调查；企业形象策划。',
    intro: '个体工商户，主要从事信息咨询和市场调查。',
  },
];

/** demo-unit-1 is demo_unit's unit (DEMO_UNIT_ID in ./demo.ts). */
const unitId = (n: number) => `demo-unit-${n}`;
const unitName = (n: number): string => UNITS.find((u) => u.n === n)?.name ?? '';

function memberUnits(): NewMemberUnit[] {
  return UNITS.map((u) => ({
    id: unitId(u.n),
    name: u.name,
    credit_code: makeCreditCode(...u.code),
    legal_representative: u.legal,
    contact_person: u.contact,
    contact_phone: u.phone,
    email: u.email,
    address: u.address,
    established_on: u.established,
    registered_capital_fen: u.capitalWan === null ? null : wanYuanToFen(u.capitalWan),
    staff_count: u.staff,
    member_level: u.level,
    member_no: u.memberNo,
    join_date: u.join,
    valid_until: u.validUntil,
    business_scope: u.scope,
    introduction: u.intro,
    logo_file_id: null,
    show_in_window: u.status === 'approved' ? 1 : 0,
    status: u.status,
    reject_reason: u.rejectReason ?? null,
    pending_change: u.pendingChange ? JSON.stringify(u.pendingChange) : null,
    pending_change_at: u.pendingChange ? ts('2026-11-12 10:20') : null,
    ...audit(ts(u.registeredAt)),
    updated_at: u.pendingChange ? ts('2026-11-12 10:20') : ts(u.join ? `${u.join} 10:00` : u.registeredAt),
  }));
}

// ---- practitioners ------------------------------------------------------------------------

interface PractitionerSeed {
  n: number;
  name: string;
  male: boolean;
  region: string;
  birth: string;
  education: string;
  major: string;
  title: string;
  position: string;
  unit: number;
  entry: string;
  status: PractitionerStatus;
  /** Certificate issue date for those approved at some point. */
  approvedOn: string | null;
  validUntil?: string;
  hours: number;
  rejectReason?: string;
  leftOn?: string;
}

const P = (
  n: number,
  name: string,
  gender: 'm' | 'f',
  region: string,
  birth: string,
  education: string,
  major: string,
  title: string,
  position: string,
  unit: number,
  entry: string,
  status: PractitionerStatus,
  approvedOn: string | null,
  hours: number,
  extra: Partial<PractitionerSeed> = {},
): PractitionerSeed => ({ n, name, male: gender === 'm', region, birth, education, major, title, position, unit, entry, status, approvedOn, hours, ...extra });

const PRACTITIONERS: PractitionerSeed[] = [
  P(1, '张明远', 'm', '330106', '19850312', 'master', '社会学', 'vice_senior', '技术负责人', 1, '2019-03-01', 'approved', '2024-04-15', 48),
  P(2, '李婉清', 'f', '330102', '19900718', 'master', '公共管理', 'intermediate', '项目经理', 1, '2020-07-06', 'approved', '2024-04-15', 40),
  P(3, '王浩然', 'm', '330108', '19920905', 'bachelor', '法学', 'intermediate', '评估师', 1, '2021-02-20', 'approved', '2024-06-20', 36),
  P(4, '陈静怡', 'f', '330110', '19950123', 'bachelor', '统计学', 'junior', '调查员', 1, '2022-07-01', 'approved', '2025-03-10', 32),
  P(5, '刘建国', 'm', '340104', '19780630', 'bachelor', '城市规划', 'senior', '总工程师', 1, '2018-05-10', 'approved', '2024-04-15', 56),
  P(6, '赵雨桐', 'f', '330105', '19980411', 'bachelor', '社会工作', 'none', '调查员', 1, '2025-09-01', 'pending', null, 8),
  P(7, '周立伟', 'm', '330106', '19720914', 'doctor', '社会学', 'senior', '院长', 2, '2015-01-05', 'approved', '2024-03-20', 60),
  P(8, '吴晓燕', 'f', '330102', '19830227', 'master', '心理学', 'vice_senior', '研究部主任', 2, '2016-08-15', 'approved', '2024-03-20', 44),
  P(9, '郑凯', 'm', '330182', '19880519', 'master', '经济学', 'intermediate', '高级研究员', 2, '2018-09-01', 'approved', '2024-03-20', 40),
  P(10, '孙佳慧', 'f', '330381', '19910808', 'master', '环境科学', 'intermediate', '研究员', 2, '2019-07-01', 'approved', '2024-03-20', 36),
  P(11, '马骏', 'm', '330108', '19870112', 'bachelor', '土木工程', 'intermediate', '项目经理', 2, '2017-03-15', 'approved', '2024-05-08', 32),
  P(12, '胡雪', 'f', '330110', '19960304', 'master', '社会学', 'junior', '助理研究员', 2, '2023-07-10', 'approved', '2025-04-18', 28),
  P(13, '朱永强', 'm', '360102', '19750822', 'bachelor', '工程管理', 'senior', '总经理', 3, '2012-06-01', 'approved', '2024-05-08', 40),
  P(14, '何丽娟', 'f', '330105', '19861116', 'bachelor', '法学', 'intermediate', '法务主管', 3, '2016-04-01', 'approved', '2024-05-08', 36),
  P(15, '高翔', 'm', '330106', '19930629', 'master', '城乡规划', 'intermediate', '评估师', 3, '2020-10-12', 'approved', '2024-05-08', 24),
  P(16, '林晨', 'm', '330102', '19970215', 'college', '市场营销', 'none', '业务员', 3, '2024-03-01', 'rejected', null, 0, {
    rejectReason: '所学专业与稳评工作关联度低，且未提交社会稳定风险评估岗位培训合格证明，请补充后重新提交。',
  }),
  P(17, '罗志刚', 'm', '410105', '19700406', 'master', '法学', 'senior', '主任律师', 4, '2010-09-01', 'approved', '2024-06-20', 40),
  P(18, '梁诗琪', 'f', '330108', '19890930', 'master', '法学', 'intermediate', '律师', 4, '2015-07-01', 'approved', '2024-06-20', 36),
  // Missed the 2025 inspection: the certificate was not extended and has expired.
  P(19, '宋文博', 'm', '330110', '19840717', 'bachelor', '行政管理', 'intermediate', '律师助理', 4, '2018-02-26', 'approved', '2024-06-20', 12, {
    validUntil: '2026-06-30',
  }),
  P(20, '谢雅琴', 'f', '330106', '19820524', 'doctor', '公共政策', 'vice_senior', '研究中心主任', 5, '2014-05-05', 'approved', '2025-03-10', 44),
  P(21, '韩磊', 'm', '330182', '19940111', 'master', '社会学', 'junior', '研究助理', 5, '2021-08-16', 'approved', '2025-03-10', 24),
  // Moved from unit 3 to unit 6 in 2025 (unit change demo-unit-change-2); the certificate moved with him.
  P(22, '唐志华', 'm', '330105', '19800303', 'bachelor', '工程管理', 'vice_senior', '技术总监', 6, '2025-08-20', 'approved', '2024-05-08', 48),
  P(23, '冯晓丽', 'f', '330102', '19920620', 'bachelor', '社会学', 'junior', '调查员', 6, '2022-04-06', 'approved', '2025-05-20', 20),
  P(24, '许博文', 'm', '330108', '19990808', 'bachelor', '法学', 'none', '项目助理', 2, '2025-10-08', 'pending', null, 0),
  P(25, '邓秀英', 'f', '330110', '19880228', 'bachelor', '社会工作', 'intermediate', '项目经理', 1, '2017-04-01', 'left', '2024-04-15', 32, {
    leftOn: '2025-12-31',
  }),
];

/** demo-practitioner-1 is demo_practitioner's record (DEMO_PRACTITIONER_ID in ./demo.ts). */
const practitionerId = (n: number) => `demo-practitioner-${n}`;
const practitioner = (n: number): PractitionerSeed => {
  const p = PRACTITIONERS.find((x) => x.n === n);
  if (!p) throw new Error(`演示数据：没有从业人员 ${n}`);
  return p;
};
const certificateNo = (p: PractitionerSeed): string | null =>
  p.approvedOn ? `WPRY${p.approvedOn.slice(0, 4)}${String(p.n).padStart(3, '0')}` : null;
/** Extended to the end of 2027 by the 2025 inspection, unless the seed says otherwise. */
const certificateValidUntil = (p: PractitionerSeed): string | null => (p.approvedOn ? (p.validUntil ?? '2027-12-31') : null);

function practitioners(pii: FieldCipher): NewPractitioner[] {
  return PRACTITIONERS.map((p) => {
    const created = ts(`${p.approvedOn ?? (p.entry > '2025-01-01' ? p.entry : '2024-03-01')} 09:00`);
    return {
      id: practitionerId(p.n),
      name: p.name,
      gender: p.male ? 'male' : 'female',
      ...encryptPractitionerPii(pii, {
        idCardNo: makeIdCardNo(p.region, p.birth, p.n, p.male),
        phone: `1385710${String(2000 + p.n * 37).padStart(4, '0')}`,
      }),
      email: null,
      education: p.education,
      major: p.major,
      professional_title: p.title,
      position: p.position,
      unit_id: unitId(p.unit),
      entry_date: p.entry,
      photo_file_id: null,
      training_hours: p.hours,
      certificate_no: p.status === 'approved' || p.status === 'left' ? certificateNo(p) : null,
      certificate_valid_until: p.status === 'approved' ? certificateValidUntil(p) : null,
      status: p.status,
      reject_reason: p.rejectReason ?? null,
      left_on: p.leftOn ?? null,
      ...audit(created),
    };
  });
}

// ---- experts ------------------------------------------------------------------------------

const EXPERTS: [name: string, male: boolean, birth: number, title: string, workUnit: string, position: string, specialties: string[], intro: string][] = [
  ['陈守仁', true, 1962, 'senior', '市委党校（市行政学院）', '教授', ['sociology', 'management'], '长期从事基层社会治理和群体性事件预防研究，主持省部级课题多项，参与起草本市重大决策社会稳定风险评估实施办法。'],
  ['林慧敏', false, 1971, 'senior', '市社会科学院', '研究员、社会学所所长', ['sociology', 'psychology'], '研究方向为社会心态与公众参与，擅长大样本民意调查设计与分析，担任多项重大工程稳评报告评审组组长。'],
  ['黄振宇', true, 1968, 'senior', '某政法大学行政法学院', '教授、博士生导师', ['law'], '行政法学专家，研究领域为行政决策程序与征收补偿法律制度，兼任市政府法律顾问。'],
  ['徐国平', true, 1965, 'senior', '市规划设计研究院', '教授级高级工程师、总规划师', ['urban_planning', 'construction'], '从事城市规划和城市更新工作三十余年，主持编制多个片区控制性详细规划，熟悉旧城改造中的公众参与机制。'],
  ['潘晓岚', false, 1976, 'vice_senior', '市生态环境科学研究院', '高级工程师', ['environment'], '长期从事建设项目环境影响评价和环境风险评估，对邻避类项目的环境风险沟通有丰富经验。'],
  ['蒋立新', true, 1969, 'senior', '市安全生产科学研究院', '教授级高级工程师', ['work_safety', 'construction'], '注册安全工程师，专长危险化学品、城市燃气和大型活动安全风险评估。'],
  ['方婷', false, 1980, 'vice_senior', '某大学心理学系', '副教授、国家二级心理咨询师', ['psychology'], '研究社会心理与风险感知，参与多起重大项目群众情绪疏导和矛盾化解工作。'],
  ['钟志强', true, 1973, 'senior', '某财经大学经济学院', '教授', ['economics'], '研究方向为公共财政与价格政策，多次参与水、电、气等公共事业价格调整方案的论证。'],
  ['叶青', false, 1978, 'vice_senior', '市律师协会', '一级律师、行政法专业委员会主任', ['law'], '执业二十年，代理大量征地拆迁、行政复议案件，熟悉矛盾纠纷的法律化解途径。'],
  ['郭建华', true, 1964, 'senior', '市建设工程质量安全监督总站（退休）', '教授级高级工程师', ['construction', 'work_safety'], '原站总工程师，参与市内多条地铁线路和快速路工程建设管理，熟悉重大工程施工期扰民问题的防控。'],
  ['曹文静', false, 1983, 'vice_senior', '某大学公共管理学院', '副教授', ['management', 'sociology'], '研究政府绩效评估和社会治理创新，主持“数字化稳评”相关研究课题。'],
  ['彭海涛', true, 1975, 'vice_senior', '市信访局（挂职专家）', '副研究员', ['management', 'law'], '长期从事信访工作研究，对重点领域矛盾纠纷的成因与化解有深入调研。'],
  ['邱雪梅', false, 1970, 'senior', '市城市规划展览馆', '研究馆员', ['urban_planning'], '从事城市规划公众参与与公示工作，擅长规划方案的公众沟通。'],
  // Not shown publicly: a new expert whose profile is being completed.
  ['魏东升', true, 1986, 'intermediate', '市社会科学院', '助理研究员', ['economics', 'sociology'], '研究方向为区域经济与社会发展评价。'],
  // No longer active: kept for the history of the reviews he signed.
  ['谭伯年', true, 1955, 'senior', '某大学社会学系（退休）', '教授', ['sociology'], '社会学教授，曾任协会专家委员会副主任委员，现已退休。'],
];

function experts(): { rows: NewExpert[]; specialties: { expert_id: string; specialty: string }[] } {
  const rows: NewExpert[] = [];
  const specialties: { expert_id: string; specialty: string }[] = [];
  EXPERTS.forEach(([name, male, birth, title, workUnit, position, specs, intro], i) => {
    const id = `demo-expert-${i + 1}`;
    rows.push({
      id,
      name,
      gender: male ? 'male' : 'female',
      birth_year: birth,
      professional_title: title,
      work_unit: workUnit,
      position,
      phone: `1390571${String(3100 + i * 53).padStart(4, '0')}`,
      email: null,
      introduction: intro,
      photo_file_id: null,
      public: i === 13 ? 0 : 1,
      active: i === 14 ? 0 : 1,
      sort: (i + 1) * 10,
      ...audit(ts('2025-03-01 09:00')),
    });
    for (const specialty of specs) specialties.push({ expert_id: id, specialty });
  });
  return { rows, specialties };
}

// ---- unit changes -------------------------------------------------------------------------

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

const UNIT_CHANGES: UnitChangeSeed[] = [
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

const unitChangeId = (n: number) => `demo-unit-change-${n}`;

// ---- articles -----------------------------------------------------------------------------

interface ArticleSeed {
  category: ArticleCategory;
  title: string;
  publish: string | null;
  status?: PublishStatus;
  pinned?: boolean;
  author: string;
  source: string;
  views: number;
  summary: string;
  body: string[];
}

const ASSOCIATION = ASSOCIATION_NAME;

const ARTICLES: ArticleSeed[] = [
  // --- 协会工作 ---
  {
    category: 'work',
    title: '协会召开2026年度会员代表大会暨三届二次理事会',
    publish: '2026-01-16 16:30',
    pinned: true,
    author: '协会秘书处',
    source: ASSOCIATION,
    views: 486,
    summary: '会议审议通过了协会2025年度工作报告和财务报告，部署了2026年重点工作任务。',
    body: [
      '1月16日，协会2026年度会员代表大会暨三届二次理事会在市民中心召开。市委政法委、市民政局有关负责同志到会指导，全体会员单位代表及特邀专家共一百二十余人参加会议。',
      '会议审议通过了《协会2025年度工作报告》《2025年度财务收支情况报告》和《会员单位行业自律公约（修订稿）》。报告指出，2025年协会新增会员单位六家，登记从业人员较上年增长百分之十八；组织业务培训四期、累计培训九百余人次；完成稳评项目备案二百三十余项，开展报告质量抽查两轮。',
      '<h3>2026年重点工作</h3>',
      '会议明确，2026年协会将重点做好四方面工作：一是完善从业人员继续教育制度，推行培训学时与年检挂钩；二是扩充专家库，建立专家分类评审机制；三是推进稳评项目线上备案和年度检查线上办理；四是开展优秀稳评案例评选，发挥示范引领作用。',
      '会长单位代表在讲话中表示，稳评工作事关群众切身利益和社会大局稳定，全体会员单位要坚守客观公正底线，以高质量评估服务科学决策。',
    ],
  },
  {
    category: 'work',
    title: '协会举办2026年第一期社会稳定风险评估从业人员业务培训班',
    publish: '2026-03-20 17:00',
    author: '培训评价部',
    source: ASSOCIATION,
    views: 352,
    summary: '来自四十余家单位的一百五十名从业人员参加培训，课程涵盖政策法规、调查方法和报告编制。',
    body: [
      '3月18日至20日，协会在市委党校举办2026年第一期社会稳定风险评估从业人员业务培训班，来自会员单位及有关部门的一百五十名学员参加培训。',
      '本期培训围绕“规范程序、提升质量”主题，邀请专家库成员和资深从业人员授课，内容包括重大行政决策程序有关规定解读、风险调查的抽样与问卷设计、座谈走访的组织技巧、风险等级判定方法以及稳评报告常见问题分析。',
      '培训采取专题讲授、案例研讨和分组演练相结合的方式。学员分组对一个旧城改造项目开展模拟评估，现场完成风险识别清单和化解措施设计，由专家逐组点评。',
      '培训结束后进行了闭卷考核，合格学员计入继续教育学时二十四学时，作为年度检查的依据之一。',
    ],
  },
  {
    category: 'work',
    title: '协会启动2026年度会员单位及从业人员年度检查工作',
    publish: '2026-09-15 10:00',
    author: '会员服务部',
    source: ASSOCIATION,
    views: 298,
    summary: '年度检查实行线上填报，截止时间为2026年12月31日。',
    body: [
      '根据《协会章程》和会员管理办法，协会于9月15日正式启动2026年度年度检查工作，对全体会员单位和持证从业人员开展年检。',
      '本年度年检全面实行线上办理。会员单位登录会员单位子系统，填报年度自查报告、全年完成稳评项目数量并上传相关材料；从业人员登录个人账号填报参加培训学时和参与项目情况。',
      '协会将对填报材料进行审核，必要时开展实地核查。年检合格的，从业证书有效期相应延续；材料不全的，退回补正；存在严重违规行为的，年检不合格并按规定处理。',
      '请各单位高度重视，于2026年12月31日前完成填报。办理中如有疑问，请与协会会员服务部联系。',
    ],
  },
  {
    category: 'work',
    title: '协会组织开展稳评报告质量专项抽查',
    publish: '2026-06-10 15:20',
    author: '专家工作部',
    source: ASSOCIATION,
    views: 267,
    summary: '从备案项目中随机抽取三十份稳评报告，由专家组对照评审要点逐项打分。',
    body: [
      '为进一步提高社会稳定风险评估报告编制质量，协会于5月下旬至6月上旬组织开展稳评报告质量专项抽查。',
      '本次抽查从2025年下半年以来备案的项目中随机抽取报告三十份，涵盖重大工程、重大决策和重大政策三类项目。专家组对照评估程序合规性、调查充分性、风险识别准确性、措施可行性和结论明确性五个方面逐项评分。',
      '抽查结果显示，大部分报告程序规范、结论明确，但也存在部分报告调查样本代表性不足、风险化解措施针对性不强、对评估主体提出的建议过于笼统等问题。',
      '协会已向相关单位反馈抽查意见，并将在下期培训中安排专题讲评，抽查结果纳入会员单位年度检查参考。',
    ],
  },
  {
    category: 'work',
    title: '协会专家委员会召开重大项目稳评报告评审会',
    publish: '2025-11-18 18:00',
    author: '专家工作部',
    source: ASSOCIATION,
    views: 214,
    summary: '专家组对三个重大工程项目的稳评报告进行了评审，提出修改意见二十余条。',
    body: [
      '11月17日，协会专家委员会召开重大项目社会稳定风险评估报告评审会，对市第二垃圾焚烧发电厂扩建工程等三个项目的稳评报告进行评审。',
      '评审会上，评估单位分别汇报了项目概况、风险调查过程、主要风险因素及防范化解措施。与会专家从法律、环境、城市规划、社会心理等角度进行了质询和讨论。',
      '专家组认为，三份报告总体符合评估规范要求，但在邻避效应的风险沟通、征迁补偿标准的横向比较等方面还需深化，共提出修改意见二十余条。评估单位将根据意见修改完善后提交评估主体。',
    ],
  },
  {
    category: 'work',
    title: '关于开展2026年度优秀稳评案例评选活动的工作方案（征求意见稿）',
    publish: null,
    status: 'draft',
    author: '协会秘书处',
    source: ASSOCIATION,
    views: 0,
    summary: '拟在会员单位中评选优秀稳评案例十个，征求意见稿内部讨论中。',
    body: [
      '为总结推广社会稳定风险评估工作的好经验、好做法，协会拟开展2026年度优秀稳评案例评选活动。',
      '评选范围为会员单位2025年1月1日至2026年10月31日期间完成并备案的稳评项目。评选程序包括单位申报、形式审查、专家评审和结果公示四个阶段。',
      '（征求意见稿，请各部门于月底前反馈意见。）',
    ],
  },
  // --- 协会新闻 ---
  {
    category: 'news',
    title: '协会与市委党校签订稳评人才培养合作协议',
    publish: '2025-12-09 11:00',
    author: '协会秘书处',
    source: ASSOCIATION,
    views: 188,
    summary: '双方将在课程开发、师资共享和实践教学等方面开展合作。',
    body: [
      '12月8日，协会与市委党校（市行政学院）签订社会稳定风险评估人才培养合作协议。',
      '根据协议，双方将共同开发稳评从业人员培训课程体系，建立师资库共享机制，党校将在领导干部专题班中增设稳评实务课程，协会会员单位为党校学员提供实践教学基地。',
      '双方表示，将以此次合作为契机，推动稳评理论研究与实务工作深度融合，为全市提升重大决策风险防控能力提供人才支撑。',
    ],
  },
  {
    category: 'news',
    title: '协会党支部开展“学习新时代枫桥经验”主题党日活动',
    publish: '2026-04-22 16:00',
    author: '综合办公室',
    source: ASSOCIATION,
    views: 143,
    summary: '党员赴基层矛盾纠纷调处化解中心参观学习。',
    body: [
      '4月21日，协会党支部组织党员和会员单位代表赴区社会矛盾纠纷调处化解中心开展主题党日活动。',
      '大家参观了中心的受理大厅、调解室和数字化指挥平台，听取了“一站式接收、一揽子调处、全链条解决”工作机制的介绍。',
      '座谈中，大家结合稳评工作实际交流体会，认为稳评是源头预防矛盾的重要手段，要把“枫桥经验”的群众路线贯穿于风险调查全过程，真正问需于民、问计于民。',
    ],
  },
  {
    category: 'news',
    title: '协会负责同志一行赴会员单位走访调研',
    publish: '2026-05-28 17:30',
    author: '会员服务部',
    source: ASSOCIATION,
    views: 121,
    summary: '走访了五家会员单位，听取对协会工作的意见建议。',
    body: [
      '5月下旬，协会秘书长带队先后走访了正衡评估、之江研究院、安和咨询等五家会员单位，了解企业经营和业务开展情况。',
      '会员单位反映了稳评项目周期紧、调查经费不足、部分评估主体对第三方评估独立性认识不够等问题，并建议协会加强行业收费指导、开展业务交流。',
      '秘书长表示，协会将梳理汇总各方意见，积极向有关部门反映，同时加强行业自律，维护公平有序的市场环境。',
    ],
  },
  {
    category: 'news',
    title: '协会新增两家会员单位',
    publish: '2025-05-20 10:00',
    author: '会员服务部',
    source: ASSOCIATION,
    views: 176,
    summary: '经理事会审议，钱塘公共政策研究中心、恒信项目管理咨询有限公司成为协会会员单位。',
    body: [
      '经协会审核和理事会审议，钱塘公共政策研究中心、恒信项目管理咨询有限公司符合入会条件，正式成为协会会员单位。',
      '协会对新会员单位表示欢迎，希望新会员单位严格遵守协会章程和行业自律公约，积极参加协会组织的培训和交流活动。',
    ],
  },
  {
    category: 'news',
    title: '协会网站改版试运行公告',
    publish: '2025-06-30 09:00',
    status: 'offline',
    author: '综合办公室',
    source: ASSOCIATION,
    views: 95,
    summary: '协会门户网站完成改版，试运行期间欢迎提出意见。',
    body: ['协会门户网站完成改版并开始试运行，新增会员之窗、专家库和证书查验等栏目。', '试运行已结束，本公告下线。'],
  },
  // --- 行业动态 ---
  {
    category: 'industry',
    title: '解读：重大行政决策社会稳定风险评估的程序要求',
    publish: '2026-02-26 10:00',
    pinned: true,
    author: '黄振宇',
    source: '专家库专栏',
    views: 612,
    summary: '从决策事项范围、评估主体、评估程序和结果运用四个方面梳理稳评的程序要求。',
    body: [
      '根据《重大行政决策程序暂行条例》，决策事项可能对社会稳定、公共安全等方面造成不利影响的，决策承办单位或者负责风险评估工作的其他单位应当组织评估决策草案的风险可控性。',
      '<h3>一、评估主体</h3>',
      '决策承办单位是稳评的责任主体，可以自行组织评估，也可以委托专业机构、社会组织等第三方开展评估。委托第三方评估的，责任主体不因委托而转移。',
      '<h3>二、评估程序</h3>',
      '稳评一般包括制定评估方案、开展风险调查、识别和分析风险、确定风险等级、提出防范化解措施、形成评估报告等环节。风险调查应当采取舆情跟踪、抽样调查、重点走访、会商分析等方式，充分听取利益相关群众意见。',
      '<h3>三、结果运用</h3>',
      '风险评估结果应当作为重大行政决策的重要依据。决策机关认为风险可控的，可以作出决策；认为风险不可控的，在采取调整决策草案等措施确保风险可控后，可以作出决策。',
    ],
  },
  {
    category: 'industry',
    title: '“枫桥经验”与社会稳定风险评估的融合实践',
    publish: '2025-10-12 09:30',
    author: '陈守仁',
    source: '专家库专栏',
    views: 403,
    summary: '把群众路线贯穿风险调查、风险化解和跟踪评估全过程。',
    body: [
      '“枫桥经验”的精髓是依靠群众就地化解矛盾。社会稳定风险评估作为源头预防的制度安排，与“枫桥经验”在理念上高度契合。',
      '在风险调查环节，要坚持走村入户、面对面听取意见，不能以问卷代替走访、以座谈代替调查；在风险化解环节，要发挥基层组织和乡贤、调解员的作用，把化解措施落实到具体责任人。',
      '实践中，一些地方探索“稳评+调解”工作模式，在评估阶段即引入人民调解组织，对群众反映集中的补偿安置等问题提前介入，取得了良好效果。',
    ],
  },
  {
    category: 'industry',
    title: '重大工程项目稳评中群众意见调查的方法与要点',
    publish: '2026-07-08 14:00',
    author: '林慧敏',
    source: '专家库专栏',
    views: 358,
    summary: '抽样设计、问卷设计、访谈组织和数据分析中的常见问题与改进建议。',
    body: [
      '群众意见调查是稳评的基础。调查范围应当覆盖项目直接影响区域和间接影响区域，对征迁对象、周边居民、企业职工等不同利益群体分层抽样。',
      '问卷设计要避免诱导性提问，既要了解群众对项目的总体态度，也要具体了解其关注点和诉求，如补偿标准、施工扰民、环境影响、出行便利等。',
      '对于持反对意见或有特殊诉求的群众，应当开展深度访谈，记录其具体理由，并在报告中如实反映，不得选择性呈现调查结果。',
      '调查数据分析应当区分不同群体的态度差异，为风险识别和措施设计提供依据。',
    ],
  },
  {
    category: 'industry',
    title: '全省社会稳定风险评估工作推进会召开',
    publish: '2026-08-19 18:20',
    author: '协会秘书处',
    source: '综合整理',
    views: 287,
    summary: '会议交流了各地稳评工作经验，部署推进稳评规范化建设。',
    body: [
      '8月18日，全省社会稳定风险评估工作推进会召开。会议总结了近年来全省稳评工作取得的成效，交流了各地在评估机构管理、专家评审和结果运用方面的经验做法。',
      '会议要求，要进一步规范第三方评估机构管理，健全行业协会自律机制，推动建立评估机构信用评价和从业人员继续教育制度。',
      '本市作为经验交流单位之一，介绍了依托行业协会开展机构入会审核、从业人员登记和年度检查的做法。',
    ],
  },
  {
    category: 'industry',
    title: '数字化手段在稳评民意调查中的应用探索',
    publish: '2026-10-15 10:30',
    author: '曹文静',
    source: '专家库专栏',
    views: 176,
    summary: '线上问卷、舆情监测和地理信息分析为稳评调查提供了新工具。',
    body: [
      '随着数字政府建设的推进，线上问卷、网络舆情监测和地理信息系统等工具逐步应用于稳评民意调查。',
      '线上问卷可以扩大调查覆盖面、提高效率，但要注意样本代表性问题，对老年人等群体仍需辅以入户调查；舆情监测有助于及时发现潜在风险点；地理信息分析可以直观呈现项目影响范围和敏感目标分布。',
      '数字化手段是传统调查方法的补充而非替代，评估人员仍须深入现场，掌握第一手情况。',
    ],
  },
  // --- 下载专区 ---
  {
    category: 'download',
    title: '会员单位入会申请表及材料清单',
    publish: '2025-06-01 09:00',
    pinned: true,
    author: '会员服务部',
    source: ASSOCIATION,
    views: 932,
    summary: '申请加入协会的单位请下载填写入会申请表，并按材料清单准备申请材料。',
    body: [
      '申请加入协会的单位，请下载《会员单位入会申请表》，如实填写后加盖公章，连同以下材料扫描上传：',
      '<ol><li>营业执照（或登记证书）副本；</li><li>法定代表人身份证明；</li><li>专职从业人员名单及学历证明（不少于3人）；</li><li>内部质量管理和档案管理制度；</li><li>近三年稳评业绩案例材料。</li></ol>',
      '申请表及材料清单见本页附件。',
    ],
  },
  {
    category: 'download',
    title: '从业人员登记表（2026版）',
    publish: '2026-01-05 09:00',
    author: '会员服务部',
    source: ASSOCIATION,
    views: 541,
    summary: '会员单位为从业人员办理登记时使用。',
    body: ['会员单位为本单位从业人员办理登记时，请下载填写《从业人员登记表（2026版）》，并附学历证书和培训合格证明。', '登记表见本页附件。'],
  },
  {
    category: 'download',
    title: '社会稳定风险评估报告编制参考提纲',
    publish: '2025-09-10 09:00',
    author: '专家工作部',
    source: ASSOCIATION,
    views: 768,
    summary: '供会员单位编制稳评报告时参考。',
    body: [
      '为规范稳评报告编制，协会组织专家编写了《社会稳定风险评估报告编制参考提纲》，主要内容包括：评估事项概况、评估依据、评估过程和方法、风险调查情况、风险识别与分析、风险等级判定、风险防范化解措施、评估结论和建议。',
      '参考提纲见本页附件，各单位可结合项目实际调整。',
    ],
  },
  {
    category: 'download',
    title: '年度检查自查报告模板（2026年度）',
    publish: '2026-09-15 10:05',
    author: '会员服务部',
    source: ASSOCIATION,
    views: 402,
    summary: '会员单位和从业人员填报2026年度年检时参考使用。',
    body: ['会员单位填报年度检查时，请参照本模板撰写年度自查报告，内容包括单位基本情况、年度业务开展情况、质量管理和档案管理情况、人员培训情况及存在问题和改进措施。', '模板见本页附件。'],
  },
];

function articles(): NewArticle[] {
  return ARTICLES.map((a, i) => {
    const created = a.publish ? ts(a.publish) : ts('2026-11-18 16:00');
    return {
      id: `demo-article-${i + 1}`,
      title: a.title,
      category: a.category,
      summary: a.summary,
      cover_file_id: null,
      content: html(...a.body),
      author: a.author,
      source: a.source,
      publish_at: a.publish ? ts(a.publish) : null,
      status: a.status ?? 'published',
      pinned: a.pinned ? 1 : 0,
      view_count: a.views,
      ...audit(created),
    };
  });
}

// ---- notices, carousel, links -------------------------------------------------------------

function notices(): NewNotice[] {
  const rows: [title: string, publish: string | null, expire: string | null, status: PublishStatus, pinned: boolean, body: string[]][] = [
    [
      '关于开展2026年度年度检查工作的通知',
      '2026-09-15 09:30',
      '2027-01-01 00:00',
      'published',
      true,
      [
        '各会员单位、从业人员：',
        '协会2026年度年度检查工作现已启动，请于2026年12月31日前登录系统完成年检填报。会员单位填报年度自查报告和业务开展情况，从业人员填报培训学时和参与项目情况。',
        '逾期未完成年检的，从业证书有效期不予延续。',
      ],
    ],
    [
      '关于举办2026年第二期从业人员业务培训班的通知',
      '2026-10-20 10:00',
      '2026-12-01 00:00',
      'published',
      false,
      [
        '各会员单位：',
        '协会定于2026年12月2日至4日举办第二期从业人员业务培训班，培训内容为稳评报告编制实务和典型案例分析。请各单位于11月28日前报送参训人员名单。',
      ],
    ],
    [
      '关于2026年国庆节放假安排的通知',
      '2026-09-25 09:00',
      '2026-10-09 00:00',
      'published',
      false,
      ['2026年国庆节、中秋节期间协会秘书处放假安排为10月1日至8日，9月27日、10月10日正常上班。放假期间业务办理顺延。'],
    ],
    [
      '关于公布2026年第一批新登记从业人员名单的公告',
      '2026-04-10 15:00',
      null,
      'published',
      false,
      ['经审核，现将2026年第一批新登记从业人员名单予以公告。公告期为7个工作日，如有异议，请向协会秘书处书面反映。'],
    ],
    ['关于召开2027年度会员代表大会的预通知', null, null, 'draft', false, ['协会拟于2027年1月中旬召开年度会员代表大会，具体时间和地点另行通知。']],
  ];
  return rows.map(([title, publish, expire, status, pinned, body], i) => ({
    id: `demo-notice-${i + 1}`,
    title,
    content: html(...body),
    publish_at: publish ? ts(publish) : null,
    expire_at: expire ? ts(expire) : null,
    status,
    pinned: pinned ? 1 : 0,
    ...audit(publish ? ts(publish) : ts('2026-11-18 16:30')),
  }));
}

const carousels = () =>
  (
    [
      ['协会召开2026年度会员代表大会', '/FrontPage/detail/demo-article-1'],
      ['2026年第一期从业人员业务培训班圆满结业', '/FrontPage/detail/demo-article-2'],
      ['解读：重大行政决策社会稳定风险评估的程序要求', '/FrontPage/detail/demo-article-12'],
    ] as const
  ).map(([title, link], i) => ({
    id: `demo-carousel-${i + 1}`,
    title,
    // No image in the demo: there are no demo files; staff upload one (the site shows a placeholder).
    image_file_id: null,
    link,
    sort: (i + 1) * 10,
    enabled: 1,
    show_from: null,
    show_until: null,
    ...audit(ts('2026-03-21 09:00')),
  }));

const friendlyLinks = () =>
  (
    [
      ['中国政府网', 'https://www.gov.cn'],
      ['浙江省人民政府', 'https://www.zj.gov.cn'],
      ['国家信访局', 'https://www.gjxfj.gov.cn'],
      ['中国长安网', 'https://www.chinapeace.gov.cn'],
      ['中华人民共和国民政部', 'https://www.mca.gov.cn'],
      ['国家企业信用信息公示系统', 'https://www.gsxt.gov.cn'],
    ] as const
  ).map(([name, url], i) => ({
    id: `demo-link-${i + 1}`,
    name,
    url,
    logo_file_id: null,
    sort: (i + 1) * 10,
    enabled: 1,
    ...audit(ts('2025-06-01 09:00')),
  }));

// ---- projects -----------------------------------------------------------------------------

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

const PROJECTS: ProjectSeed[] = [
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

function projects(): { rows: NewProject[]; members: { project_id: string; practitioner_id: string; role: string | null; sort: number }[] } {
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

// ---- annual inspection 2026 ---------------------------------------------------------------

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

const INSPECTIONS: InspectionSeed[] = [
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

const inspectionId = (s: InspectionSeed) => `demo-inspection-2026-${s.subject}-${s.n}`;

function inspections(): NewAnnualInspection[] {
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

// ---- cases --------------------------------------------------------------------------------

const CASES: [unit: number, title: string, type: string, client: string, completed: string, status: CaseStatus, isPublic: boolean, summary: string, rejectReason?: string][] = [
  [1, '城东新城片区旧城改造项目稳评', 'major_project', '城东新城建设管理委员会', '2025-09-30', 'approved', true, '对征收范围内一千二百余户开展入户调查，识别补偿安置、过渡安置等七类风险，提出分期征收和就近安置方案，项目平稳实施，未发生群体性事件。'],
  [1, '市第二垃圾焚烧发电厂扩建工程稳评', 'major_project', '市城市管理局', '2025-11-30', 'approved', true, '针对邻避风险设计了环境信息公开、社区监督员和周边环境提升等措施，评估意见被决策机关采纳。'],
  [2, '市区居民阶梯水价调整方案稳评', 'major_policy', '市发展和改革委员会', '2025-06-15', 'approved', true, '通过三千份问卷和十二场座谈会了解群众意见，建议的低收入家庭减免措施被纳入最终方案。'],
  [3, '老旧小区加装电梯专项扶持政策稳评', 'major_policy', '市住房和城乡建设局', '2026-10-20', 'pending', false, '围绕高低层住户利益平衡开展调查，提出协商议事规则和补偿指导标准建议。'],
  [4, '农村集体经营性建设用地入市试点方案稳评', 'major_decision', '市规划和自然资源局', '2026-04-30', 'approved', false, '从合法性和社会稳定两方面评估试点方案，提出完善集体收益分配方案的建议。'],
  [6, '某产业园区招商推介会风险评估', 'major_event', '某产业园区管委会', '2026-03-15', 'rejected', false, '对推介会安全保障和舆情风险进行了评估。', '该项目属于一般性活动安全评估，不属于社会稳定风险评估业绩，且未提供委托合同及评估报告，不予认定。'],
];

function cases(): NewCase[] {
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

// ---- certificates -------------------------------------------------------------------------

function certificates(): NewCertificate[] {
  const rows: NewCertificate[] = [];
  const cert = (
    kind: CertificateKind,
    number: string,
    holderId: string,
    holderName: string,
    unit: string,
    issued: string,
    validUntil: string,
    status: CertificateStatus,
    revoked?: { reason: string; at: string },
  ) =>
    rows.push({
      id: `demo-cert-${number}`,
      kind,
      number,
      holder_type: kind,
      holder_id: holderId,
      holder_name: holderName,
      unit_id: unit,
      issued_on: issued,
      valid_until: validUntil,
      status,
      revoked_reason: revoked?.reason ?? null,
      revoked_at: revoked ? ts(revoked.at) : null,
      ...audit(ts(`${issued} 10:00`)),
    });
  for (const u of UNITS) {
    if (u.status !== 'approved' || !u.join || !u.validUntil || !u.memberNo) continue;
    cert('unit', `WPDW${u.memberNo.slice(2)}`, unitId(u.n), u.name, unitId(u.n), u.join, u.validUntil, 'valid');
  }
  for (const p of PRACTITIONERS) {
    const number = certificateNo(p);
    if (!number || !p.approvedOn) continue;
    if (p.status === 'left') {
      cert('practitioner', number, practitionerId(p.n), p.name, unitId(p.unit), p.approvedOn, addYears(p.approvedOn, 3), 'revoked', {
        reason: '本人离职，所在单位申请注销。',
        at: `${p.leftOn ?? '2025-12-31'} 16:00`,
      });
      continue;
    }
    const validUntil = certificateValidUntil(p) ?? addYears(p.approvedOn, 3);
    // The seed's "today" is late 2026: a validity that ended before then is recorded as expired.
    cert('practitioner', number, practitionerId(p.n), p.name, unitId(p.unit), p.approvedOn, validUntil, validUntil < '2026-11-01' ? 'expired' : 'valid');
  }
  return rows;
}

// ---- reviews ------------------------------------------------------------------------------

function reviews(): NewReview[] {
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

// ---- the seed -----------------------------------------------------------------------------

/** Inserts the demo data set; rows that exist already (by id or unique key) are left alone. */
export async function seedDemoData(db: DbOrTrx, pii: FieldCipher): Promise<void> {
  // Order follows the foreign keys.
  await db.insertInto('member_units').values(memberUnits()).onConflict((oc) => oc.doNothing()).execute();
  await db.insertInto('practitioners').values(practitioners(pii)).onConflict((oc) => oc.doNothing()).execute();

  const ex = experts();
  await db.insertInto('experts').values(ex.rows).onConflict((oc) => oc.doNothing()).execute();
  await db.insertInto('expert_specialties').values(ex.specialties).onConflict((oc) => oc.doNothing()).execute();

  await seedUnitChanges(db);

  await db.insertInto('articles').values(articles()).onConflict((oc) => oc.doNothing()).execute();
  await db.insertInto('notices').values(notices()).onConflict((oc) => oc.doNothing()).execute();
  await db.insertInto('carousels').values(carousels()).onConflict((oc) => oc.doNothing()).execute();
  await db.insertInto('friendly_links').values(friendlyLinks()).onConflict((oc) => oc.doNothing()).execute();

  const pr = projects();
  await db.insertInto('projects').values(pr.rows).onConflict((oc) => oc.doNothing()).execute();
  await db.insertInto('project_members').values(pr.members).onConflict((oc) => oc.doNothing()).execute();

  await db
    .insertInto('annual_inspection_years')
    .values({ id: 'demo-inspection-year-2026', year: 2026, deadline: '2026-12-31', status: 'open', opened_by: null, opened_at: ts('2026-09-15 09:00'), ...audit(ts('2026-09-15 09:00')) })
    .onConflict((oc) => oc.doNothing())
    .execute();
  await db.insertInto('annual_inspections').values(inspections()).onConflict((oc) => oc.doNothing()).execute();

  await db.insertInto('cases').values(cases()).onConflict((oc) => oc.doNothing()).execute();
  await db.insertInto('certificates').values(certificates()).onConflict((oc) => oc.doNothing()).execute();
  await db.insertInto('reviews').values(reviews()).onConflict((oc) => oc.doNothing()).execute();
}

/** Unit changes and their history; the steps have no natural key, so they go in only with a new change. */
async function seedUnitChanges(db: DbOrTrx): Promise<void> {
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

