/**
 * Default content of the public site's fixed pages (docs/domain.md, "site page"): about, contact,
 * footer, disclaimer, privacy, terms (用户协议). Part of the base seed, so a fresh install shows a complete
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
  {
    key: 'terms',
    title: '用户协议',
    content: [
      p(
        `欢迎使用${ASSOCIATION_NAME}网站及会员服务系统（以下简称"本系统"）。本协议是您（会员单位、从业人员及其他注册用户）与${ASSOCIATION_NAME}（以下简称"协会"）之间关于注册、登录和使用本系统的约定。请您在注册前仔细阅读本协议；勾选"我已阅读并同意《用户协议》《隐私政策》"并提交注册，即表示您已理解并同意本协议的全部内容。`,
      ),
      '<h3>一、服务内容</h3>',
      p(
        '1. 本系统向社会公众提供协会新闻、通知公告、会员之窗、专家库、资料下载及证书查验等信息服务。',
        '2. 本系统向会员单位提供入会申请、单位信息维护、从业人员登记、单位变更、年度检查、项目备案及业绩案例报送等服务；向从业人员提供本人信息查阅、年度检查及证书查看等服务。',
        '3. 协会可根据工作需要调整服务内容，调整前将在本网站公告。',
      ),
      '<h3>二、账号注册与使用</h3>',
      p(
        '1. 会员单位应以单位名义注册，如实填写单位名称、统一社会信用代码、法定代表人、联系人及联系方式等信息，并上传真实有效的营业执照及资质材料。',
        '2. 从业人员账号由其所在会员单位登记后生成，初始密码须在首次登录时修改。',
        '3. 账号仅限注册单位或本人使用，不得转让、出借或与他人共用。您应妥善保管登录账号和密码，因保管不善造成的损失由您自行承担；发现账号被盗用或存在安全隐患的，应立即修改密码并通知协会秘书处。',
        '4. 为保障账号安全，连续多次输入错误密码的账号将被暂时锁定；长时间未操作的会话将自动退出。',
      ),
      '<h3>三、用户的义务</h3>',
      p(
        '1. 您提交的单位信息、人员信息、项目资料及其他材料应真实、准确、完整、合法，不得提交虚假材料或冒用他人信息；信息发生变化的，应及时通过本系统申请变更。',
        '2. 您不得利用本系统从事危害国家安全、泄露国家秘密、侵犯他人合法权益或违反法律法规的活动，不得上传含有病毒、恶意代码的文件，不得以任何方式干扰本系统的正常运行。',
        '3. 您应遵守协会章程及行业自律规范，对通过本系统报送的社会稳定风险评估项目及业绩案例的真实性负责。',
      ),
      '<h3>四、协会的权利与义务</h3>',
      p(
        '1. 协会依据章程和有关规定对注册申请、信息变更、从业人员登记、年度检查等事项进行审核，并将审核结果通过本系统告知。',
        '2. 经审核通过的会员单位基本信息、证书编号及证书状态在本网站公示，供社会公众查验。',
        '3. 发现用户提交虚假材料、违反本协议或协会章程的，协会有权视情节暂停或注销其会籍、注销相关证书、停用相关账号，并依法依规处理。',
        '4. 协会采取必要的技术和管理措施保障本系统安全稳定运行，但因不可抗力、系统维护、网络故障等原因造成的服务中断，协会将尽快恢复并及时告知。',
      ),
      '<h3>五、个人信息保护</h3>',
      p(
        '协会按照《中华人民共和国个人信息保护法》和本网站《隐私政策》处理您的个人信息。身份证号码、照片等敏感个人信息仅在取得本人单独同意后，为从业人员登记、证书发放与查验的目的处理，加密存储，并以去标识化方式展示。您可以在"个人中心"查阅、下载本人信息，通过单位信息维护或从业人员登记的修改流程申请更正，或撤回对敏感个人信息处理的同意。',
      ),
      '<h3>六、知识产权</h3>',
      p('本网站发布的文章、图片、标识等内容的知识产权归协会或原权利人所有。未经许可，任何单位和个人不得以营利为目的复制、转载或使用。'),
      '<h3>七、协议的变更与终止</h3>',
      p(
        '1. 协会可根据法律法规变化和工作需要修订本协议，修订后的协议在本网站公布，并在您下次登录或注册时提示。您继续使用本系统的，视为接受修订后的协议。',
        '2. 会员单位退会、会籍被注销或从业人员离职的，相关账号将停止使用；相关信息按照《隐私政策》所述期限保存和处理。',
      ),
      '<h3>八、争议解决</h3>',
      p(`本协议适用中华人民共和国法律。因本协议引起的争议，双方应友好协商解决；协商不成的，可向协会所在地有管辖权的人民法院提起诉讼。如对本协议有疑问，请联系协会秘书处：${CONTACT.phone}（示例），${CONTACT.email}（示例）。`),
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
