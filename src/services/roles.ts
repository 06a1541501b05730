/** 权限管理 (the API's `roles`): roles as sets of the permission codes of common/permissions.ts. */
import type { RoleCreateBody, RoleListItem, RoleListQuery, RoleRecord, RoleUpdateBody } from '@common/schemas/roles';
import { resource } from './resource';

export const roles = resource<{
  record: RoleRecord;
  row: RoleListItem;
  query: RoleListQuery;
  create: RoleCreateBody;
  update: RoleUpdateBody;
}>('/roles');
