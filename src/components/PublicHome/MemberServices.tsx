/** The home page's 会员服务: the ways in for a unit that wants to join and for members, with what each holds. */
import { Link } from '@umijs/max';
import { JOIN_APPLICATION, JOIN_GUIDE, MEMBER_LOGIN } from '@/components/PublicContent/links';
import styles from './Services.less';

const TILES = [JOIN_GUIDE, JOIN_APPLICATION, MEMBER_LOGIN];

export default function MemberServices() {
  return (
    <ul className={styles.tiles}>
      {TILES.map((way) => (
        <li key={way.path}>
          <Link to={way.path} className={styles.tile}>
            <span className={styles.tileTitle}>{way.title}</span>
            <span className={styles.tileNote}>{way.description}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
