/**
 * Assessment projects (GET/POST /projects …, server/modules/projects/routes.ts): the list, one project with members, reports and
 * review history, create / edit / delete of a unit's drafts, the steps (submit, file, return),
 * the Excel export, and the unit's approved practitioners for the leader and member pickers.
 */
import type {
  PractitionerOption,
  ProjectCreateBody,
  ProjectDetail,
  ProjectExportQuery,
  ProjectListQuery,
  ProjectRecord,
  ProjectUpdateBody,
} from '@common/schemas/projects';
import { api, type RequestOptions } from './api';
import { downloadFile } from './download';
import { resource } from './resource';

export const projects = resource<{
  record: ProjectRecord;
  query: ProjectListQuery;
  create: ProjectCreateBody;
  update: ProjectUpdateBody;
  action: 'submit' | 'file' | 'return';
}>('/projects');

export const getProject = (id: string, options?: RequestOptions) => api<ProjectDetail>(`/projects/${encodeURIComponent(id)}`, options);

export const createProject = (body: ProjectCreateBody) => projects.create(body);
export const updateProject = (id: string, body: ProjectUpdateBody) => projects.update(id, body);
export const deleteProject = (id: string) => projects.remove(id);

/** 提交备案 (a draft or a returned project). */
export const submitProject = (id: string, version: number) => projects.action(id, 'submit', { version });
/** 备案 (staff). */
export const fileProject = (id: string, version: number, comment?: string) => projects.action(id, 'file', { version, ...(comment ? { comment } : {}) });
/** 退回修改 with a reason (staff). */
export const returnProject = (id: string, version: number, reason: string) => projects.action(id, 'return', { version, reason });

export const exportProjects = (query: ProjectExportQuery | Record<string, string | number | boolean | undefined>) =>
  downloadFile('/projects/export', query, '项目.xlsx');

/** The caller's unit's approved practitioners (GET /practitioners/options). */
export const projectPractitionerOptions = (options?: RequestOptions) => api<PractitionerOption[]>('/practitioners/options', options);
