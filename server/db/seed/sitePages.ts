/**
 * Default content of the public site's fixed pages (DOMAIN.md "Site page"): about, contact,
 * footer, disclaimer, privacy. Part of the base seed, so a fresh install shows a complete
 * site; staff then edit them. A page is created only when its key is missing: staff edits
 * are never overwritten, and a page staff emptied stays empty.
 *
 * The address, phone numbers, e-mail and ICP number are EXAMPLES in a plausible format
 * (示例), to be replaced by the association's own; they are not real.
 */
import { ASSOCIATION_NAME } from '@common/association';
import type { DbOrTrx, SitePageData, SitePageKey } from '../types';
import { newAuditColumns } from '../versioned';

export { ASSOCIATION_NAME };

/** 示例 contact details shared by the contact and footer pages. */
const CONTACT: Required<Pick<SitePageData, 'postalAddress' | 'postcode' | 'phone' | 'fax' | 'email' | 'contactHours'>> = {
  postalAddress: '市民中心行政服务大楼B座12层1205室', // 示例
  postcode: '310000', // 示例
  phone: '(0571) 8888 6666', // 示例
  fax: '(0571) 8888 6667', // 示例
  email: 'xiehui@wenping-example.org.cn', // 示例
  contactHours: '工作日 上午 8:30—12:00，下午 13:30—17:30（法定节假日除外）',
};

interface SitePageSeed {
  key: SitePageKey;
  title: string;
  content: string;
  data: SitePageData;
}

const p = (...paragraphs: string[]): string => paragraphs.map((t) => `<p>${t}</p>`).join('\n');

export const SITE_PAGE_SEEDS: readonly SitePageSeed[] = [
  {
    key: 'about',
    title: '协会简介',
    content: [
      p(
        `${ASSOCIATION_NAME}（以下简称“协会”）是由本市从事社会稳定风险评估（以下简称“稳评”）工作的第三方评估机构、高等院校、科研院所及相关专业人员自愿结成的行业性、非营利性社会组织，经市民政局登记成立，业务上接受市委政法委、市信访局等有关部门的指导和监督。`,
        '协会以“规范行业行为、提升评估质量、服务科学决策、维护社会稳定”为宗旨，坚持依法依规、客观公正、科学严谨的原则，推动重大决策、重大工程、重大政策和重大活动社会稳定风险评估工作规范化、专业化、制度化发展。',
      ),
      '<h3>主要职能</h3>',
      '<ul>',
      '<li>开展会员单位入会审核和从业人员登记管理，建立行业信用档案；</li>',
      '<li>组织从业人员业务培训、继续教育和能力评价，颁发从业证书；</li>',
      '<li>建立和管理稳评专家库，为评估项目评审和政府决策提供专业咨询；</li>',
      '<li>组织会员单位和从业人员年度检查，开展评估项目备案和质量抽查；</li>',
      '<li>制定行业自律公约和评估工作规范，开展行业调研和理论研究；</li>',
      '<li>反映会员诉求，维护会员合法权益，加强与国内外同行的交流合作。</li>',
      '</ul>',
      '<h3>组织机构</h3>',
      p(
        '协会最高权力机构为会员代表大会，理事会为会员代表大会的执行机构，在闭会期间领导协会开展日常工作。协会设秘书处，下设综合办公室、会员服务部、培训评价部和专家工作部，负责协会日常运行。',
        '协会欢迎符合条件的评估机构和专业人员加入，共同推动本市社会稳定风险评估事业高质量发展。',
      ),
    ].join('\n'),
    data: {},
  },
  {
    key: 'contact',
    title: '联系我们',
    content: [
      p(
        `欢迎您就入会申请、从业人员登记、年度检查、证书查验及其他事项与${ASSOCIATION_NAME}秘书处联系。`,
        `通讯地址：${CONTACT.postalAddress}（邮编 ${CONTACT.postcode}）`,
        `联系电话：${CONTACT.phone}；传真：${CONTACT.fax}`,
        `电子邮箱：${CONTACT.email}`,
        `办公时间：${CONTACT.contactHours}`,
        '来访请提前电话预约，并携带有效身份证件。',
      ),
    ].join('\n'),
    data: { associationName: ASSOCIATION_NAME, ...CONTACT },
  },
  {
    key: 'footer',
    title: '页脚信息',
    content: '',
    data: {
      associationName: ASSOCIATION_NAME,
      postalAddress: CONTACT.postalAddress,
      postcode: CONTACT.postcode,
      phone: CONTACT.phone,
      email: CONTACT.email,
      contactHours: CONTACT.contactHours,
      icpNumber: '浙ICP备00000000号', // 示例：以工信部备案号为准
      copyright: `© ${ASSOCIATION_NAME} 版权所有`,
    },
  },
  {
    key: 'disclaimer',
    title: '免责声明',
    content: [
      p(
        `一、本网站由${ASSOCIATION_NAME}主办，所发布的信息仅供参考。协会力求信息准确、及时，但不对其完整性、准确性作任何明示或暗示的保证。涉及政策法规的内容，请以有关部门正式发布的文件为准。`,
        '二、本网站公布的会员单位、从业人员、专家及证书信息，以协会审核时申请人提交的材料为依据。申请人对其提交材料的真实性、合法性负责；如发现信息有误，请及时与协会秘书处联系更正。',
        '三、本网站转载的文章仅为传递更多信息，不代表协会赞同其观点或对其真实性负责。如转载内容涉及版权问题，请权利人与协会联系，协会将及时处理。',
        '四、本网站提供的外部链接仅为方便访问者，协会对链接网站的内容不承担任何责任。',
        '五、因不可抗力、网络故障、黑客攻击等非协会原因造成的网站服务中断或信息损失，协会不承担责任。',
        '六、任何单位或个人未经协会书面许可，不得以复制、镜像等方式使用本网站内容从事商业活动。',
      ),
    ].join('\n'),
    data: {},
  },
  {
    key: 'privacy',
    title: '隐私保护',
    content: [
      p(
        `${ASSOCIATION_NAME}重视个人信息保护，依照《中华人民共和国个人信息保护法》等法律法规处理您的个人信息。`,
        '一、我们收集的信息：会员单位注册、从业人员登记、年度检查等业务办理中，我们收集办理业务所必需的信息，包括单位名称、统一社会信用代码、联系人及联系方式，从业人员姓名、身份证号码、学历、职称、联系方式及相关证明材料。',
        '二、信息的使用：上述信息仅用于会员管理、从业人员登记、证书发放与查验、年度检查及行业统计，不用于与上述目的无关的用途。',
        '三、信息的公开：经审核通过的会员单位基本信息、从业证书状态在本网站公示；身份证号码、手机号码等个人敏感信息在公开页面一律脱敏显示。',
        '四、信息的保护：我们采取访问控制、口令加密存储、操作日志等措施保护您的信息，工作人员仅在职责范围内接触必要信息。',
        '五、您的权利：您可以登录系统查阅、更正本人信息，或联系协会秘书处申请查询、更正、删除个人信息。',
        '六、本声明的修订：协会可能适时修订本声明，修订后的内容在本网站公布后生效。',
      ),
    ].join('\n'),
    data: {},
  },
];

/** Creates the pages whose key is missing; leaves existing pages exactly as they are. */
export async function seedSitePages(db: DbOrTrx, now: string): Promise<void> {
  const existing = await db.selectFrom('site_pages').select('key').execute();
  const have = new Set<string>(existing.map((r) => r.key));
  const missing = SITE_PAGE_SEEDS.filter((page) => !have.has(page.key));
  if (!missing.length) return;
  await db
    .insertInto('site_pages')
    .values(
      missing.map((page) => ({
        id: `site-page-${page.key}`,
        key: page.key,
        title: page.title,
        content: page.content,
        data: JSON.stringify(page.data),
        ...newAuditColumns(now),
      })),
    )
    // Two servers starting at once on one PostgreSQL database: the second insert loses quietly.
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
}
