/**
 * Dictionary codes and their seed items (docs/domain.md, "Records and their states": dictionary).
 *
 * The server seeds these into the database on first start; from then on the database is
 * the source (`GET /dict/item/{code}`), so staff can add or disable items without a release.
 * Values are what records store; labels are what people read.
 */

export interface DictionarySeedItem {
  label: string;
  value: string;
}

export interface DictionarySeed {
  code: string;
  name: string;
  items: readonly DictionarySeedItem[];
}

const items = (...pairs: [value: string, label: string][]): DictionarySeedItem[] =>
  pairs.map(([value, label]) => ({ value, label }));

export const DICTIONARIES = [
  { code: 'gender', name: '性别', items: items(['male', '男'], ['female', '女']) },
  {
    code: 'education',
    name: '学历',
    items: items(
      ['doctor', '博士研究生'],
      ['master', '硕士研究生'],
      ['bachelor', '大学本科'],
      ['college', '大学专科'],
      ['other', '其他'],
    ),
  },
  {
    code: 'professional_title',
    name: '职称',
    items: items(
      ['senior', '正高级'],
      ['vice_senior', '副高级'],
      ['intermediate', '中级'],
      ['junior', '初级'],
      ['none', '无'],
    ),
  },
  {
    code: 'member_level',
    name: '会员级别',
    items: items(
      ['president', '会长单位'],
      ['vice_president', '副会长单位'],
      ['executive_director', '常务理事单位'],
      ['director', '理事单位'],
      ['member', '会员单位'],
    ),
  },
  {
    code: 'specialty',
    name: '专家专业领域',
    items: items(
      ['law', '法律'],
      ['economics', '经济'],
      ['sociology', '社会学'],
      ['urban_planning', '城市规划'],
      ['environment', '环境保护'],
      ['work_safety', '安全生产'],
      ['psychology', '心理学'],
      ['management', '管理'],
      ['construction', '工程建设'],
    ),
  },
  {
    code: 'project_type',
    name: '项目类型',
    items: items(
      ['major_project', '重大工程'],
      ['major_decision', '重大决策'],
      ['major_policy', '重大政策'],
      ['major_event', '重大活动'],
      ['other', '其他'],
    ),
  },
  {
    code: 'risk_level',
    name: '风险等级',
    items: items(['high', '高风险'], ['medium', '中风险'], ['low', '低风险']),
  },
  {
    code: 'expert_category',
    name: '专家类别',
    items: items(['social_science', '社科研究'], ['engineering', '工程技术'], ['management', '综合管理']),
  },
  {
    // Each value is `code:maximum points`; the enabled items add up to 100 (a review task keeps
    // the rubric as it was when it was opened: server/quality/rubric.ts).
    code: 'review_rubric',
    name: '评审评分细则',
    items: items(
      ['procedure:20', '评估程序合法合规'],
      ['investigation:25', '风险调查与识别全面'],
      ['estimation:20', '风险估计与等级判定科学'],
      ['measures:20', '防范化解措施可行'],
      ['report:15', '报告规范与结论明确'],
    ),
  },
  {
    code: 'review_reason',
    name: '评审原因',
    items: items(['application', '单位申请'], ['sampling', '质量抽查']),
  },
  {
    code: 'review_decline_reason',
    name: '专家婉拒原因',
    items: items(['schedule', '时间冲突'], ['conflict', '存在利害关系需回避'], ['health', '身体原因'], ['other', '其他']),
  },
  {
    // Values of the kinds the system records by itself are fixed (common/credit.ts
    // AUTOMATIC_CREDIT_KINDS); staff may add manual kinds, whose points and term the credit rules
    // version gives.
    code: 'credit_event_kind',
    name: '信用事件类型',
    items: items(
      ['complaint_upheld', '投诉举报查证属实'],
      ['complaint_partly', '投诉举报部分属实'],
      ['inspection_failed', '年检不合格'],
      ['inspection_overdue', '逾期未参加年检'],
      ['review_low', '评估报告评审低于60分'],
      ['review_high', '评估报告评审90分以上'],
      ['certificate_revoked', '从业人员证书被撤销'],
      ['false_report', '出具虚假评估报告'],
      ['violation_other', '其他违规行为'],
      ['commendation', '表彰奖励'],
    ),
  },
  {
    code: 'article_category',
    name: '文章栏目',
    items: items(
      ['work', '协会工作'],
      ['news', '协会新闻'],
      ['industry', '行业动态'],
      ['download', '下载专区'],
    ),
  },
] as const satisfies readonly DictionarySeed[];

export type DictionaryCode = (typeof DICTIONARIES)[number]['code'];

export const DICTIONARY_CODES: readonly DictionaryCode[] = DICTIONARIES.map((d) => d.code);
