/** An expert between its record, the form's values and the API's body. No React here. */
import type { RuleObject } from 'antd/es/form';
import { checkEmail, checkPhone } from '@common/validators';
import { checkBirthYear, type ExpertCreateBody, type ExpertRecord } from '@common/schemas/experts';
import type { FileUploadItem } from '@/components/FileUpload/types';
import { filesToItems, itemIds, orNull } from '@/components/ListPage/formValues';

export interface ExpertValues {
  name: string;
  gender?: string | null;
  birthYear?: number | null;
  professionalTitle?: string | null;
  workUnit: string;
  position?: string;
  specialties: string[];
  /** dictionary expert_category */
  category?: string | null;
  /** The expert's own practitioner record (the draw keeps them off their units' projects). */
  practitionerId?: string | null;
  phone?: string;
  email?: string;
  introduction?: string;
  photo: FileUploadItem[];
  public: boolean;
  active: boolean;
  sort?: number | null;
}

/** A new expert: shown on the public page and active, as the server defaults. */
export const EXPERT_INITIAL_VALUES: Partial<ExpertValues> = { specialties: [], photo: [], public: true, active: true };

export function toExpertValues(record: ExpertRecord): ExpertValues {
  return {
    name: record.name,
    gender: record.gender,
    birthYear: record.birthYear,
    professionalTitle: record.professionalTitle,
    workUnit: record.workUnit ?? '',
    position: record.position ?? '',
    specialties: record.specialties,
    category: record.category,
    practitionerId: record.practitionerId,
    phone: record.phone ?? '',
    email: record.email ?? '',
    introduction: record.introduction ?? '',
    photo: filesToItems([record.photo]),
    public: record.public,
    active: record.active,
    sort: record.sort,
  };
}

/** Every field is sent: an emptied field is null, which clears it on the server. */
export function toExpertBody(values: ExpertValues): ExpertCreateBody {
  return {
    name: values.name.trim(),
    gender: values.gender || null,
    birthYear: typeof values.birthYear === 'number' ? values.birthYear : null,
    professionalTitle: values.professionalTitle || null,
    workUnit: values.workUnit.trim(),
    position: orNull(values.position),
    specialties: values.specialties ?? [],
    category: values.category || null,
    practitionerId: values.practitionerId || null,
    phone: orNull(values.phone),
    email: orNull(values.email),
    introduction: orNull(values.introduction),
    photoFileId: itemIds(values.photo)[0] ?? null,
    public: !!values.public,
    active: !!values.active,
    ...(typeof values.sort === 'number' ? { sort: values.sort } : {}),
  };
}

/** The server's checks, in the form (empty is fine: the fields are optional). */
function optional(check: (value: string) => string | undefined): RuleObject {
  return {
    validator: (_rule, value: string | undefined) => {
      const v = value?.trim();
      const problem = v ? check(v) : undefined;
      return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
    },
  };
}

export const phoneRule = optional(checkPhone);
export const emailRule = optional(checkEmail);

export const birthYearRule: RuleObject = {
  validator: (_rule, value: number | null | undefined) => {
    const problem = typeof value === 'number' ? checkBirthYear(value) : undefined;
    return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
  },
};
