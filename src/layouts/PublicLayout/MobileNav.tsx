/**
 * The column menu in a side drawer, for narrow screens (the header shows its 栏目 button below
 * 768 px). Loaded the first time the button is used, not with the page: most visits never
 * open it, and the drawer is a few KB of every first visit otherwise.
 *
 * Plain links: every column (通知公告 too, which the top menu leaves out), each with what it
 * holds where its name does not say it, then the ways in for members and applicants.
 */
import { useEffect, useRef, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import { Link } from '@umijs/max';
import type { PageEntry } from '@common/menu';
import { WAYS_IN } from '@/components/PublicContent/links';
import controls from '@/components/PublicContent/controls.less';
import styles from './MobileNav.less';

export interface MobileNavProps {
  open: boolean;
  onClose: () => void;
  /** The drawer's columns (publicMenuEntries with `phone`). */
  entries: readonly PageEntry[];
  /** The column of the page shown, marked as the current one. */
  activePath?: string;
}

const TITLE_ID = 'mobile-nav-title';
const FOCUSABLE = 'a[href], button:not([disabled])';

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

/**
 * A modal side panel (a dialog): focus moves to its 关闭 button and stays inside while it is
 * open; 关闭, Esc or a tap beside it closes it and puts focus back on the 栏目 button; a link
 * closes it and opens its page.
 */
export default function MobileNav({ open, onClose, entries, activePath }: MobileNavProps) {
  const panel = useRef<HTMLDivElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const opener = useRef<HTMLElement | null>(null);

  useEffect(() => {
    if (!open) return undefined;
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    closeButton.current?.focus();
    // The page behind does not scroll under the panel.
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
    };
  }, [open]);

  if (!open) return null;

  const dismiss = () => {
    onClose();
    opener.current?.focus();
  };

  const onKeyDown = (event: ReactKeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      dismiss();
      return;
    }
    if (event.key !== 'Tab' || !panel.current) return;
    const focusable = [...panel.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return createPortal(
    <div className={styles.root} onKeyDown={onKeyDown}>
      <div className={styles.mask} onClick={dismiss} aria-hidden />
      <div ref={panel} role="dialog" aria-modal="true" aria-labelledby={TITLE_ID} className={styles.panel}>
        <div className={styles.header}>
          <h2 id={TITLE_ID} className={styles.drawerTitle}>
            网站栏目
          </h2>
          <button ref={closeButton} type="button" className={`${controls.button} ${controls.textButton} ${styles.close}`} onClick={dismiss}>
            关闭
          </button>
        </div>
        <div className={styles.body}>
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
        </div>
      </div>
    </div>,
    document.body,
  );
}
