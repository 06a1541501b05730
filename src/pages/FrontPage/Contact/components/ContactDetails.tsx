/**
 * The contact page's details as a clear list: phone numbers dial (tel:), the address mails
 * (mailto:); under them the way to 投诉举报.
 */
import { Icon, type IconShape } from '@/components/PublicContent/icons/Icon';
import CLOCK_CIRCLE_ICON from '@/components/PublicContent/icons/clock-circle';
import ENVIRONMENT_ICON from '@/components/PublicContent/icons/environment';
import INBOX_ICON from '@/components/PublicContent/icons/inbox';
import MAIL_ICON from '@/components/PublicContent/icons/mail';
import PHONE_ICON from '@/components/PublicContent/icons/phone';
import PRINTER_ICON from '@/components/PublicContent/icons/printer';
import type { ReactNode } from 'react';
import { Link } from '@umijs/max';
import type { SitePageData } from '@common/schemas/sitePages';
import { phoneLinks } from '@/components/PublicContent/format';
import { COMPLAINT_PATH } from '@/components/PublicContent/links';
import styles from './ContactDetails.less';

function Phones({ value }: { value: string }) {
  const links = phoneLinks(value);
  if (links.length === 0) return <>{value}</>;
  return (
    <>
      {links.map((link, i) => (
        <span key={link.href}>
          {i > 0 && '、'}
          <a href={link.href}>{link.text}</a>
        </span>
      ))}
    </>
  );
}

export default function ContactDetails({ data }: { data: SitePageData }) {
  const rows: { label: string; icon: IconShape; value: ReactNode }[] = [];
  if (data.postalAddress) rows.push({ label: '通讯地址', icon: ENVIRONMENT_ICON, value: data.postalAddress });
  if (data.postcode) rows.push({ label: '邮政编码', icon: INBOX_ICON, value: data.postcode });
  if (data.phone) rows.push({ label: '联系电话', icon: PHONE_ICON, value: <Phones value={data.phone} /> });
  if (data.fax) rows.push({ label: '传真', icon: PRINTER_ICON, value: data.fax });
  if (data.email) {
    rows.push({ label: '电子邮箱', icon: MAIL_ICON, value: <a href={`mailto:${data.email}`}>{data.email}</a> });
  }
  if (data.contactHours) rows.push({ label: '办公时间', icon: CLOCK_CIRCLE_ICON, value: data.contactHours });
  const complaint = (
    <p className={styles.complaint}>
      对会员单位及其从业人员的投诉、举报，请通过<Link to={COMPLAINT_PATH}>投诉举报</Link>在线提交，并凭投诉编号和查询码查询办理进度。
    </p>
  );
  if (rows.length === 0) return complaint;
  return (
    <>
      <dl className={styles.list}>
        {rows.map((row) => (
          <div key={row.label} className={styles.row}>
            <dt className={styles.term}>
              <span aria-hidden className={styles.icon}>
                <Icon shape={row.icon} />
              </span>
              {row.label}
            </dt>
            <dd className={styles.value}>{row.value}</dd>
          </div>
        ))}
      </dl>
      {complaint}
    </>
  );
}
