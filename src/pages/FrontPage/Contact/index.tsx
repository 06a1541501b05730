/** 联系我们: the site page `contact`, its address, phone, fax, e-mail and office hours first. */
import { findPage } from '@common/menu';
import SitePageView from '@/components/PublicContent/SitePageView';
import ContactDetails from './components/ContactDetails';

const TITLE = findPage('/FrontPage/Contact')?.title ?? '联系我们';

export default function ContactPage() {
  return (
    <SitePageView
      pageKey="contact"
      title={TITLE}
      description="协会的通讯地址、邮政编码、联系电话、传真、电子邮箱和办公时间。"
      renderDetails={(page) => <ContactDetails data={page.data} />}
    />
  );
}
