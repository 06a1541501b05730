/**
 * Helpers of the demo data set (./demoData.ts): Beijing-time timestamps, article paragraphs, and
 * credit codes and ID numbers computed so that they pass the shared validators.
 */
import { checkCreditCode, checkIdCardNo } from '@common/validators';

/** '2026-03-12 10:30' (Beijing time) → ISO UTC text. */
export const ts = (local: string): string => new Date(`${local.replace(' ', 'T')}:00+08:00`).toISOString();

export const html = (...paragraphs: string[]): string =>
  paragraphs.map((t) => (t.startsWith('<') ? t : `<p>${t}</p>`)).join('\n');

const CREDIT_CODE_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const ORG_CODE_CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const ORG_CODE_WEIGHTS = [3, 7, 9, 10, 5, 8, 4, 2];

/** GB 11714 check character of an 8-character organisation code body (positions 9–17 of a credit code). */
function orgCodeCheck(body: string): string {
  const sum = [...body].reduce((s, ch, i) => s + ORG_CODE_CHARS.indexOf(ch) * ORG_CODE_WEIGHTS[i], 0);
  const c = 11 - (sum % 11);
  return c === 10 ? 'X' : c === 11 ? '0' : String(c);
}

/**
 * A unified social credit code: authority+type (e.g. '91' enterprise, '31' law firm, '52' private
 * non-enterprise unit), a 6-digit region, an organisation code body; the GB 32100 check character
 * is the one character the shared validator accepts, so seed and validator cannot disagree.
 */
export function makeCreditCode(kind: string, region: string, orgBody: string): string {
  const first17 = `${kind}${region}${orgBody}${orgCodeCheck(orgBody)}`;
  const check = [...CREDIT_CODE_CHARS].find((c) => checkCreditCode(first17 + c) === undefined);
  if (first17.length !== 17 || !check) throw new Error(`演示数据：无法生成统一社会信用代码 ${first17}`);
  return first17 + check;
}

/** An 18-digit ID number: region, birth date, a sequence whose last digit is odd for men, the GB 11643 check. */
export function makeIdCardNo(region: string, birth: string, seq: number, male: boolean): string {
  const s = seq * 2 + (male ? 1 : 0);
  const first17 = `${region}${birth}${String(s % 1000).padStart(3, '0')}`;
  const check = [...'0123456789X'].find((c) => checkIdCardNo(first17 + c) === undefined);
  if (first17.length !== 17 || !check) throw new Error(`演示数据：无法生成身份证号码 ${first17}`);
  return first17 + check;
}

export const addYears = (date: string, years: number): string => `${Number(date.slice(0, 4)) + years}${date.slice(4)}`;
