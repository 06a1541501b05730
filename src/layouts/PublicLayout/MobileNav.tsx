/**
 * The column menu in a side drawer, for narrow screens (the header shows its 栏目 button below
 * 768 px). Loaded the first time the button is used, not with the page: most visits never
 * open it, and the drawer is a few KB of every first visit otherwise.
 *
 * Plain links: every column (通知公告 too, which the top menu leaves out), each with what it
 * holds where its name does not say it, then the ways in for members and applicants.
 */
import { Button, Drawer } from 'antd';
import { Link } from '@umijs/max';
import type { PageEntry } from '@common/menu';
import { WAYS_IN } from '@/components/PublicContent/links';
import styles from './MobileNav.less';

export interface MobileNavProps {
  open: boolean;
  onClose: () => void;
  /** The drawer's columns (publicMenuEntries with `phone`). */
  entries: readonly PageEntry[];
  /** The column of the page shown, marked as the current one. */
  activePath?: string;
}

function Columns({ entries, activePath, onClose }: { entries: readonly PageEntry[]; activePath?: string; onClose: () => void }) {
  return (
    <ul className={styles.list}>
      {entries.map((entry) => (
        <li key={entry.path}>
          <Link
            to={entry.path}
            onClick={onClose}
            aria-current={entry.path === activePath ? 'page' : undefined}
            className={styles.link}
          >
            <span className={styles.title}>{entry.title}</span>
            {entry.description && <span className={styles.note}>{entry.description}</span>}
          </Link>
          {entry.children && <Columns entries={entry.children} activePath={activePath} onClose={onClose} />}
        </li>
      ))}
    </ul>
  );
}

export default function MobileNav({ open, onClose, entries, activePath }: MobileNavProps) {
  return (
    <Drawer
      title="网站栏目"
      placement="right"
      size={280}
      open={open}
      onClose={onClose}
      closeIcon={null}
      extra={
        <Button type="text" onClick={onClose}>
          关闭
        </Button>
      }
    >
      <nav aria-label="网站栏目（菜单）">
        <Columns entries={entries} activePath={activePath} onClose={onClose} />
      </nav>
      <nav aria-labelledby="mobile-nav-services" className={styles.services}>
        <h2 id="mobile-nav-services" className={styles.heading}>
          会员服务
        </h2>
        <ul className={styles.serviceList}>
          {WAYS_IN.map((way) => (
            <li key={way.path}>
              <Link to={way.path} onClick={onClose} className={styles.serviceLink}>
                {way.title}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </Drawer>
  );
}
