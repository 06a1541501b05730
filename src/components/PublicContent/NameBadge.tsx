/**
 * A logo or photo when there is one; else a badge with the first characters of the name
 * (decorative: the name is always written next to it).
 */
import type { PublicFile } from '@common/schemas/public';
import styles from './NameBadge.less';

interface NameBadgeProps {
  name: string;
  image: PublicFile | null;
  /** Alt text of the image ("华信公司标志"); "" when the name is written beside it in the same link. */
  alt: string;
  /** Characters on the badge: 2 for units, 1 for people. */
  chars?: number;
  shape?: 'square' | 'circle';
  size?: number;
  lazy?: boolean;
}

/** 华信社会风险评估咨询有限公司 → 华信; city and company words add nothing to a badge. */
export function badgeText(name: string, chars: number): string {
  const core = name.replace(/^(市|省)/, '').trim();
  return Array.from(core).slice(0, chars).join('') || '会';
}

export default function NameBadge({ name, image, alt, chars = 2, shape = 'square', size = 64, lazy = true }: NameBadgeProps) {
  const shapeClass = shape === 'circle' ? styles.circle : styles.square;
  if (image) {
    return (
      <img
        src={image.url}
        alt={alt}
        width={size}
        height={size}
        loading={lazy ? 'lazy' : undefined}
        decoding="async"
        className={`${styles.image} ${shapeClass}`}
        style={{ width: size, height: size }}
      />
    );
  }
  return (
    <span aria-hidden className={`${styles.badge} ${shapeClass}`} style={{ width: size, height: size, fontSize: size * (chars > 1 ? 0.32 : 0.42) }}>
      {badgeText(name, chars)}
    </span>
  );
}
