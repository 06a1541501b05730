/**
 * A practitioner's fields, checked the same way for the form (create/edit) and for each row of
 * an Excel import: every problem is collected with the field's Chinese name, so that an
 * import row can list them all and an API call can answer them together.
 *
 * Dictionary fields hold the dictionary's values; the import reads the labels people type
 * (男, 大学本科) and maps them through the same dictionary.
 */
import { PRACTITIONER_NAME_MAX, PRACTITIONER_TEXT_MAX, PRACTITIONER_TRAINING_HOURS_MAX } from '@common/schemas/practitioners';
import { checkEmail, checkIdCardNo, checkPhone } from '@common/validators';
import type { DbOrTrx } from '../../db/types';
import { normaliseIdCardNo } from '../../pii';

export const DICT_FIELDS = {
  gender: { code: 'gender', label: '性别' },
  education: { code: 'education', label: '学历' },
  professionalTitle: { code: 'professional_title', label: '职称' },
} as const;
export type DictField = keyof typeof DICT_FIELDS;

/** The enabled items of the three dictionaries a practitioner uses: values, and label → value. */
export interface DictIndex {
  values: Record<DictField, Set<string>>;
  byLabel: Record<DictField, Map<string, string>>;
  labelOf: Record<DictField, Map<string, string>>;
}

export async function loadDictIndex(db: DbOrTrx, options: { includeDisabled?: boolean } = {}): Promise<DictIndex> {
  let query = db
    .selectFrom('dict_items')
    .select(['type_code', 'value', 'label'])
    .where('type_code', 'in', Object.values(DICT_FIELDS).map((f) => f.code))
    .orderBy('sort');
  if (!options.includeDisabled) query = query.where('enabled', '=', 1);
  const rows = await query.execute();
  const index: DictIndex = {
    values: { gender: new Set(), education: new Set(), professionalTitle: new Set() },
    byLabel: { gender: new Map(), education: new Map(), professionalTitle: new Map() },
    labelOf: { gender: new Map(), education: new Map(), professionalTitle: new Map() },
  };
  for (const field of Object.keys(DICT_FIELDS) as DictField[]) {
    for (const r of rows.filter((row) => row.type_code === DICT_FIELDS[field].code)) {
      index.values[field].add(r.value);
      index.byLabel[field].set(r.label, r.value);
      index.labelOf[field].set(r.value, r.label);
    }
  }
  return index;
}

/** The stored columns of the plain (not encrypted) fields. */
export interface PlainColumns {
  name: string;
  gender: string | null;
  email: string | null;
  education: string | null;
  major: string | null;
  professional_title: string | null;
  position: string | null;
  entry_date: string | null;
  training_hours: number;
}

/** The fields as given (the API's names); null or '' for "not given". */
export interface PlainInput {
  name: string;
  gender: string | null;
  email: string | null;
  education: string | null;
  major: string | null;
  professionalTitle: string | null;
  position: string | null;
  entryDate: string | null;
  trainingHours: number;
}

/** Blank text is null. */
export function textOrNull(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

/** 'YYYY-MM-DD' that names a real day. */
export function isRealDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/** The gender an ID number states (the 17th digit: odd male, even female), as the seed dictionary's values. */
export function genderOfIdCard(idCardNo: string): 'male' | 'female' {
  return Number(idCardNo[16]) % 2 === 1 ? 'male' : 'female';
}

/**
 * Checks the plain fields; `kept` are dictionary values the record already holds (an item
 * disabled later must not block editing the rest of the record).
 */
export function checkPlainFields(
  input: PlainInput,
  dicts: DictIndex,
  today: string,
  kept: Partial<Record<DictField, string | null>> = {},
): { columns: PlainColumns; problems: string[] } {
  const problems: string[] = [];
  const name = input.name.trim();
  if (!name) problems.push('姓名不能为空');
  else if (name.length > PRACTITIONER_NAME_MAX) problems.push(`姓名不能超过${PRACTITIONER_NAME_MAX}个字`);

  const dict = (field: DictField, value: string | null): string | null => {
    const v = textOrNull(value);
    if (v && v !== kept[field] && !dicts.values[field].has(v)) problems.push(`${DICT_FIELDS[field].label}“${v}”不在字典中`);
    return v;
  };
  const text = (label: string, value: string | null): string | null => {
    const v = textOrNull(value);
    if (v && v.length > PRACTITIONER_TEXT_MAX) problems.push(`${label}不能超过${PRACTITIONER_TEXT_MAX}个字`);
    return v;
  };

  const email = textOrNull(input.email);
  if (email) {
    const problem = checkEmail(email);
    if (problem) problems.push(problem);
  }
  const entryDate = textOrNull(input.entryDate);
  if (entryDate) {
    if (!isRealDay(entryDate)) problems.push('入职日期不是有效的日期（格式 2024-03-01）');
    else if (entryDate > today) problems.push('入职日期不能晚于今天');
  }
  const hours = input.trainingHours;
  if (!Number.isInteger(hours) || hours < 0 || hours > PRACTITIONER_TRAINING_HOURS_MAX) {
    problems.push(`培训学时应为 0 至 ${PRACTITIONER_TRAINING_HOURS_MAX} 的整数`);
  }

  return {
    columns: {
      name,
      gender: dict('gender', input.gender),
      email,
      education: dict('education', input.education),
      major: text('专业', input.major),
      professional_title: dict('professionalTitle', input.professionalTitle),
      position: text('职务', input.position),
      entry_date: entryDate,
      training_hours: Number.isInteger(hours) ? hours : 0,
    },
    problems,
  };
}

/** The ID number, normalised (upper-case X, no spaces), or the problem with it. */
export function checkIdCard(value: string): { idCardNo: string; problem?: string } {
  const idCardNo = normaliseIdCardNo(value);
  if (!idCardNo) return { idCardNo, problem: '身份证号码不能为空' };
  const problem = checkIdCardNo(idCardNo);
  return { idCardNo, problem };
}

/** The phone (trimmed; null when blank), or the problem with it. */
export function checkPhoneField(value: string | null | undefined): { phone: string | null; problem?: string } {
  const phone = textOrNull(value);
  if (!phone) return { phone: null };
  const problem = checkPhone(phone);
  return { phone, problem: problem ? `手机号码不正确：${problem}` : undefined };
}
