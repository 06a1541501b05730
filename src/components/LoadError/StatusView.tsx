/**
 * A calm full-width message with one button, in plain React and CSS: what the load-error view
 * and the page-error view show. They sit in the entry script and the public pages, which carry
 * no antd; the look follows antd's Result (icon, title, explanation, button).
 */
import styles from './StatusView.less';

export interface StatusViewProps {
  status: 'warning' | 'error';
  title: string;
  /** The page's heading when the view is the whole page (the not-found page). */
  titleAs?: 'div' | 'h1';
  subTitle: string;
  action: { label: string; onClick: () => void };
}

/** antd's ExclamationCircleFilled and CloseCircleFilled outlines (viewBox 64 64 896 896). */
const ICON_PATHS = {
  warning:
    'M512 64C264.6 64 64 264.6 64 512s200.6 448 448 448 448-200.6 448-448S759.4 64 512 64zm-32 232c0-4.4 3.6-8 8-8h48c4.4 0 8 3.6 8 8v272c0 4.4-3.6 8-8 8h-48c-4.4 0-8-3.6-8-8V296zm32 440a48.01 48.01 0 010-96 48.01 48.01 0 010 96z',
  error:
    'M512 64C264.6 64 64 264.6 64 512s200.6 448 448 448 448-200.6 448-448S759.4 64 512 64zm165.4 618.2l-66-.3L512 563.4l-99.3 118.4-66.1.3c-4.4 0-8-3.5-8-8 0-1.9.7-3.7 1.9-5.2l130.1-155L340.5 359a8.32 8.32 0 01-1.9-5.2c0-4.4 3.6-8 8-8l66.1.3L512 464.6l99.3-118.4 66-.3c4.4 0 8 3.5 8 8 0 1.9-.7 3.7-1.9 5.2L553.5 514l130 155c1.2 1.5 1.9 3.3 1.9 5.2 0 4.4-3.6 8-8 8z',
} as const;

export default function StatusView({ status, title, titleAs: Title = 'div', subTitle, action }: StatusViewProps) {
  return (
    <div className={styles.view}>
      <svg className={`${styles.icon} ${styles[status]}`} viewBox="64 64 896 896" width="72" height="72" fill="currentColor" aria-hidden>
        <path d={ICON_PATHS[status]} />
      </svg>
      <Title className={styles.title}>{title}</Title>
      <div className={styles.subTitle}>{subTitle}</div>
      <div className={styles.extra}>
        <button type="button" className={styles.button} onClick={action.onClick}>
          {action.label}
        </button>
      </div>
    </div>
  );
}
