/**
 * A credit tier as the public pages show it (信用公示, a unit's page in 会员之窗): the letter and
 * its word, coloured with AA contrast in both modes. Plain markup: the public pages load no antd.
 */
import { CREDIT_TIER_LABELS, type CreditTier } from '@common/credit';
import styles from './CreditTier.less';

export default function CreditTierBadge({ tier }: { tier: CreditTier }) {
  return <span className={`${styles.tier} ${styles[`tier${tier}`]}`}>{CREDIT_TIER_LABELS[tier]}</span>;
}
