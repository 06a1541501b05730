/**
 * 网站公告管理: notices with the list-and-form pattern (src/components/ListPage): a URL-synced
 * list filtered by state, publishing date and keyword; create and edit in a drawer (save as
 * draft or publish, now or at a set time, with an expiry); publish, schedule, take offline
 * and delete, one by one or in batches.
 */
import { useMemo, useRef, useState } from 'react';
import type { NoticeListItem, NoticeRecord } from '@common/schemas/content';
import {
  dateRangeFilter,
  dateTimeColumn,
  deleteAction,
  editAction,
  keywordColumn,
  ManagePageContainer,
  pinnedTitleColumn,
  publishActions,
  publishQuestion,
  publishStateColumn,
  ResourceFormDrawer,
  ResourceTable,
  SchedulePublishModal,
  useFormDrawer,
  usePublishBatchActions,
  type ResourceColumn,
  type ResourceTableHandle,
  type RowAction,
  type Submitter,
} from '@/components/ListPage';
import { notices, publishBody } from '@/services/content';
import NoticeFields from './components/NoticeFields';
import { NOTICE_INITIAL_VALUES, toNoticeBody, toNoticeValues, type NoticeValues } from './components/noticeValues';

const EDIT = 'content:notice:edit';
const DELETE = 'content:notice:delete';

const SUBMITTERS: Submitter<NoticeValues>[] = [
  { key: 'draft', label: '保存草稿', code: EDIT, successMessage: '草稿已保存' },
  {
    key: 'publish',
    label: '发布',
    code: EDIT,
    primary: true,
    successMessage: '公告已发布',
    // What becomes public, when, and until when.
    confirm: (v) => publishQuestion({ noun: '公告', title: v.title, publishAt: v.publishAt, expireAt: v.expireAt ?? null }),
  },
];
const BATCH_CODES = { publish: EDIT, delete: DELETE } as const;

const saveAs = (submitter: string) => (submitter === 'publish' ? 'publish' : 'draft');

export default function NoticePage() {
  const drawer = useFormDrawer();
  const table = useRef<ResourceTableHandle>(null);
  const [scheduling, setScheduling] = useState<NoticeListItem | null>(null);

  const columns = useMemo<ResourceColumn<NoticeListItem>[]>(
    () => [
      keywordColumn('标题关键字'),
      pinnedTitleColumn(),
      publishStateColumn(),
      dateRangeFilter('发布日期', 'publishFrom', 'publishTo'),
      dateTimeColumn('发布时间', 'publishAt', { sorter: true }),
      dateTimeColumn('失效时间', 'expireAt', { sorter: true }),
      { title: '浏览量', dataIndex: 'viewCount', width: 90, align: 'right' },
      dateTimeColumn('更新时间', 'updatedAt', { sorter: true }),
    ],
    [],
  );

  const { openEdit } = drawer;
  const rowActions = useMemo<RowAction<NoticeListItem>[]>(
    () => [
      editAction('edit', (r) => openEdit(r.id)),
      ...publishActions<NoticeListItem>(notices, setScheduling, '公告'),
      deleteAction('delete', notices.remove, (r) => r.title),
    ],
    [openEdit],
  );
  const batchActions = usePublishBatchActions<NoticeListItem>(notices, BATCH_CODES, '公告', table);

  return (
    <ManagePageContainer path="/Manage/notice">
      <ResourceTable<NoticeListItem>
        headerTitle="公告列表"
        columns={columns}
        fetch={(query) => notices.list(query)}
        create={{ code: EDIT, label: '新建公告', onClick: drawer.openCreate }}
        rowActions={rowActions}
        batchActions={batchActions}
        handleRef={table}
      />
      <ResourceFormDrawer<NoticeRecord, NoticeValues>
        title="公告"
        width={960}
        target={drawer.target}
        onClose={drawer.close}
        onSaved={() => table.current?.reload()}
        load={(id) => notices.get(id)}
        toValues={toNoticeValues}
        versionOf={(r) => r.version}
        initialValues={NOTICE_INITIAL_VALUES}
        create={(values, submitter) => notices.create(toNoticeBody(values, saveAs(submitter)))}
        update={(id, values, version, submitter) => notices.update(id, { ...toNoticeBody(values, saveAs(submitter)), version })}
        submitters={SUBMITTERS}
        draft={{ resource: 'notices' }}
      >
        <NoticeFields />
      </ResourceFormDrawer>
      <SchedulePublishModal
        record={scheduling}
        onClose={() => setScheduling(null)}
        publish={(id, publishAt) => notices.action(id, 'publish', publishBody(publishAt))}
        onDone={() => table.current?.reload()}
      />
    </ManagePageContainer>
  );
}
