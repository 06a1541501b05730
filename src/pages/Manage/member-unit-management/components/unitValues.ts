/** A member unit between its record, the edit form's values and the API's body. No React here. */
import type { RuleObject } from 'antd/es/form';
import dayjs, { type Dayjs } from 'dayjs';
import type { MemberUnitRecord, MemberUnitUpdateBody } from '@common/schemas/memberUnits';
import { checkCreditCode, checkEmail, checkPhone } from '@common/validators';
import type { FileUploadItem } from '@/components/FileUpload/types';
import { filesToItems, itemIds, orNull } from '@/components/ListPage/formValues';

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
  memberLevel?: string | null;
  businessScope?: string;
  introduction?: string;
  logo: FileUploadItem[];
  businessLicence: FileUploadItem[];
  qualifications: FileUploadItem[];
}

export function toUnitValues(r: MemberUnitRecord): UnitValues {
  return {
    name: r.name,
    creditCode: r.creditCode,
    legalRepresentative: r.legalRepresentative,
    contactPerson: r.contactPerson,
    contactPhone: r.contactPhone,
    email: r.email ?? '',
    address: r.address ?? '',
    establishedOn: r.establishedOn ? dayjs(r.establishedOn) : null,
    registeredCapital: r.registeredCapital,
    staffCount: r.staffCount,
    memberLevel: r.memberLevel,
    businessScope: r.businessScope ?? '',
    introduction: r.introduction ?? '',
    logo: filesToItems([r.logo]),
    businessLicence: filesToItems(r.businessLicence),
    qualifications: filesToItems(r.qualifications),
  };
}

/** Every field is sent: an emptied field is null, which clears it on the server. */
export function toUnitBody(v: UnitValues, version: number): MemberUnitUpdateBody {
  return {
    name: v.name.trim(),
    creditCode: v.creditCode.trim().toUpperCase(),
    legalRepresentative: v.legalRepresentative.trim(),
    contactPerson: v.contactPerson.trim(),
    contactPhone: v.contactPhone.trim(),
    email: orNull(v.email),
    address: orNull(v.address),
    establishedOn: v.establishedOn ? dayjs(v.establishedOn).format('YYYY-MM-DD') : null,
    registeredCapital: typeof v.registeredCapital === 'number' ? v.registeredCapital : null,
    staffCount: typeof v.staffCount === 'number' ? v.staffCount : null,
    memberLevel: v.memberLevel || null,
    businessScope: orNull(v.businessScope),
    introduction: orNull(v.introduction),
    logoFileId: itemIds(v.logo)[0] ?? null,
    businessLicenceFileIds: itemIds(v.businessLicence),
    qualificationFileIds: itemIds(v.qualifications),
    version,
  };
}

/** A check of common/validators as a form rule (empty passes: `required` says that). */
function checked(check: (value: string) => string | undefined): RuleObject {
  return {
    validator: (_rule, value: string | undefined) => {
      const v = value?.trim();
      const problem = v ? check(v) : undefined;
      return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
    },
  };
}

export const creditCodeRule = checked((v) => checkCreditCode(v.toUpperCase()));
export const phoneRule = checked(checkPhone);
export const emailRule = checked(checkEmail);
