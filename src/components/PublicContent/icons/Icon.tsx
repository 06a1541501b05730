/**
 * The few icons the public pages and the login page draw, as inline SVG: the outlines of
 * @ant-design/icons (same look), without its runtime (a style sheet inserted by script, a
 * context, colour helpers) on the pages a phone loads first. One module per shape (./search.ts
 * …), so that each page's chunk carries only the icons it draws.
 */
import styles from './Icon.less';

export interface IconShape {
  viewBox: string;
  paths: readonly string[];
}

/** Decorative (aria-hidden): the control around it carries the name. 1em square, in the text's colour. */
export function Icon({ shape, className }: { shape: IconShape; className?: string }) {
  return (
    <svg
      className={className ? `${styles.icon} ${className}` : styles.icon}
      viewBox={shape.viewBox}
      width="1em"
      height="1em"
      fill="currentColor"
      focusable="false"
      aria-hidden
    >
      {shape.paths.map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}
