/**
 * How the public site writes dates, sizes, file types, phone and mail links. Pure functions,
 * so the rules (every date YYYY-MM-DD, as public-service sites are checked for) are tested without
 * rendering.
 */
/** A date, or a date and time, without a zone: read in the visitor's own time zone (as dayjs did). */
const LOCAL_DATE = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * '2026-11-20T08:00:00.000Z' → '2026-11-20' (in the visitor's time zone); '' when empty or bad.
 * Plain Date, not dayjs: the public pages need this one format, and the library would come with
 * every page.
 */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  const local = LOCAL_DATE.exec(value);
  const date = local ? new Date(Number(local[1]), Number(local[2]) - 1, Number(local[3]), Number(local[4] ?? 0), Number(local[5] ?? 0)) : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** 532 → '532 B'; 102400 → '100 KB'; 3_250_000 → '3.1 MB'. */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '';
  if (bytes < 1024) return `${bytes} B`;
  const trim = (n: number) => (n >= 100 ? n.toFixed(0) : n.toFixed(1).replace(/\.0$/, ''));
  if (bytes < 1024 * 1024) return `${trim(bytes / 1024)} KB`;
  if (bytes < 1024 * 1024 * 1024) return `${trim(bytes / (1024 * 1024))} MB`;
  return `${trim(bytes / (1024 * 1024 * 1024))} GB`;
}

const TYPE_NAMES: Record<string, string> = {
  'application/pdf': 'PDF',
  'application/msword': 'Word',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'Word',
  'application/vnd.ms-excel': 'Excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'Excel',
  'application/vnd.ms-powerpoint': 'PPT',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'PPT',
  'application/zip': 'ZIP',
  'application/x-zip-compressed': 'ZIP',
  'text/plain': '文本',
};

/** What kind of file, in words a visitor knows: 'PDF', 'Word', 'JPG 图片'… */
export function fileTypeLabel(name: string, contentType: string): string {
  const ext = /\.([a-z0-9]{1,6})$/i.exec(name)?.[1]?.toUpperCase();
  if (contentType.startsWith('image/')) return `${ext ?? contentType.slice(6).toUpperCase()} 图片`;
  return TYPE_NAMES[contentType] ?? ext ?? '文件';
}

/** The numbers in a phone field ("(0571) 8888 6666、8888 6667") as separate tel: targets. */
export function phoneLinks(phone: string): { text: string; href: string }[] {
  return phone
    .split(/[、,，;；/]/)
    .map((part) => part.trim())
    .filter(Boolean)
    .map((text) => ({ text, href: `tel:${text.replace(/[^\d+]/g, '')}` }))
    .filter((link) => link.href.length > 'tel:'.length + 2);
}

/** An http(s) address or an in-site path; anything else (javascript:…) is not a link. */
export function isExternalUrl(url: string): boolean {
  return /^https?:\/\//i.test(url);
}

export function isSitePath(url: string): boolean {
  return url.startsWith('/') && !url.startsWith('//');
}
