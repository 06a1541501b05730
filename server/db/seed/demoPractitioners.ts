/** The demo practitioners (./demoData.ts): of six units, in every registration state. */
import type { FieldCipher } from '../../pii/cipher';
import { encryptPractitionerPii } from '../../pii/fields';
import type { NewPractitioner, PractitionerStatus } from '../types';
import { newAuditColumns as audit } from '../versioned';
import { makeIdCardNo, ts } from './demoHelpers';
import { unitId } from './demoUnits';

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

export const PRACTITIONERS: PractitionerSeed[] = [
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
export const practitionerId = (n: number) => `demo-practitioner-${n}`;
export const practitioner = (n: number): PractitionerSeed => {
  const p = PRACTITIONERS.find((x) => x.n === n);
  if (!p) throw new Error(`演示数据：没有从业人员 ${n}`);
  return p;
};
export const certificateNo = (p: PractitionerSeed): string | null =>
  p.approvedOn ? `WPRY${p.approvedOn.slice(0, 4)}${String(p.n).padStart(3, '0')}` : null;
/** Extended to the end of 2027 by the 2025 inspection, unless the seed says otherwise. */
export const certificateValidUntil = (p: PractitionerSeed): string | null => (p.approvedOn ? (p.validUntil ?? '2027-12-31') : null);

export function practitioners(pii: FieldCipher): NewPractitioner[] {
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
