/**
 * 登记信用记录: the form's values, the rule a kind carries under the version in force, and the
 * body sent. No React here.
 */
import type { Dayjs } from 'dayjs';
import { builtInPolarityOf, type CreditPolarity, type CreditSubjectType } from '@common/credit';
import type { CreditEventCreateBody, CreditRuleVersionRecord } from '@common/schemas/credit';
import type { FileUploadItem } from '@/components/FileUpload';
import { itemIds, orNull } from '@/components/ListPage';

export interface CreditEventValues {
  subjectType: CreditSubjectType;
  unitId?: string;
  practitionerId?: string;
  kind?: string;
  /** Only for a kind staff added to the dictionary (a seeded kind has its own). */
  polarity?: CreditPolarity;
  occurredOn?: Dayjs | null;
  description?: string;
  points?: number | null;
  pointsNote?: string;
  files: FileUploadItem[];
}

export const EVENT_INITIAL_VALUES: Partial<CreditEventValues> = { subjectType: 'unit', files: [] };

/** What the rules version in force gives a kind: its points and term (a kind it does not list: 0 and 12 months, as the server). */
export interface KindDefault {
  points: number;
  termMonths: number;
  /** Whether the version lists the kind. */
  listed: boolean;
}

export const UNLISTED_KIND: KindDefault = { points: 0, termMonths: 12, listed: false };

export function kindDefault(rules: CreditRuleVersionRecord | null | undefined, kind: string | undefined): KindDefault | null {
  if (!rules || !kind) return null;
  const rule = rules.kinds.find((k) => k.kind === kind);
  return rule ? { points: rule.points, termMonths: rule.termMonths, listed: true } : UNLISTED_KIND;
}

/** The polarity the event will have: the kind's own, else the one chosen. */
export function polarityOf(values: Pick<CreditEventValues, 'kind' | 'polarity'>): CreditPolarity | undefined {
  return (values.kind ? builtInPolarityOf(values.kind) : null) ?? values.polarity;
}

/**
 * The body: points only when they differ from the rule's (so that the server's default applies
 * otherwise, even if the rules changed while the form was open), with the note that explains them.
 */
export function toEventBody(values: CreditEventValues, byDefault: KindDefault | null): CreditEventCreateBody {
  const subject = values.subjectType === 'unit' ? { unitId: values.unitId } : { practitionerId: values.practitionerId };
  const overridden = values.points !== undefined && values.points !== null && values.points !== byDefault?.points;
  const kind = values.kind ?? '';
  return {
    subjectType: values.subjectType,
    ...subject,
    kind,
    ...(builtInPolarityOf(kind) === null && values.polarity ? { polarity: values.polarity } : {}),
    occurredOn: values.occurredOn ? values.occurredOn.format('YYYY-MM-DD') : '',
    description: (values.description ?? '').trim(),
    fileIds: itemIds(values.files),
    ...(overridden ? { points: values.points ?? 0, pointsNote: orNull(values.pointsNote) ?? undefined } : {}),
  };
}
