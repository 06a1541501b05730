/** The contact page's details as a clear list: phone numbers dial (tel:), the address mails (mailto:). */
import EnvironmentOutlined from '@ant-design/icons/EnvironmentOutlined';
import ClockCircleOutlined from '@ant-design/icons/ClockCircleOutlined';
import MailOutlined from '@ant-design/icons/MailOutlined';
import PhoneOutlined from '@ant-design/icons/PhoneOutlined';
import PrinterOutlined from '@ant-design/icons/PrinterOutlined';
import InboxOutlined from '@ant-design/icons/InboxOutlined';
import type { ReactNode } from 'react';
import type { SitePageData } from '@common/schemas/sitePages';
import { phoneLinks } from '@/components/PublicContent/format';
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
  const rows: { label: string; icon: ReactNode; value: ReactNode }[] = [];
  if (data.postalAddress) rows.push({ label: '通讯地址', icon: <EnvironmentOutlined />, value: data.postalAddress });
  if (data.postcode) rows.push({ label: '邮政编码', icon: <InboxOutlined />, value: data.postcode });
  if (data.phone) rows.push({ label: '联系电话', icon: <PhoneOutlined />, value: <Phones value={data.phone} /> });
  if (data.fax) rows.push({ label: '传真', icon: <PrinterOutlined />, value: data.fax });
  if (data.email) {
    rows.push({ label: '电子邮箱', icon: <MailOutlined />, value: <a href={`mailto:${data.email}`}>{data.email}</a> });
  }
  if (data.contactHours) rows.push({ label: '办公时间', icon: <ClockCircleOutlined />, value: data.contactHours });
  if (rows.length === 0) return null;
  return (
    <dl className={styles.list}>
      {rows.map((row) => (
        <div key={row.label} className={styles.row}>
          <dt className={styles.term}>
            <span aria-hidden className={styles.icon}>
              {row.icon}
            </span>
            {row.label}
          </dt>
          <dd className={styles.value}>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}
