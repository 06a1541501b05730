/** One unit in the window: its logo (or name badge), name, level and member number, linking to its page. */
import { Link } from '@umijs/max';
import type { PublicMemberUnitItem } from '@common/schemas/public';
import { memberUnitHref } from '@/components/PublicContent/links';
import NameBadge from '@/components/PublicContent/NameBadge';
import styles from './UnitCard.less';

export default function UnitCard({ unit }: { unit: PublicMemberUnitItem }) {
  return (
    <Link to={memberUnitHref(unit.id)} className={styles.card}>
      <NameBadge name={unit.name} image={unit.logo} alt="" size={64} />
      <div className={styles.text}>
        <h2 className={styles.name}>{unit.name}</h2>
        <div className={styles.facts}>
          {unit.memberLevelLabel && <span className={styles.level}>{unit.memberLevelLabel}</span>}
          {unit.memberNo && <span className={styles.no}>会员编号：{unit.memberNo}</span>}
        </div>
      </div>
    </Link>
  );
}
