/**
 * The personal-information fields of a practitioner, as every module reads and writes them.
 * Masking is common/validators.ts's (`maskIdCardNo`, `maskPhone`): one policy for lists,
 * details, exports and public pages.
 *
 *   const stored = encryptPractitionerPii(app.pii, { idCardNo, phone });   // → columns to write
 *   const { value, damaged } = readPii(app.pii, row.id_card_enc);          // whole value, or damaged
 *   const hash = idCardHash(app.pii, body.idCardNo);                      // uniqueness / exact look-up
 */
import { maskIdCardNo, maskPhone } from '@common/validators';
import { isEncrypted, PiiDecryptError, type FieldCipher } from './cipher';

/** What a list shows for a value that cannot be decrypted: that row says so, the list still answers. */
export const DAMAGED_TEXT = '（数据损坏，无法解密）';

/** ID numbers compare in upper case without spaces (the trailing X). */
export function normaliseIdCardNo(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

export function idCardHash(pii: FieldCipher, idCardNo: string): string {
  return pii.blindIndex(`id:${normaliseIdCardNo(idCardNo)}`);
}

export interface PractitionerPiiColumns {
  id_card_enc: string;
  id_card_hash: string;
  phone_enc: string | null;
}

export function encryptPractitionerPii(
  pii: FieldCipher,
  input: { idCardNo: string; phone: string | null | undefined },
): PractitionerPiiColumns {
  const idCardNo = normaliseIdCardNo(input.idCardNo);
  const phone = input.phone?.trim() || null;
  return {
    id_card_enc: pii.encrypt(idCardNo),
    id_card_hash: idCardHash(pii, idCardNo),
    phone_enc: phone ? pii.encrypt(phone) : null,
  };
}

export interface PiiValue {
  value: string | null;
  /** The stored text could not be decrypted (damaged, or another key). */
  damaged: boolean;
}

/** The whole value of a stored field (plaintext left by an older version reads as is). */
export function readPii(pii: FieldCipher, stored: string | null | undefined): PiiValue {
  if (stored === null || stored === undefined || stored === '') return { value: null, damaged: false };
  if (!isEncrypted(stored)) return { value: stored, damaged: false };
  try {
    return { value: pii.decrypt(stored), damaged: false };
  } catch (err) {
    if (err instanceof PiiDecryptError) return { value: null, damaged: true };
    throw err;
  }
}

export type PiiKind = 'idCard' | 'phone';

/** The value as this viewer may see it: whole when `whole`, masked otherwise, a note when damaged. */
export function showPii(pii: FieldCipher, stored: string | null | undefined, kind: PiiKind, whole: boolean): string | null {
  const { value, damaged } = readPii(pii, stored);
  if (damaged) return DAMAGED_TEXT;
  if (value === null) return null;
  if (whole) return value;
  return kind === 'idCard' ? maskIdCardNo(value) : maskPhone(value);
}
