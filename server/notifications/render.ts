/**
 * Templates into messages: `{{name}}` replaced by its value (HTML-escaped in the HTML body, line
 * breaks kept as <br>), a missing value left empty. The e-mail's footer says whether the notice
 * is mandatory (and cannot be turned off) or optional (and where to turn it off).
 *
 * Addresses are personal information: lists show them masked (`maskAddress`), and an error a
 * provider answered is stored and shown with the addresses in it masked (`redactAddresses`),
 * since "550 <zhang@example.cn> unknown" would otherwise show the whole address to every reader
 * of 通知记录.
 */
import { PLACEHOLDER_SOURCE, type NoticeKind } from '@common/schemas/notifications';
import { maskEmail, maskPhone } from '@common/validators';

export type NoticeParams = Readonly<Record<string, string>>;

export function fillText(template: string, params: NoticeParams): string {
  return template.replace(new RegExp(PLACEHOLDER_SOURCE, 'g'), (_, name: string) => (Object.hasOwn(params, name) ? (params[name] ?? '') : ''));
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

/** The HTML body: every value escaped, its line breaks as <br>. */
export function fillHtml(template: string, params: NoticeParams): string {
  return template.replace(new RegExp(PLACEHOLDER_SOURCE, 'g'), (_, name: string) =>
    Object.hasOwn(params, name) ? escapeHtml(params[name] ?? '').replace(/\r?\n/g, '<br>') : '',
  );
}

// ---- links in values -------------------------------------------------------------------------

/**
 * Values that are links the server itself built (the site's address, a complaint's query page),
 * or text staff wrote as the notice (a one-off notice): kept as they are. Every other value may
 * come from someone outside (a unit's project name, a reason, a person's name) and goes out with
 * its links disarmed (`disarmLinks`), in the e-mail's subject, text and HTML and in the SMS.
 */
const LINKS_KEPT: Readonly<Partial<Record<NoticeKind, readonly string[]>>> = {
  complaint_progress: ['queryUrl'],
  one_off: ['title', 'body'],
};
const LINKS_KEPT_ALWAYS: readonly string[] = ['siteUrl'];

const SCHEME = /\b([a-z][a-z0-9+.-]{1,20}):\/\//gi;
// A dot before a letter (example.com, 例子.中国, evil.com.cn) or inside an IPv4 address.
const DOMAIN_DOT = /(?<=[\p{L}\p{N}_-])\.(?=\p{L})/gu;
const IPV4 = /(?<!\d)\d{1,3}(?:\.\d{1,3}){3}(?!\d)/g;

/**
 * A value with nothing a mail client or a phone's SMS app would turn into a link: what they
 * detect is a scheme (`https://`), `www.`, or a bare name with a dot before letters
 * (`evil.com`, `a@evil.cn`) or an IP address. The scheme's `://` and every such dot are written
 * the way security notices "defang" addresses (`https[:]//evil[.]com`): still readable, never a
 * link. A value without an address is unchanged (Chinese text, dates, `84.5`).
 */
export function disarmLinks(value: string): string {
  return value
    .replace(SCHEME, '$1[:]//')
    .replace(IPV4, (m) => m.replace(/\./g, '[.]'))
    .replace(DOMAIN_DOT, '[.]');
}

/** The values as they go into a message of this kind (see LINKS_KEPT). */
export function messageParams(kind: NoticeKind, params: NoticeParams): NoticeParams {
  const kept = new Set([...LINKS_KEPT_ALWAYS, ...(LINKS_KEPT[kind] ?? [])]);
  return Object.fromEntries(Object.entries(params).map(([name, value]) => [name, kept.has(name) ? value : disarmLinks(value ?? '')]));
}

export interface TemplateTexts {
  subject: string;
  textBody: string;
  htmlBody: string;
}

export interface RenderedNotice {
  subject: string;
  text: string;
  html: string;
}

/** The subject is one line: line breaks in values become spaces. The values' links are disarmed (messageParams). */
export function renderNotice(template: TemplateTexts, raw: NoticeParams, kind: NoticeKind): RenderedNotice {
  const params = messageParams(kind, raw);
  return {
    subject: fillText(template.subject, params).replace(/\s*\r?\n\s*/g, ' ').trim(),
    text: fillText(template.textBody, params),
    html: fillHtml(template.htmlBody, params),
  };
}

export const MANDATORY_FOOTER = '这是一条必要通知，不能退订。';
export const OPTIONAL_FOOTER = '这是一条可选通知。如不希望再收到此类邮件，可登录协会网站，在“个人中心”关闭“接收可选的邮件通知”。';

/** The e-mail as sent: the rendered notice and the footer. */
export function withFooter(notice: RenderedNotice, mandatory: boolean): RenderedNotice {
  const footer = mandatory ? MANDATORY_FOOTER : OPTIONAL_FOOTER;
  return {
    subject: notice.subject,
    text: `${notice.text}\n\n——\n${footer}`,
    html: `${notice.html}<hr><p style="color:#666;font-size:12px">${escapeHtml(footer)}</p>`,
  };
}

// ---- addresses ---------------------------------------------------------------------------------

/** A mainland mobile number in its 11 digits (spaces, dashes and a +86 / 86 prefix removed), or null. */
export function mobileNumber(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const digits = raw.replace(/[\s-]/g, '').replace(/^(\+?86)(?=1\d{10}$)/, '');
  return /^1[3-9]\d{9}$/.test(digits) ? digits : null;
}

/** An e-mail address worth trying (one @, a dot in the domain, no spaces), trimmed; or null. */
export function emailAddress(raw: string | null | undefined): string | null {
  const value = raw?.trim();
  return value && /^[^\s@<>(),;:"]+@[^\s@<>(),;:"]+\.[^\s@<>(),;:"]+$/.test(value) ? value : null;
}

/** What the list shows of an address: an e-mail as z***@example.org, a phone as 138****0000. */
export function maskAddress(address: string): string {
  return address.includes('@') ? maskEmail(address) : maskPhone(address);
}

/** The form an address is compared in (the keyed hash of the list's exact look-up). */
export function normaliseAddress(address: string): string {
  const value = address.trim();
  return value.includes('@') ? `email:${value.toLowerCase()}` : `phone:${mobileNumber(value) ?? value.replace(/[\s-]/g, '')}`;
}

const EMAIL_IN_TEXT = /[^\s<>()[\],;:"']+@[^\s<>()[\],;:"']+\.[A-Za-z]{2,}/g;
const PHONE_IN_TEXT = /(?<!\d)(?:\+?86)?1[3-9]\d{9}(?!\d)/g;

/** A provider's error as stored and shown: addresses masked, one line, at most 500 characters. */
export function redactAddresses(text: string): string {
  return text
    .replace(EMAIL_IN_TEXT, (m) => maskEmail(m))
    .replace(PHONE_IN_TEXT, (m) => maskPhone(m.replace(/^\+?86/, '')))
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 500);
}
