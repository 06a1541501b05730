/**
 * The registration form's values, the fields of each step, the body sent to the server, and
 * which field a server refusal is about (its message names the field in Chinese).
 */
import type { FileUploadItem } from '@/components/FileUpload/types';
import type { RegisterBody } from '@common/schemas/registration';

export interface RegisterFormValues {
  name: string;
  creditCode: string;
  legalRepresentative: string;
  contactPerson: string;
  contactPhone: string;
  email: string;
  address: string;
  establishedOn?: string;
  registeredCapital?: number | null;
  staffCount?: number | null;
  businessScope: string;
  introduction?: string;
  businessLicence: FileUploadItem[];
  qualification?: FileUploadItem[];
  password: string;
  confirmPassword: string;
  consent?: boolean;
}

export type RegisterField = keyof RegisterFormValues;

export const STEP_TITLES = ['单位信息', '上传材料', '登录账号'] as const;

export const STEP_FIELDS: readonly (readonly RegisterField[])[] = [
  [
    'name',
    'creditCode',
    'legalRepresentative',
    'contactPerson',
    'contactPhone',
    'email',
    'address',
    'establishedOn',
    'registeredCapital',
    'staffCount',
    'businessScope',
    'introduction',
  ],
  ['businessLicence', 'qualification'],
  ['password', 'confirmPassword', 'consent'],
];

export const stepOf = (field: RegisterField) => STEP_FIELDS.findIndex((fields) => fields.includes(field));

const orNull = (v: string | undefined) => (v?.trim() ? v.trim() : null);

export function toRegisterBody(values: RegisterFormValues): RegisterBody {
  return {
    name: values.name.trim(),
    creditCode: values.creditCode.trim().toUpperCase(),
    legalRepresentative: values.legalRepresentative.trim(),
    contactPerson: values.contactPerson.trim(),
    contactPhone: values.contactPhone.trim(),
    email: values.email.trim(),
    address: values.address.trim(),
    establishedOn: orNull(values.establishedOn),
    registeredCapital: values.registeredCapital ?? null,
    staffCount: values.staffCount ?? null,
    businessScope: values.businessScope.trim(),
    introduction: orNull(values.introduction),
    businessLicenceFileIds: values.businessLicence.map((f) => f.fileId),
    qualificationFileIds: (values.qualification ?? []).map((f) => f.fileId),
    password: values.password,
    consent: values.consent === true,
  };
}

/** The fields' names as the server's messages say them (schema titles, validators). */
const FIELD_WORDS: readonly [string, RegisterField][] = [
  ['统一社会信用代码', 'creditCode'],
  ['单位名称', 'name'],
  ['法定代表人', 'legalRepresentative'],
  ['联系电话', 'contactPhone'],
  ['联系人', 'contactPerson'],
  ['电子邮箱', 'email'],
  ['单位地址', 'address'],
  ['成立日期', 'establishedOn'],
  ['注册资本', 'registeredCapital'],
  ['从业人数', 'staffCount'],
  ['经营范围', 'businessScope'],
  ['单位简介', 'introduction'],
  ['营业执照', 'businessLicence'],
  ['资质材料', 'qualification'],
  ['密码', 'password'],
  ['用户协议', 'consent'],
];

/**
 * The field a refusal is about: the one its message starts with ('密码过于常见…' is
 * about the password), else the first one it names; undefined for other refusals (too many
 * attempts, a network error), which the page shows above the form.
 */
export function fieldOfMessage(message: string): RegisterField | undefined {
  return (
    FIELD_WORDS.find(([word]) => message.startsWith(word))?.[1] ??
    FIELD_WORDS.find(([word]) => message.includes(word))?.[1]
  );
}
