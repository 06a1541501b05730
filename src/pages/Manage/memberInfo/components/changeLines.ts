/**
 * A key-information change as lines "单位名称：旧 → 新", from the record's pending change (API
 * names) or from a review record's payload ({ before, after } keyed by column names). No React.
 */
import { UNIT_KEY_COLUMN_LABELS, UNIT_KEY_FIELD_LABELS, UNIT_KEY_FIELD_NAMES, type MemberInfoRecord, type UnitPendingChange } from '@common/schemas/memberInfo';

export interface ChangeLine {
  label: string;
  before: string;
  after: string;
}

/** The record's pending change against its approved values. */
export function pendingChangeLines(record: Pick<MemberInfoRecord, 'name' | 'creditCode' | 'legalRepresentative'>, change: UnitPendingChange): ChangeLine[] {
  return UNIT_KEY_FIELD_NAMES.flatMap((field) => {
    const after = change[field];
    return after === undefined ? [] : [{ label: UNIT_KEY_FIELD_LABELS[field], before: record[field], after }];
  });
}

const asRecord = (value: unknown): Record<string, unknown> | null =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;

/** A review payload's { before, after }; [] for any other shape (other kinds of review). */
export function payloadChangeLines(payload: unknown): ChangeLine[] {
  const root = asRecord(payload);
  const before = asRecord(root?.before);
  const after = asRecord(root?.after);
  if (!after) return [];
  const labels: Record<string, string> = { ...UNIT_KEY_COLUMN_LABELS, ...UNIT_KEY_FIELD_LABELS };
  return Object.entries(after).flatMap(([key, value]) => {
    if (typeof value !== 'string') return [];
    const old = before?.[key];
    return [{ label: labels[key] ?? key, before: typeof old === 'string' ? old : '', after: value }];
  });
}
