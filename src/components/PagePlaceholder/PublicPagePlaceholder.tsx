/**
 * A public page whose contents come with a later issue: its real title from the one table
 * of pages, and a calm note. Plain antd only, like the rest of the public site.
 */
import { Typography } from 'antd';
import { findPage } from '@common/menu';
import styles from './index.less';

export default function PublicPagePlaceholder({ path }: { path: string }) {
  const title = findPage(path)?.title ?? '';
  return (
    <section className={styles.publicPage}>
      <Typography.Title level={2} className={styles.publicTitle}>
        {title}
      </Typography.Title>
      <div className={styles.publicBody}>
        <p className={styles.publicNote}>栏目内容建设中，敬请期待。</p>
      </div>
    </section>
  );
}
