/**
 * A public page whose contents come with a later issue: its real title from the one table
 * of pages, and a calm note. Plain antd only, like the rest of the public site.
 */
import { Typography } from 'antd';
import { findPage } from '@common/menu';
import styles from './index.less';

interface Props {
  path: string;
  /** A more specific title than the table's (the detail page showing the disclaimer, say). */
  title?: string;
}

export default function PublicPagePlaceholder({ path, title: ownTitle }: Props) {
  const title = ownTitle ?? findPage(path)?.title ?? '';
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
