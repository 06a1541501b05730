/** 会员之窗 on the home page: logos (or name badges) of the units shown in the window, each to its page. */
import { Link } from '@umijs/max';
import type { PublicMemberUnitItem } from '@common/schemas/public';
import { memberUnitHref } from '@/components/PublicContent/links';
import NameBadge from '@/components/PublicContent/NameBadge';
import styles from './HomeSections.less';

/** Two rows on a wide screen; the rest are one click away (更多). */
export const MEMBER_STRIP_MAX = 12;

export default function MemberStrip({ members }: { members: readonly PublicMemberUnitItem[] }) {
  if (members.length === 0) return <p className={styles.emptyText}>会员单位信息正在整理，敬请期待。</p>;
  return (
    <ul className={styles.members}>
      {members.slice(0, MEMBER_STRIP_MAX).map((unit) => (
        <li key={unit.id}>
          <Link to={memberUnitHref(unit.id)} className={styles.member}>
            <NameBadge name={unit.name} image={unit.logo} alt="" size={48} />
            <span className={styles.memberName}>{unit.name}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
