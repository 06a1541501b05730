/** Grey lines where content is loading (antd's active Skeleton, in plain CSS): hidden from screen readers. */
import styles from './controls.less';

export default function Skeleton({ rows = 3, avatar = false, className }: { rows?: number; avatar?: boolean; className?: string }) {
  const lines = (
    <div className={styles.skeleton}>
      {Array.from({ length: rows }, (_, i) => (
        <span key={i} className={styles.skeletonLine} />
      ))}
    </div>
  );
  return (
    <div className={`${styles.skeletonBox} ${className ?? ''}`} aria-hidden>
      {avatar && <span className={styles.skeletonAvatar} />}
      {lines}
    </div>
  );
}
