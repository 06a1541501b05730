/**
 * The footer's details from the server's footer site page (staff edit it), over the built-in
 * fallback: the footer renders at once and never shows an error, since a visitor reading
 * news should not be told that the footer failed to load. On a first visit the page usually
 * came with that answer (src/request/firstScreen.ts): the footer starts with it and asks nothing.
 */
import { useEffect, useState } from 'react';
import type { PublicSitePage } from '@common/schemas/sitePages';
import { dropFirstScreenAnswer, peekFirstScreenData } from '@/request/firstScreen';
import { getPublicSitePage, publicSitePagePath } from '@/services/sitePages';
import { FOOTER_INFO, type FooterInfo } from './footerInfo';

export function mergeFooterInfo(fallback: FooterInfo, data: Partial<Record<keyof FooterInfo, unknown>>): FooterInfo {
  const text = (value: unknown, otherwise: string) => (typeof value === 'string' && value.trim() ? value : otherwise);
  return {
    ...fallback,
    associationName: text(data.associationName, fallback.associationName),
    postalAddress: text(data.postalAddress, fallback.postalAddress),
    phone: text(data.phone, fallback.phone),
    icpNumber: text(data.icpNumber, fallback.icpNumber),
    copyright: text(data.copyright, fallback.copyright),
    publicSecurityRecord: text(data.publicSecurityRecord, fallback.publicSecurityRecord ?? '') || undefined,
  };
}

export default function useFooterInfo(): FooterInfo {
  const [initial] = useState(() => peekFirstScreenData<PublicSitePage>(publicSitePagePath('footer')));
  const [info, setInfo] = useState<FooterInfo>(() => (initial ? mergeFooterInfo(FOOTER_INFO, initial.data) : FOOTER_INFO));
  useEffect(() => {
    if (initial) {
      dropFirstScreenAnswer(publicSitePagePath('footer'));
      return undefined;
    }
    let active = true;
    getPublicSitePage('footer', { skipErrorHandler: true })
      .then((page) => {
        if (active) setInfo(mergeFooterInfo(FOOTER_INFO, page.data));
      })
      .catch(() => {
        // Keep the fallback: see the comment above.
      });
    return () => {
      active = false;
    };
  }, [initial]);
  return info;
}
