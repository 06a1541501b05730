/** The one-off notice between the form's values and the API's bodies. */
import type { NoticeChannel, OneOffAudience, OneOffPreviewBody, OneOffSendBody } from '@common/schemas/notifications';

export interface OneOffValues {
  audience: OneOffAudience;
  memberLevel?: string | null;
  unsubmittedInspectionYear?: number | null;
  title: string;
  body: string;
  channels: NoticeChannel[];
  mandatory: boolean;
}

export const ONE_OFF_INITIAL_VALUES: OneOffValues = { audience: 'unit', title: '', body: '', channels: ['site', 'email'], mandatory: false };

/** Who the notice reaches: the filter part of the values (also what the preview asks about). */
export function toOneOffFilter(values: Partial<OneOffValues>): OneOffPreviewBody {
  return {
    audience: values.audience ?? 'unit',
    ...(values.memberLevel ? { memberLevel: values.memberLevel } : {}),
    ...(typeof values.unsubmittedInspectionYear === 'number' ? { unsubmittedInspectionYear: values.unsubmittedInspectionYear } : {}),
  };
}

export function toOneOffBody(values: OneOffValues): OneOffSendBody {
  return {
    ...toOneOffFilter(values),
    title: values.title.trim(),
    body: values.body.trim(),
    channels: values.channels,
    mandatory: !!values.mandatory,
  };
}
