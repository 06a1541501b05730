/**
 * A practitioner between its record, the form's values and the API's bodies. No React here.
 *
 * The editor sees the ID number and phone masked: in an edit the two fields start empty and
 * are sent only when something was typed ("留空则不修改").
 */
import type { RuleObject } from 'antd/es/form';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import type { PractitionerCreateBody, PractitionerDetail, PractitionerUpdateBody } from '@common/schemas/practitioners';
import { checkEmail, checkIdCardNo, checkPhone } from '@common/validators';
import type { FileUploadItem } from '@/components/FileUpload/types';
import { filesToItems, itemIds, orNull } from '@/components/ListPage/formValues';

export interface PractitionerValues {
  unitId?: string;
  name: string;
  gender?: string | null;
  idCardNo?: string;
  phone?: string;
  email?: string;
  education?: string | null;
  major?: string;
  professionalTitle?: string | null;
  position?: string;
  entryDate?: Dayjs | null;
  trainingHours?: number | null;
  photo: FileUploadItem[];
  diplomas: FileUploadItem[];
  otherFiles: FileUploadItem[];
}

export const PRACTITIONER_INITIAL_VALUES: Partial<PractitionerValues> = { photo: [], diplomas: [], otherFiles: [], trainingHours: 0 };

export function toPractitionerValues(record: PractitionerDetail): PractitionerValues {
  return {
    unitId: record.unitId,
    name: record.name,
    gender: record.gender,
    idCardNo: '',
    phone: '',
    email: record.email ?? '',
    education: record.education,
    major: record.major ?? '',
    professionalTitle: record.professionalTitle,
    position: record.position ?? '',
    entryDate: record.entryDate ? dayjs(record.entryDate) : null,
    trainingHours: record.trainingHours,
    photo: filesToItems([record.photo]),
    diplomas: filesToItems(record.diplomas),
    otherFiles: filesToItems(record.otherFiles),
  };
}

function commonBody(values: PractitionerValues) {
  return {
    name: values.name.trim(),
    gender: values.gender || null,
    email: orNull(values.email),
    education: values.education || null,
    major: orNull(values.major),
    professionalTitle: values.professionalTitle || null,
    position: orNull(values.position),
    entryDate: values.entryDate ? values.entryDate.format('YYYY-MM-DD') : null,
    trainingHours: typeof values.trainingHours === 'number' ? values.trainingHours : 0,
    photoFileId: itemIds(values.photo)[0] ?? null,
    diplomaFileIds: itemIds(values.diplomas),
    otherFileIds: itemIds(values.otherFiles),
  };
}

export function toCreateBody(values: PractitionerValues, withUnit: boolean): PractitionerCreateBody {
  return {
    ...commonBody(values),
    idCardNo: (values.idCardNo ?? '').trim().toUpperCase(),
    phone: orNull(values.phone),
    ...(withUnit && values.unitId ? { unitId: values.unitId } : {}),
  };
}

/** An edit sends the ID number and phone only when typed (the form never had the whole values). */
export function toUpdateBody(values: PractitionerValues, version: number): PractitionerUpdateBody {
  const idCardNo = values.idCardNo?.trim().toUpperCase();
  const phone = values.phone?.trim();
  return { ...commonBody(values), ...(idCardNo ? { idCardNo } : {}), ...(phone ? { phone } : {}), version };
}

/** The server's checks, in the form (empty passes: `required` says when it may not be). */
function optional(check: (value: string) => string | undefined): RuleObject {
  return {
    validator: (_rule, value: string | undefined) => {
      const v = value?.trim();
      const problem = v ? check(v) : undefined;
      return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
    },
  };
}

export const idCardRule = optional((v) => checkIdCardNo(v.toUpperCase()));
export const phoneRule = optional(checkPhone);
export const emailRule = optional(checkEmail);
