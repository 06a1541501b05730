/**
 * "Chrome 120 · Windows" from a user agent: enough for a person to recognise their own
 * devices in a session list. Not a full parser; unknown agents are 未知设备.
 */
const BROWSERS: [name: string, pattern: RegExp][] = [
  ['微信', /MicroMessenger\/(\d+)/],
  ['企业微信', /wxwork\/(\d+)/],
  ['钉钉', /DingTalk\/(\d+)/],
  ['Edge', /Edg(?:e|A|iOS)?\/(\d+)/],
  ['Opera', /OPR\/(\d+)/],
  ['QQ浏览器', /QQBrowser\/(\d+)/],
  ['360浏览器', /QihooBrowser\/(\d+)|360SE|360EE/],
  ['Firefox', /(?:Firefox|FxiOS)\/(\d+)/],
  ['Chrome', /(?:Chrome|CriOS)\/(\d+)/],
  ['Safari', /Version\/(\d+)[\d.]* (?:Mobile\/\S+ )?Safari\//],
];

const SYSTEMS: [name: string, pattern: RegExp][] = [
  ['HarmonyOS', /HarmonyOS|OpenHarmony/],
  ['Android', /Android/],
  ['iPhone', /iPhone/],
  ['iPad', /iPad/],
  ['Windows', /Windows/],
  ['macOS', /Mac OS X|Macintosh/],
  ['Linux', /Linux|X11/],
];

export function describeDevice(userAgent: string | null | undefined): string {
  if (!userAgent) return '未知设备';
  const browser = BROWSERS.find(([, pattern]) => pattern.test(userAgent));
  const system = SYSTEMS.find(([, pattern]) => pattern.test(userAgent));
  let browserText: string | null = null;
  if (browser) {
    const version = browser[1].exec(userAgent)?.[1];
    browserText = version ? `${browser[0]} ${version}` : browser[0];
  }
  const parts = [browserText, system?.[0] ?? null].filter((p): p is string => !!p);
  return parts.length ? parts.join(' · ') : userAgent.slice(0, 40);
}
