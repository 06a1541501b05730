/** The demo expert library (./demoData.ts): public, hidden and retired experts. */
import type { NewExpert } from '../types';
import { newAuditColumns as audit } from '../versioned';
import { ts } from './demoHelpers';

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

export function experts(): { rows: NewExpert[]; specialties: { expert_id: string; specialty: string }[] } {
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
