/** One expert: photo or initial, name, title, work unit and position, specialties, masked contacts. */
import type { PublicExpert } from '@common/schemas/public';
import NameBadge from '@/components/PublicContent/NameBadge';
import styles from './ExpertCard.less';

export default function ExpertCard({ expert }: { expert: PublicExpert }) {
  const role = [expert.professionalTitleLabel, expert.position].filter(Boolean).join(' · ');
  return (
    <article className={styles.card}>
      <NameBadge name={expert.name} image={expert.photo} alt={`${expert.name}的照片`} chars={1} shape="circle" size={72} />
      <div className={styles.body}>
        <h2 className={styles.name}>{expert.name}</h2>
        {role && <p className={styles.line}>{role}</p>}
        {expert.workUnit && <p className={styles.line}>{expert.workUnit}</p>}
        {expert.specialtyLabels.length > 0 && (
          <ul className={styles.tags} aria-label="专业领域">
            {expert.specialtyLabels.map((label) => (
              <li key={label} className={styles.tag}>
                {label}
              </li>
            ))}
          </ul>
        )}
        {(expert.phone || expert.email) && (
          <dl className={styles.contacts}>
            {expert.phone && (
              <div>
                <dt>电话</dt>
                <dd>{expert.phone}</dd>
              </div>
            )}
            {expert.email && (
              <div>
                <dt>邮箱</dt>
                <dd>{expert.email}</dd>
              </div>
            )}
          </dl>
        )}
      </div>
    </article>
  );
}
