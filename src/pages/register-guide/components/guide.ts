/**
 * The text of the registration guide (docs/domain.md, "The field": the materials the
 * association checks before admitting an institution). Kept apart from the page so that it
 * reads as a document and can be changed without touching the layout.
 */

export const CONDITIONS: readonly string[] = [
  '依法登记成立、具有独立法人资格的企业、事业单位或社会组织，持有统一社会信用代码；',
  '营业执照（登记证书）载明的业务范围包含社会稳定风险评估或相关咨询服务；',
  '具有大学专科及以上学历的专职从业人员不少于 3 人；',
  '建立了评估质量管理、档案管理等内部管理制度；',
  '具有社会稳定风险评估或相关领域的成功业绩案例；',
  '近三年内无严重违法违规记录，遵守协会章程和行业自律公约。',
];

export const MATERIALS: readonly { name: string; note?: string }[] = [
  { name: '营业执照（或法人登记证书）', note: '加盖单位公章的扫描件' },
  { name: '单位简介', note: '单位概况、业务范围、组织机构及稳评业务开展情况' },
  { name: '专职从业人员名单及学历证明', note: '不少于 3 人；身份证号码等个人信息仅用于资格审核，依法加密保存' },
  { name: '内部管理制度', note: '评估质量管理、档案管理等制度文件' },
  { name: '业绩案例材料', note: '近年完成的社会稳定风险评估项目或相关业绩' },
  { name: '联系人信息与登录密码', note: '用于接收审核结果和登录会员单位子系统（登录账号为统一社会信用代码）' },
];

export const STEPS: readonly { title: string; description: string }[] = [
  { title: '在线填写申请', description: '填写单位基本信息（名称、统一社会信用代码、法定代表人、联系人等），设置登录密码（登录账号为本单位的统一社会信用代码，提交成功后显示）。' },
  { title: '上传材料', description: '按“所需材料”上传营业执照、资质及其他材料，系统逐个校验文件完整性。' },
  { title: '协会审核', description: '协会秘书处审核申请和材料；材料不全的，一次性告知需补正的内容。' },
  { title: '审核通过，颁发会员证书', description: '审核通过后获得会员编号、入会日期和会员证书，证书可在线查验。' },
  { title: '登录会员单位子系统', description: '使用申请时设置的账号登录，维护单位信息，办理从业人员登记、年检、项目备案等业务。' },
];

export const TIMELINE: readonly string[] = [
  '协会在收到完整材料之日起 10 个工作日内完成审核；',
  '审核结果通过会员单位子系统告知，未通过的说明原因；',
  '会员资格有效期一年，每年参加年度检查后延续。',
];
