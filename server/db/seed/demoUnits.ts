/** The demo member units (./demoData.ts): approved, pending, rejected and suspended ones. */
import { wanYuanToFen } from '../domainTypes';
import type { MemberUnitStatus, NewMemberUnit, PendingUnitChange } from '../types';
import { newAuditColumns as audit } from '../versioned';
import { makeCreditCode, ts } from './demoHelpers';

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

export const UNITS: UnitSeed[] = [
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
export const unitId = (n: number) => `demo-unit-${n}`;
export const unitName = (n: number): string => UNITS.find((u) => u.n === n)?.name ?? '';

export function memberUnits(): NewMemberUnit[] {
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
