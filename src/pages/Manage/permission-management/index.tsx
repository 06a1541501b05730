/**
 * 权限管理: roles as sets of permission codes, shown as a tree of pages and their actions
 * (common/permissions.ts). Create, edit (a change applies to the holders' next request) and
 * delete (not a built-in role, nor one still assigned: the server says how many hold it).
 */
import { Space, Tag, Typography } from 'antd';
import { useMemo, useRef } from 'react';
import { ALL_PERMISSION_CODES } from '@common/permissions';
import type { RoleListItem, RoleRecord } from '@common/schemas/roles';
import {
  dateTimeColumn,
  deleteAction,
  editAction,
  keywordColumn,
  ManagePageContainer,
  ResourceFormDrawer,
  ResourceTable,
  useFormDrawer,
  type ResourceColumn,
  type ResourceTableHandle,
  type RowAction,
} from '@/components/ListPage';
import { roles } from '@/services/roles';
import RoleFields from './components/RoleFields';
import { ROLE_INITIAL_VALUES, toRoleCreateBody, toRoleUpdateBody, toRoleValues, type RoleValues } from './components/roleValues';

const EDIT = 'system:role:edit';

export default function PermissionManagementPage() {
  const drawer = useFormDrawer();
  const table = useRef<ResourceTableHandle>(null);
  // The role the drawer edits: a built-in one keeps its codes (they are not sent).
  const editing = useRef<RoleRecord | undefined>(undefined);

  const columns = useMemo<ResourceColumn<RoleListItem>[]>(
    () => [
      keywordColumn('角色编码或名称'),
      {
        title: '角色名称',
        dataIndex: 'name',
        width: 180,
        sorter: true,
        render: (_dom, r) => (
          <Space size={4}>
            <span>{r.name}</span>
            {r.builtIn && <Tag color="blue">内置</Tag>}
          </Space>
        ),
      },
      { title: '角色编码', dataIndex: 'code', width: 160, sorter: true },
      {
        title: '描述',
        dataIndex: 'description',
        ellipsis: true,
        render: (_dom, r) => r.description || <Typography.Text type="secondary">-</Typography.Text>,
      },
      {
        title: '权限数',
        dataIndex: 'permissions',
        width: 100,
        align: 'right',
        render: (_dom, r) => `${r.permissions.length} / ${ALL_PERMISSION_CODES.length}`,
      },
      { title: '用户数', dataIndex: 'userCount', width: 90, align: 'right' },
      dateTimeColumn('更新时间', 'updatedAt', { sorter: true }),
    ],
    [],
  );

  const { openEdit } = drawer;
  // A built-in role offers no 删除 (the server leaves it out of the row's actions and refuses it).
  const rowActions = useMemo<RowAction<RoleListItem>[]>(
    () => [editAction('edit', (r) => openEdit(r.id)), deleteAction('delete', roles.remove, (r) => r.name)],
    [openEdit],
  );

  return (
    <ManagePageContainer path="/Manage/permission-management">
      <ResourceTable<RoleListItem>
        headerTitle="角色列表"
        columns={columns}
        fetch={(query) => roles.list(query)}
        create={{ code: EDIT, label: '新建角色', onClick: drawer.openCreate }}
        rowActions={rowActions}
        handleRef={table}
      />
      <ResourceFormDrawer<RoleRecord, RoleValues>
        title="角色"
        width={720}
        target={drawer.target}
        onClose={drawer.close}
        onSaved={() => table.current?.reload()}
        load={async (id) => {
          editing.current = await roles.get(id);
          return editing.current;
        }}
        toValues={toRoleValues}
        versionOf={(r) => r.version}
        initialValues={ROLE_INITIAL_VALUES}
        create={(values) => roles.create(toRoleCreateBody(values))}
        update={(id, values, version) => roles.update(id, toRoleUpdateBody(values, !!editing.current?.builtIn, version))}
      >
        {({ record }) => <RoleFields record={record} />}
      </ResourceFormDrawer>
    </ManagePageContainer>
  );
}
