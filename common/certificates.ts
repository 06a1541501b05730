/**
 * Certificate numbers, apart from the schemas (./schemas/certificates.ts) so that the home page's
 * 证书查询 box checks a number without bringing typebox to every visitor.
 */

/** Certificate numbers: letters, digits and hyphens (WPDW2024001, CY-2025-0012…). */
export const CERTIFICATE_NUMBER_PATTERN = '^[A-Za-z0-9-]{1,40}$';
