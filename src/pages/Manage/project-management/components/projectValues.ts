/** A project between its record, the form's values and the API's bodies. No React here. */
import dayjs, { type Dayjs } from 'dayjs';
import type { ProjectCreateBody, ProjectDetail } from '@common/schemas/projects';
import type { FileUploadItem } from '@/components/FileUpload/types';
import { filesToItems, itemIds, orNull } from '@/components/ListPage/formValues';

export interface ProjectMemberValue {
  practitionerId?: string;
  role?: string;
}

export interface ProjectValues {
  name: string;
  code: string;
  client?: string;
  type?: string | null;
  region?: string;
  investment?: number | null;
  leaderPractitionerId?: string | null;
  members: ProjectMemberValue[];
  startOn?: Dayjs | null;
  endOn?: Dayjs | null;
  riskLevel?: string | null;
  conclusion?: string;
  reports: FileUploadItem[];
}

export const PROJECT_INITIAL_VALUES: Partial<ProjectValues> = { members: [], reports: [] };

export function toProjectValues(record: ProjectDetail): ProjectValues {
  return {
    name: record.name,
    code: record.code ?? '',
    client: record.client ?? '',
    type: record.type,
    region: record.region ?? '',
    investment: record.investment,
    leaderPractitionerId: record.leaderPractitionerId,
    members: record.members.filter((m) => !m.leader).map((m) => ({ practitionerId: m.practitionerId, role: m.role ?? '' })),
    startOn: record.startOn ? dayjs(record.startOn) : null,
    endOn: record.endOn ? dayjs(record.endOn) : null,
    riskLevel: record.riskLevel,
    conclusion: record.conclusion ?? '',
    reports: filesToItems(record.reports),
  };
}

const day = (value: Dayjs | null | undefined) => (value ? value.format('YYYY-MM-DD') : null);

export function toProjectBody(values: ProjectValues): ProjectCreateBody {
  return {
    name: values.name.trim(),
    code: values.code.trim(),
    client: orNull(values.client),
    type: values.type || null,
    region: orNull(values.region),
    investment: typeof values.investment === 'number' ? values.investment : null,
    leaderPractitionerId: values.leaderPractitionerId || null,
    members: (values.members ?? [])
      .filter((m): m is { practitionerId: string; role?: string } => !!m?.practitionerId)
      .map((m) => ({ practitionerId: m.practitionerId, role: orNull(m.role) })),
    startOn: day(values.startOn),
    endOn: day(values.endOn),
    riskLevel: values.riskLevel || null,
    conclusion: orNull(values.conclusion),
    reportFileIds: itemIds(values.reports),
  };
}
