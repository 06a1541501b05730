/**
 * 入会指南 (/register-guide): who may join, what to prepare, the steps and how long they
 * take, with the way to apply (docs/domain.md "Workflows", Joining). A standalone page in
 * plain React and CSS (antd's look), light enough for a phone; the application itself is /register.
 */
import { Link } from '@umijs/max';
import { findPage } from '@common/menu';
import controls from '@/components/PublicContent/controls.less';
import { ASSOCIATION_NAME, LOGO_URL } from '@/layouts/brand';
import { CONDITIONS, MATERIALS, STEPS, TIMELINE } from './components/guide';
import styles from './index.less';

export default function RegisterGuidePage() {
  const title = findPage('/register-guide')?.title ?? '入会指南';
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <Link to="/" className={styles.brand}>
          <img src={LOGO_URL} alt="" className={styles.logo} />
          <span>{ASSOCIATION_NAME}</span>
        </Link>
      </header>
      <main className={styles.main}>
        <h1 className={styles.title}>{title}</h1>
        <p className={styles.lead}>
          从事社会稳定风险评估（稳评）业务的第三方机构，可在线申请加入{ASSOCIATION_NAME}。请先阅读以下入会条件、所需材料和办理流程，准备好材料后再开始申请。
        </p>

        <section className={styles.section} aria-labelledby="guide-conditions">
          <h2 id="guide-conditions">入会条件</h2>
          <ol className={styles.list}>
            {CONDITIONS.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ol>
        </section>

        <section className={styles.section} aria-labelledby="guide-materials">
          <h2 id="guide-materials">所需材料</h2>
          <p className={styles.note}>材料以电子文件在线上传（图片、PDF 或 Office 文档，单个文件不超过 50 MB），无需邮寄纸质材料。</p>
          <ul className={styles.list}>
            {MATERIALS.map((m) => (
              <li key={m.name}>
                <strong>{m.name}</strong>
                {m.note && <span className={styles.itemNote}>：{m.note}</span>}
              </li>
            ))}
          </ul>
        </section>

        <section className={styles.section} aria-labelledby="guide-steps">
          <h2 id="guide-steps">办理流程</h2>
          {/* antd's vertical Steps, none reached yet: a numbered circle, the title and what happens. */}
          <ol className={styles.steps}>
            {STEPS.map((step, i) => (
              <li key={step.title} className={styles.step}>
                <span aria-hidden className={styles.stepNumber}>
                  {i + 1}
                </span>
                <div className={styles.stepText}>
                  <div className={styles.stepTitle}>{step.title}</div>
                  <div className={styles.stepDescription}>{step.description}</div>
                </div>
              </li>
            ))}
          </ol>
        </section>

        <section className={styles.section} aria-labelledby="guide-timeline">
          <h2 id="guide-timeline">办理时限</h2>
          <ul className={styles.list}>
            {TIMELINE.map((t) => (
              <li key={t}>{t}</li>
            ))}
          </ul>
          <p className={styles.note}>
            如有疑问，请查看<Link to="/FrontPage/Contact">联系我们</Link>，在工作时间致电或发送电子邮件咨询协会秘书处。
          </p>
        </section>

        <div className={styles.actions}>
          <Link to="/register" className={`${controls.button} ${controls.primary} ${controls.large} ${styles.action}`}>
            立即申请入会
          </Link>
          <Link to="/login?authType=2" className={`${controls.button} ${controls.large} ${styles.action}`}>
            已有账号，登录会员单位子系统
          </Link>
          <Link to="/" className={styles.home}>
            返回首页
          </Link>
        </div>
      </main>
    </div>
  );
}
