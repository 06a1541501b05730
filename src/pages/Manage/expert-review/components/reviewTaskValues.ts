/**
 * A review task (and a sampling's tasks) between its record, the form's values and the API's
 * bodies. No React here.
 */
import dayjs, { type Dayjs } from 'dayjs';
import { BACKUP_COUNT_DEFAULT, PANEL_SIZE_DEFAULT, SAMPLING_PERCENT_DEFAULT } from '@common/expertReview';
import type { QualitySampleCreateBody, ReviewTaskCreateBody, ReviewTaskDetail, ReviewTaskUpdateBody } from '@common/schemas/reviewTasks';
import { orNull } from '@/components/ListPage/formValues';

/** When, where and the panel's rules: what a task and a sampling's tasks are opened with. */
export interface ReviewSettingsValues {
  reviewOn?: Dayjs | null;
  reviewTime?: Dayjs | null;
  online: boolean;
  place?: string;
  panelSize: number;
  backupCount: number;
  requiredCategories: string[];
  wantedSpecialties: string[];
  supervisor: string;
  note?: string;
}

export interface ReviewTaskValues extends ReviewSettingsValues {
  /** Only when opening a task: a filed project and why. */
  projectId?: string;
  reason?: string;
}

export const SETTINGS_INITIAL_VALUES: Partial<ReviewSettingsValues> = {
  online: false,
  panelSize: PANEL_SIZE_DEFAULT,
  backupCount: BACKUP_COUNT_DEFAULT,
  requiredCategories: [],
  wantedSpecialties: [],
};

export const TASK_INITIAL_VALUES: Partial<ReviewTaskValues> = { ...SETTINGS_INITIAL_VALUES, reason: 'application' };

export function toTaskValues(record: ReviewTaskDetail): ReviewTaskValues {
  return {
    projectId: record.projectId,
    reason: record.reason,
    reviewOn: dayjs(record.reviewOn),
    reviewTime: record.reviewTime ? dayjs(`${record.reviewOn} ${record.reviewTime}`) : null,
    online: record.online,
    place: record.place ?? '',
    panelSize: record.panelSize,
    backupCount: record.backupCount,
    requiredCategories: record.requiredCategories,
    wantedSpecialties: record.wantedSpecialties,
    supervisor: record.supervisor,
    note: record.note ?? '',
  };
}

const day = (value: Dayjs | null | undefined) => (value ? value.format('YYYY-MM-DD') : '');

function settingsBody(values: ReviewSettingsValues) {
  return {
    reviewOn: day(values.reviewOn),
    reviewTime: values.reviewTime ? values.reviewTime.format('HH:mm') : null,
    place: orNull(values.place),
    online: !!values.online,
    panelSize: values.panelSize,
    backupCount: values.backupCount,
    requiredCategories: values.requiredCategories ?? [],
    wantedSpecialties: values.wantedSpecialties ?? [],
    supervisor: values.supervisor.trim(),
    note: orNull(values.note),
  };
}

export function toTaskCreateBody(values: ReviewTaskValues): ReviewTaskCreateBody {
  return { projectId: values.projectId ?? '', reason: values.reason ?? '', ...settingsBody(values) };
}

export function toTaskUpdateBody(values: ReviewTaskValues, version: number): ReviewTaskUpdateBody {
  return { ...settingsBody(values), version };
}

/** 质量抽查: a period, a share in percent or a number, and the settings of the tasks it opens. */
export interface SamplingValues extends ReviewSettingsValues {
  period?: [Dayjs | null, Dayjs | null] | null;
  by: 'share' | 'count';
  sharePercent?: number | null;
  count?: number | null;
}

/** A new sampling: this year so far, the default share, a default panel. */
export const SAMPLING_INITIAL_VALUES: SamplingValues = {
  online: false,
  panelSize: PANEL_SIZE_DEFAULT,
  backupCount: BACKUP_COUNT_DEFAULT,
  requiredCategories: [],
  wantedSpecialties: [],
  supervisor: '',
  by: 'share',
  sharePercent: SAMPLING_PERCENT_DEFAULT,
  period: [dayjs().startOf('year'), dayjs()],
};

export function toSamplingBody(values: SamplingValues): QualitySampleCreateBody {
  const [from, to] = values.period ?? [null, null];
  return {
    from: day(from),
    to: day(to),
    ...(values.by === 'share' ? { sharePercent: values.sharePercent ?? undefined } : { count: values.count ?? undefined }),
    ...settingsBody(values),
  };
}
