/** Personal information at rest: see cipher.ts (format), keys.ts (where the key lives), fields.ts (use). */
export { createFieldCipher, isEncrypted, PiiDecryptError, type FieldCipher } from './cipher';
export { DataKeyError, loadFieldCipher } from './keys';
export { DAMAGED_TEXT, encryptPractitionerPii, idCardHash, normaliseIdCardNo, readPii, showPii, type PiiValue } from './fields';
export { encryptPlaintextPii } from './backfill';
