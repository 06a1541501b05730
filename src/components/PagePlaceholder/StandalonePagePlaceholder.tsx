/** A standalone page (no layout) whose contents come with the membership issue. */
import { Button, Result } from 'antd';
import HourglassOutlined from '@ant-design/icons/HourglassOutlined';
import { Link } from '@umijs/max';
import { findPage } from '@common/menu';
import { ASSOCIATION_NAME, LOGO_URL } from '@/layouts/brand';
import styles from './index.less';

export default function StandalonePagePlaceholder({ path, note }: { path: string; note: string }) {
  const title = findPage(path)?.title ?? '';
  return (
    <div className={styles.standalone}>
      <Link to="/" className={styles.standaloneBrand}>
        <img src={LOGO_URL} alt="协会标志" className={styles.logo} />
        <span>{ASSOCIATION_NAME}</span>
      </Link>
      <div className={styles.standaloneCard}>
        <Result
          icon={<HourglassOutlined aria-hidden style={{ color: '#1d4e89' }} />}
          title={title}
          subTitle={note}
          extra={[
            <Link key="home" to="/">
              <Button type="primary">返回首页</Button>
            </Link>,
          ]}
        />
      </div>
    </div>
  );
}
