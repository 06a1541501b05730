import { checkPasswordBasics } from './passwordPolicy';

/**
 * Field checks shared by forms and the server, so that both say the same thing.
 * Each returns an error message in Chinese, or undefined when the value is fine.
 */

const CREDIT_CODE_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const CREDIT_CODE_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

/** 统一社会信用代码：18 位，第 18 位为 GB 32100-2015 校验码。 */
export function checkCreditCode(value: string): string | undefined {
  const code = value.trim().toUpperCase();
  if (!/^[0-9A-HJ-NPQRTUWXY]{18}$/.test(code)) {
    return '统一社会信用代码应为18位数字或大写字母（不含I、O、S、V、Z）';
  }
  let sum = 0;
  for (let i = 0; i < 17; i += 1) {
    sum += CREDIT_CODE_CHARS.indexOf(code[i]) * CREDIT_CODE_WEIGHTS[i];
  }
  const check = CREDIT_CODE_CHARS[(31 - (sum % 31)) % 31];
  return code[17] === check ? undefined : '统一社会信用代码校验位不正确';
}

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK = '10X98765432';

/** 居民身份证号码：18 位，出生日期有效，第 18 位为 GB 11643 校验码。 */
export function checkIdCardNo(value: string): string | undefined {
  const id = value.trim().toUpperCase();
  if (!/^\d{17}[\dX]$/.test(id)) return '身份证号码应为18位，最后一位可为X';
  const y = Number(id.slice(6, 10));
  const m = Number(id.slice(10, 12));
  const d = Number(id.slice(12, 14));
  const birth = new Date(Date.UTC(y, m - 1, d));
  if (
    y < 1900 ||
    birth.getUTCFullYear() !== y ||
    birth.getUTCMonth() !== m - 1 ||
    birth.getUTCDate() !== d ||
    birth.getTime() > Date.now()
  ) {
    return '身份证号码中的出生日期无效';
  }
  let sum = 0;
  for (let i = 0; i < 17; i += 1) sum += Number(id[i]) * ID_WEIGHTS[i];
  return id[17] === ID_CHECK[sum % 11] ? undefined : '身份证号码校验位不正确';
}

/** 手机号码（11 位，1 开头）或带区号的固定电话。 */
export function checkPhone(value: string): string | undefined {
  const v = value.trim();
  if (/^1[3-9]\d{9}$/.test(v) || /^0\d{2,3}-?\d{7,8}(-\d{1,6})?$/.test(v)) return undefined;
  return '请输入正确的手机号码或固定电话（如 13800000000 或 0571-88888888）';
}

/** An e-mail address: something@domain.tld, no spaces (the pattern is also used in schemas). */
export const EMAIL_PATTERN = '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$';
export function checkEmail(value: string): string | undefined {
  return new RegExp(EMAIL_PATTERN).test(value.trim()) ? undefined : '电子邮箱格式不正确，如 name@example.com';
}

/** The password rule lives in ./passwordPolicy.ts; these stay for existing imports. */
export { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './passwordPolicy';
/** Length and character classes (the synchronous part of the rule; the server also refuses common passwords). */
export function checkPassword(value: string): string | undefined {
  return checkPasswordBasics(value);
}

/** ID numbers and phones are masked outside their owner and staff (see docs/domain.md). */
export function maskIdCardNo(id: string): string {
  return id.length >= 18 ? `${id.slice(0, 6)}********${id.slice(14)}` : '*'.repeat(id.length);
}
export function maskPhone(phone: string): string {
  return phone.length >= 11 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : phone.replace(/\d(?=\d{2})/g, '*');
}
/** E-mail addresses on the public site: the first character of the local part, *** and the domain (z***@example.org). */
export function maskEmail(email: string): string {
  const value = email.trim();
  const at = value.lastIndexOf('@');
  if (at < 0) return '*'.repeat(value.length);
  return `${value.slice(0, Math.min(at, 1))}***${value.slice(at)}`;
}
