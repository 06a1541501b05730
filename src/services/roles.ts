/** 权限管理 (API.md `roles`): roles as sets of the permission codes of common/permissions.ts. */
import type { RoleCreateBody, RoleListQuery, RoleRecord, RoleUpdateBody } from '@common/schemas/roles';
import { resource } from './resource';

export const roles = resource<{
  record: RoleRecord;
  query: RoleListQuery;
  create: RoleCreateBody;
  update: RoleUpdateBody;
}>('/roles');
