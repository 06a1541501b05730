/**
 * Rich text from staff (articles, notices, site pages) is sanitised on the server, with an
 * allow-list, before it is stored: whatever a browser, an editor plug-in or a hand-made
 * request sends, a stored `<script>`, an `onerror=` or a `javascript:` URL never reaches a
 * visitor. The allow-list is what wangEditor 5 produces (headings, lists, tables, links,
 * images, alignment and colours), nothing more.
 */
import sanitizeHtml from 'sanitize-html';

const ALLOWED_STYLES: Record<string, RegExp[]> = {
  'text-align': [/^(left|right|center|justify)$/],
  'text-indent': [/^\d+(\.\d+)?(em|px)$/],
  color: [/^#[0-9a-f]{3,8}$/i, /^rgba?\([\d\s.,%]+\)$/i],
  'background-color': [/^#[0-9a-f]{3,8}$/i, /^rgba?\([\d\s.,%]+\)$/i],
  'font-size': [/^\d+(\.\d+)?(px|em|rem|pt|%)$/],
  'font-weight': [/^(bold|normal|\d{3})$/],
  'line-height': [/^\d+(\.\d+)?(px|em|%)?$/],
  width: [/^\d+(\.\d+)?(px|%|em)$/, /^auto$/],
  height: [/^\d+(\.\d+)?(px|%|em)$/, /^auto$/],
  'text-decoration': [/^(underline|line-through|none)$/],
};

const STYLED = ['p', 'span', 'div', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'li', 'td', 'th', 'img', 'table', 'blockquote'];

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p', 'br', 'hr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre', 'code',
    'strong', 'b', 'em', 'i', 'u', 's', 'del', 'sub', 'sup', 'span', 'div', 'font',
    'ul', 'ol', 'li', 'a', 'img',
    'table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'caption', 'colgroup', 'col',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height', 'data-href'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan'],
    col: ['span', 'width'],
    ol: ['start'],
    ...Object.fromEntries(STYLED.map((tag) => [tag, [...(tag === 'img' ? ['src', 'alt', 'title', 'width', 'height', 'data-href'] : tag === 'td' || tag === 'th' ? ['colspan', 'rowspan'] : []), 'style']])),
  },
  allowedStyles: { '*': ALLOWED_STYLES },
  // Links may leave the site over http(s) or open mail; images only over http(s) or from
  // this site (the files API). Relative links stay inside the site.
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite', 'data-href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Dropped with their contents: nothing in them is text a reader should see.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'svg', 'math', 'template'],
  transformTags: {
    // A link that opens a new window must not hand it our window (reverse tabnabbing).
    a: (tagName, attribs) => {
      const next: Record<string, string> = { ...attribs };
      if (next.target && next.target !== '_blank') delete next.target;
      if (next.target === '_blank') next.rel = 'noopener noreferrer';
      else delete next.rel;
      return { tagName, attribs: next };
    },
    // <font> from pasted Word text becomes a plain span.
    font: () => ({ tagName: 'span', attribs: {} }),
    b: 'strong',
    i: 'em',
  },
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/**
 * The readable text of rich text that was sanitised on save (for search, snippets and meta
 * descriptions). Sanitised HTML is well-formed and holds no script or style, so dropping
 * the tags is enough, and much faster than parsing it again.
 */
export function htmlToText(html: string): string {
  const text = html.replace(/<\/(p|div|h\d|li|tr|td|th|blockquote|pre)>|<br\s*\/?>/gi, ' ').replace(/<[^>]*>/g, '');
  return decodeEntities(text).replace(/\s+/g, ' ').trim();
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+|#39);/gi, (whole, name: string) => {
    const lower = name.toLowerCase();
    // Own keys only: `&constructor;` must stay text, not become Object's source code.
    if (Object.hasOwn(ENTITIES, lower)) return ENTITIES[lower];
    if (lower.startsWith('#x')) return String.fromCodePoint(parseInt(lower.slice(2), 16));
    if (lower.startsWith('#')) return String.fromCodePoint(parseInt(lower.slice(1), 10));
    return whole;
  });
}

/** File ids of this site's images in rich text (`/api/v1/file/view/<uuid>`): they become public with it. */
export function inlineFileIds(html: string): string[] {
  const ids = new Set<string>();
  const re = /\/api\/v1\/file\/(?:view|download)\/([0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12})/g;
  for (const m of html.matchAll(re)) ids.add(m[1]);
  return [...ids];
}
