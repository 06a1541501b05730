/**
 * A certificate drawn as a printable document: the association, the kind, the holder, the
 * number and dates, the state today, and a QR code that opens this same page (so a printed
 * copy can be checked with a phone). Printing gives one A4 page (../index.less @media print).
 */
import { QRCode } from 'antd';
import { CERTIFICATE_KIND_LABELS, CERTIFICATE_STATE_LABELS, type PublicCertificate } from '@common/schemas/certificates';
import { ASSOCIATION_NAME, LOGO_URL } from '@/layouts/brand';
import styles from '../index.less';


/** '2026-03-01' → '2026年3月1日', as certificates print dates. */
export function chineseDate(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return `${y}年${m}月${d}日`;
}

export function verifyUrl(number: string): string {
  return `${window.location.origin}/certificate-view?no=${encodeURIComponent(number)}`;
}

export default function CertificateDocument({ certificate: c }: { certificate: PublicCertificate }) {
  const statement =
    c.kind === 'unit'
      ? `兹证明 ${c.holderName} 为${ASSOCIATION_NAME}${c.memberLevelLabel ?? '会员单位'}，特发此证。`
      : `兹证明 ${c.holderName}${c.unitName ? `（${c.unitName}）` : ''} 经${ASSOCIATION_NAME}登记，为社会稳定风险评估从业人员，特发此证。`;
  return (
    <article className={styles.certificate} aria-label={`${CERTIFICATE_KIND_LABELS[c.kind]} ${c.number}`}>
      <header className={styles.certHeader}>
        <img src={LOGO_URL} alt="" className={styles.certLogo} />
        <div className={styles.certIssuer}>{ASSOCIATION_NAME}</div>
        <h2 className={styles.certTitle}>{CERTIFICATE_KIND_LABELS[c.kind]}</h2>
      </header>
      <p className={styles.certStatement}>{statement}</p>
      <dl className={styles.certFields}>
        <div>
          <dt>证书编号</dt>
          <dd>{c.number}</dd>
        </div>
        {c.memberNo && (
          <div>
            <dt>会员编号</dt>
            <dd>{c.memberNo}</dd>
          </div>
        )}
        <div>
          <dt>发证日期</dt>
          <dd>{chineseDate(c.issuedOn)}</dd>
        </div>
        <div>
          <dt>有效期至</dt>
          <dd>{chineseDate(c.validUntil)}</dd>
        </div>
        <div>
          <dt>证书状态</dt>
          <dd>
            <span className={`${styles.certState} ${styles[`state_${c.state}`]}`}>{CERTIFICATE_STATE_LABELS[c.state]}</span>
            {c.state === 'revoked' && c.revokedOn && <span>（{chineseDate(c.revokedOn)}吊销{c.revokedReason ? `，原因：${c.revokedReason}` : ''}）</span>}
          </dd>
        </div>
      </dl>
      <footer className={styles.certFooter}>
        <div className={styles.certSeal}>
          <div>{ASSOCIATION_NAME}</div>
          <div>{chineseDate(c.issuedOn)}</div>
        </div>
        <figure className={styles.certQr}>
          {/* The picture is for phones; screen readers get the address it holds. */}
          <div aria-hidden>
            <QRCode value={verifyUrl(c.number)} size={112} bordered={false} type="svg" />
          </div>
          <figcaption>
            扫码查验证书<span className="sr-only">：{verifyUrl(c.number)}</span>
          </figcaption>
        </figure>
      </footer>
      <p className={styles.certChecked}>
        查验日期：{chineseDate(c.checkedOn)}，本证书{CERTIFICATE_STATE_LABELS[c.state]}。
      </p>
    </article>
  );
}
