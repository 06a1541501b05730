/**
 * A link to a certificate's printable page (/certificate-view?no=…). That page stands alone,
 * outside the back office, so it opens in a new tab: the back office stays where it was.
 */
import type { ReactNode } from 'react';

export function certificateViewPath(number: string): string {
  return `/certificate-view?no=${encodeURIComponent(number)}`;
}

export default function CertificateLink({ number, children }: { number: string; children?: ReactNode }) {
  return (
    <a href={certificateViewPath(number)} target="_blank" rel="noopener noreferrer">
      {children ?? number}
    </a>
  );
}
