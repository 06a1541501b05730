/**
 * 用户管理: the accounts of all three kinds. Search (login account, name, phone, unit name),
 * filter by kind, unit, status and role; enable/disable (asked first), unlock a locked
 * account, create staff accounts and assign their roles, and 查看账号 / 重置密码 after the
 * staff member confirms their own password (the new password shows once).
 */
import { useModel } from '@umijs/max';
import { Space, Tag, Typography } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { ACCOUNT_KIND_LABELS, type UserListItem, type UserRecord } from '@common/schemas/users';
import {
  dateTimeColumn,
  editAction,
  formatDateTime,
  keywordColumn,
  ManagePageContainer,
  ResourceFormDrawer,
  ResourceTable,
  useFormDrawer,
  type ResourceColumn,
  type ResourceTableHandle,
  type RowAction,
} from '@/components/ListPage';
import { useCan } from '@/hooks/useCan';
import { createUser, users } from '@/services/users';
import ConfirmEnabledSwitch from './components/ConfirmEnabledSwitch';
import CredentialModal, { type CredentialTarget } from './components/CredentialModal';
import UnitSelect from './components/UnitSelect';
import UserFields from './components/UserFields';
import { useRoleOptions } from './components/useRoleOptions';
import { toUserCreateBody, toUserUpdateBody, toUserValues, USER_INITIAL_VALUES, type UserValues } from './components/userValues';

const EDIT = 'system:user:edit';

const KIND_ENUM = Object.fromEntries(Object.entries(ACCOUNT_KIND_LABELS).map(([value, text]) => [value, { text }]));

export default function UserManagementPage() {
  // Only to say why one's own account shows a switch that cannot be turned off.
  const canEnable = useCan()('system:user:enable');
  const { initialState } = useModel('@@initialState');
  const selfId = initialState?.currentUser?.userId;
  const drawer = useFormDrawer();
  const table = useRef<ResourceTableHandle>(null);
  const roleOptions = useRoleOptions();
  const [credential, setCredential] = useState<CredentialTarget | null>(null);
  // The record the drawer edits: its kind decides whether roles go with the update.
  const editing = useRef<UserRecord | undefined>(undefined);

  const columns = useMemo<ResourceColumn<UserListItem>[]>(
    () => [
      keywordColumn('登录账号、姓名、手机号或单位名称'),
      { title: '登录账号', dataIndex: 'loginAccount', width: 140, sorter: true, ellipsis: true },
      {
        title: '姓名',
        dataIndex: 'name',
        width: 140,
        sorter: true,
        render: (_dom, r) => (
          <Space size={4} wrap>
            <span>{r.name}</span>
            {r.mustChangePassword && <Tag color="gold">待改密</Tag>}
          </Space>
        ),
      },
      {
        title: '账号类型',
        dataIndex: 'authType',
        width: 120,
        valueType: 'select',
        valueEnum: KIND_ENUM,
        filter: true,
      },
      {
        title: '所属单位',
        dataIndex: 'unitId',
        width: 220,
        ellipsis: true,
        filter: true,
        formItemRender: () => <UnitSelect />,
        render: (_dom, r) => r.unitName ?? '-',
      },
      {
        title: '角色',
        dataIndex: 'roleId',
        hideInTable: true,
        valueType: 'select',
        filter: true,
        fieldProps: { options: roleOptions, showSearch: { optionFilterProp: 'label' }, placeholder: '请选择角色' },
      },
      {
        title: '角色',
        dataIndex: 'roleNames',
        width: 180,
        render: (_dom, r) =>
          r.roleNames.length ? (
            <Space size={[0, 4]} wrap>
              {r.roleNames.map((n) => (
                <Tag key={n}>{n}</Tag>
              ))}
            </Space>
          ) : (
            '-'
          ),
      },
      {
        title: '状态',
        dataIndex: 'enabled',
        width: 100,
        valueType: 'select',
        valueEnum: { true: { text: '启用' }, false: { text: '停用' } },
        filter: true,
        render: (_dom, r) => (
          <ConfirmEnabledSwitch
            checked={r.enabled}
            editable={r.actions.includes(r.enabled ? 'disable' : 'enable')}
            self={r.id === selfId && canEnable}
            name={r.name}
            onToggle={(enabled) => users.action(r.id, enabled ? 'enable' : 'disable')}
            onDone={() => table.current?.reload()}
          />
        ),
      },
      {
        title: '锁定',
        dataIndex: 'lockedUntil',
        width: 170,
        render: (_dom, r) =>
          r.lockedUntil ? (
            <Typography.Text type="danger">{`锁定至 ${formatDateTime(r.lockedUntil)}`}</Typography.Text>
          ) : (
            '-'
          ),
      },
      dateTimeColumn('最近登录', 'lastLoginAt', { sorter: true }),
      dateTimeColumn('创建时间', 'createdAt', { sorter: true }),
    ],
    [canEnable, roleOptions, selfId],
  );

  const { openEdit } = drawer;
  const rowActions = useMemo<RowAction<UserListItem>[]>(
    () => [
      editAction('edit', (r) => openEdit(r.id)),
      {
        key: 'unlock',
        label: '解锁',
        action: 'unlock',
        confirm: (r) => `确定解锁「${r.name}」吗？解锁后可立即重新登录。`,
        run: (r) => users.action(r.id, 'unlock'),
        successMessage: (r) => `已解锁${r.name}`,
      },
      {
        key: 'show',
        label: '查看账号',
        action: 'show-login',
        run: (r) => setCredential({ mode: 'show', userId: r.id, name: r.name }),
      },
      {
        key: 'reset',
        label: '重置密码',
        action: 'reset-password',
        danger: true,
        run: (r) => setCredential({ mode: 'reset', userId: r.id, name: r.name }),
      },
    ],
    [openEdit],
  );

  return (
    <ManagePageContainer path="/Manage/user-management">
      <ResourceTable<UserListItem>
        headerTitle="用户列表"
        columns={columns}
        fetch={(query) => users.list(query)}
        create={{ code: EDIT, label: '新建用户', onClick: drawer.openCreate }}
        rowActions={rowActions}
        handleRef={table}
      />
      <ResourceFormDrawer<UserRecord, UserValues>
        title="用户"
        width={640}
        target={drawer.target}
        onClose={drawer.close}
        onSaved={() => table.current?.reload()}
        load={async (id) => {
          editing.current = await users.get(id);
          return editing.current;
        }}
        toValues={toUserValues}
        versionOf={(r) => r.version}
        initialValues={USER_INITIAL_VALUES}
        create={async (values) => {
          const body = toUserCreateBody(values);
          const created = await createUser(body);
          if (created.initialPassword) {
            setCredential({ mode: 'created', name: body.name, result: { loginAccount: body.loginAccount, newPassword: created.initialPassword } });
          }
        }}
        update={(id, values, version) => users.update(id, toUserUpdateBody(values, editing.current, version))}
      >
        {({ record }) => <UserFields record={record} roleOptions={roleOptions} />}
      </ResourceFormDrawer>
      <CredentialModal target={credential} onClose={() => setCredential(null)} onReset={() => table.current?.reload()} />
    </ManagePageContainer>
  );
}
