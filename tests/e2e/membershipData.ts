/**
 * Fresh identities for the membership journey: the e2e database lives for the whole run
 * (globalSetup.ts) and a credit code, login account or ID number may be used only once, so
 * each run makes its own, valid by the same checks the form and the server apply.
 */
import { checkCreditCode, checkIdCardNo } from '@common/validators';

const CREDIT_CODE_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';

const pick = (chars: string) => chars[Math.floor(Math.random() * chars.length)];
const digits = (n: number) => Array.from({ length: n }, () => pick('0123456789')).join('');

/** The check character is whichever one common/validators.ts accepts (one source for the rule). */
function withCheck(body: string, candidates: string, check: (v: string) => string | undefined): string {
  for (const c of candidates) {
    if (!check(body + c)) return body + c;
  }
  throw new Error(`no check character makes ${body} valid`);
}

/** 统一社会信用代码 of a company registered in Hangzhou (9133 0100 …), random body. */
export function newCreditCode(): string {
  const body = `91330100${Array.from({ length: 9 }, () => pick(CREDIT_CODE_CHARS)).join('')}`;
  return withCheck(body, CREDIT_CODE_CHARS, checkCreditCode);
}

/** 居民身份证号码 of someone born in the 1980s in Hangzhou, random birthday and sequence. */
export function newIdCardNo(): string {
  const year = 1980 + Math.floor(Math.random() * 10);
  const month = String(1 + Math.floor(Math.random() * 12)).padStart(2, '0');
  const day = String(1 + Math.floor(Math.random() * 28)).padStart(2, '0');
  return withCheck(`330106${year}${month}${day}${digits(3)}`, '0123456789X', checkIdCardNo);
}

export function newMobile(): string {
  return `139${digits(8)}`;
}

/** A short tag that makes this run's names unique (and findable by keyword). */
export function runTag(): string {
  return `${Date.now().toString().slice(-6)}${digits(2)}`;
}

/** A minimal PDF: the server recognises the bytes (%PDF), which is what a licence upload needs. */
export const LICENCE_PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
