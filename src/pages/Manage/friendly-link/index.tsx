/**
 * 友情链接管理: the friendly links in the public footer. Name, http(s) address, logo, order
 * (drag or number) and enable/disable, with the list-and-form pattern.
 */
import { Typography } from 'antd';
import { useMemo, useRef } from 'react';
import type { FriendlyLinkListItem, FriendlyLinkRecord } from '@common/schemas/content';
import {
  dateTimeColumn,
  deleteAction,
  editAction,
  EnabledSwitch,
  FileThumb,
  keywordColumn,
  ManagePageContainer,
  ResourceFormDrawer,
  ResourceTable,
  useFormDrawer,
  type ResourceColumn,
  type ResourceTableHandle,
  type RowAction,
} from '@/components/ListPage';
import { friendlyLinks, reorder } from '@/services/content';
import FriendlyLinkFields from './components/FriendlyLinkFields';
import { LINK_INITIAL_VALUES, toLinkBody, toLinkValues, type FriendlyLinkValues } from './components/linkValues';

const EDIT = 'content:link:edit';

/** All links fit one page, so they can be dragged into order. */
const PAGE_SIZE = 50;

export default function FriendlyLinkPage() {
  const drawer = useFormDrawer();
  const table = useRef<ResourceTableHandle>(null);

  const columns = useMemo<ResourceColumn<FriendlyLinkListItem>[]>(
    () => [
      keywordColumn('名称关键字'),
      // The drag handle shows here too (ResourceTable's dragSort.column).
      { title: '排序', dataIndex: 'sort', width: 100, sorter: true, render: (_dom, r) => r.sort },
      {
        title: '标志',
        dataIndex: 'logoFileId',
        width: 100,
        render: (_dom, r) => <FileThumb fileId={r.logoFileId} alt={`${r.name}标志`} width={72} height={36} />,
      },
      { title: '名称', dataIndex: 'name', width: 220, ellipsis: true },
      {
        title: '网址',
        dataIndex: 'url',
        width: 280,
        render: (_dom, r) => (
          <Typography.Link href={r.url} target="_blank" rel="noopener noreferrer" ellipsis style={{ maxWidth: 260 }}>
            {r.url}
          </Typography.Link>
        ),
      },
      {
        title: '启用',
        dataIndex: 'enabled',
        width: 100,
        valueType: 'select',
        valueEnum: { true: { text: '启用' }, false: { text: '停用' } },
        filter: true,
        render: (_dom, r) => (
          <EnabledSwitch
            checked={r.enabled}
            editable={r.actions.includes(r.enabled ? 'disable' : 'enable')}
            name={`友情链接「${r.name}」`}
            onToggle={(enabled) => friendlyLinks.action(r.id, enabled ? 'enable' : 'disable')}
            onDone={() => table.current?.reload()}
          />
        ),
      },
      dateTimeColumn('更新时间', 'updatedAt', { sorter: true }),
    ],
    [],
  );

  const { openEdit } = drawer;
  const rowActions = useMemo<RowAction<FriendlyLinkListItem>[]>(
    () => [editAction('edit', (r) => openEdit(r.id)), deleteAction('delete', friendlyLinks.remove, (r) => r.name)],
    [openEdit],
  );

  return (
    <ManagePageContainer path="/Manage/friendly-link">
      <ResourceTable<FriendlyLinkListItem>
        headerTitle="友情链接"
        columns={columns}
        fetch={(query) => friendlyLinks.list(query)}
        defaultPageSize={PAGE_SIZE}
        create={{ code: EDIT, label: '新建友情链接', onClick: drawer.openCreate }}
        rowActions={rowActions}
        dragSort={{ column: 'sort', code: EDIT, onSort: (ids) => reorder(friendlyLinks, ids) }}
        handleRef={table}
      />
      <ResourceFormDrawer<FriendlyLinkRecord, FriendlyLinkValues>
        title="友情链接"
        width={640}
        target={drawer.target}
        onClose={drawer.close}
        onSaved={() => table.current?.reload()}
        load={(id) => friendlyLinks.get(id)}
        toValues={toLinkValues}
        versionOf={(r) => r.version}
        initialValues={LINK_INITIAL_VALUES}
        create={(values) => friendlyLinks.create(toLinkBody(values))}
        update={(id, values, version) => friendlyLinks.update(id, { ...toLinkBody(values), version })}
      >
        <FriendlyLinkFields />
      </ResourceFormDrawer>
    </ManagePageContainer>
  );
}
