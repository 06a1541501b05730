/** Between the unit's record and its edit form; the form rules that repeat the server's. No React here. */
import dayjs, { type Dayjs } from 'dayjs';
import type { Rule } from 'antd/es/form';
import type { MemberInfoRecord, MemberInfoUpdateBody, MemberUnitStatusValue } from '@common/schemas/memberInfo';
import { checkCreditCode, checkEmail, checkPhone } from '@common/validators';
import type { FileUploadItem } from '@/components/FileUpload';
import { filesToItems, itemIds, orNull } from '@/components/ListPage';

export interface UnitValues {
  name: string;
  creditCode: string;
  legalRepresentative: string;
  contactPerson: string;
  contactPhone: string;
  email?: string;
  address?: string;
  establishedOn?: Dayjs | null;
  registeredCapital?: number | null;
  staffCount?: number | null;
  businessScope?: string;
  introduction?: string;
  logo: FileUploadItem[];
}

/** Statuses whose key fields the association has approved: a change of them goes to review. */
export function keyFieldsReviewed(status: MemberUnitStatusValue): boolean {
  return status === 'approved' || status === 'suspended';
}

export function canEdit(status: MemberUnitStatusValue): boolean {
  return status !== 'cancelled';
}

export function toUnitValues(record: MemberInfoRecord): UnitValues {
  return {
    name: record.name,
    creditCode: record.creditCode,
    legalRepresentative: record.legalRepresentative,
    contactPerson: record.contactPerson,
    contactPhone: record.contactPhone,
    email: record.email ?? '',
    address: record.address ?? '',
    establishedOn: record.establishedOn ? dayjs(record.establishedOn) : null,
    registeredCapital: record.registeredCapital,
    staffCount: record.staffCount,
    businessScope: record.businessScope ?? '',
    introduction: record.introduction ?? '',
    logo: filesToItems([record.files.logo]),
  };
}

/**
 * The form as the API takes it (the licence and qualification files are saved from the page's
 * files card, so they are left out here: absent = unchanged). While a key change waits for review the key fields are
 * locked in the form, so they are left out (the server keeps the approved values and the
 * pending change as they are).
 */
export function toUnitBody(values: UnitValues, version: number, keysLocked: boolean): MemberInfoUpdateBody {
  const num = (v: number | null | undefined) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
  return {
    ...(keysLocked
      ? {}
      : { name: values.name.trim(), creditCode: values.creditCode.trim().toUpperCase(), legalRepresentative: values.legalRepresentative.trim() }),
    contactPerson: values.contactPerson.trim(),
    contactPhone: values.contactPhone.trim(),
    email: orNull(values.email),
    address: orNull(values.address),
    establishedOn: values.establishedOn ? values.establishedOn.format('YYYY-MM-DD') : null,
    registeredCapital: num(values.registeredCapital),
    staffCount: num(values.staffCount),
    businessScope: orNull(values.businessScope),
    introduction: orNull(values.introduction),
    logoFileId: itemIds(values.logo)[0] ?? null,
    version,
  };
}

/** A form rule from a shared validator (message or undefined); empty values are the `required` rule's. */
function fromCheck(check: (value: string) => string | undefined, prefix = ''): Rule {
  return {
    validator: (_rule, value: string | undefined) => {
      if (!value || !value.trim()) return Promise.resolve();
      const problem = check(value.trim());
      return problem ? Promise.reject(new Error(`${prefix}${problem}`)) : Promise.resolve();
    },
  };
}

export const creditCodeRule = fromCheck(checkCreditCode);
export const phoneRule = fromCheck(checkPhone);
export const emailRule = fromCheck(checkEmail);

/** The registered capital: at most two decimals (the server stores it exactly in fen). */
export const capitalRule: Rule = {
  validator: (_rule, value: number | null | undefined) =>
    typeof value !== 'number' || Math.abs(value * 100 - Math.round(value * 100)) < 1e-6
      ? Promise.resolve()
      : Promise.reject(new Error('注册资本最多保留两位小数')),
};
