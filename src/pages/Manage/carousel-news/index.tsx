/**
 * 轮播新闻管理: the home page's carousel. A list in display order with thumbnails, the date
 * window and whether it shows now; enable/disable in the row; order by drag (the whole list,
 * unfiltered) or by the sort number in the form; the link is an article, an in-site page or
 * an http(s) address.
 */
import { Space, Tag, Typography } from 'antd';
import { useMemo, useRef } from 'react';
import type { CarouselListItem, CarouselRecord } from '@common/schemas/content';
import {
  dateTimeColumn,
  deleteAction,
  editAction,
  EnabledSwitch,
  FileThumb,
  formatDateTime,
  keywordColumn,
  ManagePageContainer,
  ResourceFormDrawer,
  ResourceTable,
  useFormDrawer,
  carouselEnableQuestion,
  toIso,
  useConfirm,
  type ResourceColumn,
  type ResourceTableHandle,
  type RowAction,
  type Submitter,
} from '@/components/ListPage';
import { carousels, reorder } from '@/services/content';
import CarouselFields from './components/CarouselFields';
import {
  ARTICLE_LINK_PREFIX,
  CAROUSEL_INITIAL_VALUES,
  toCarouselBody,
  toCarouselValues,
  type CarouselValues,
} from './components/carouselValues';

const EDIT = 'content:carousel:edit';

/** 保存; with 启用 on it puts the slide on the public home page, so it asks first. */
const SUBMITTERS: Submitter<CarouselValues>[] = [
  {
    key: 'save',
    label: '保存',
    primary: true,
    confirm: (v) =>
      v.enabled ? carouselEnableQuestion({ title: v.title, showFrom: toIso(v.showWindow?.[0]), showUntil: toIso(v.showWindow?.[1]) }, 'save') : null,
  },
];

/** The whole carousel fits one page, so it can be dragged into order. */
const PAGE_SIZE = 50;

function LinkText({ link }: { link: string | null }) {
  if (!link) return <Typography.Text type="secondary">不跳转</Typography.Text>;
  const label = link.startsWith(ARTICLE_LINK_PREFIX) ? `文章：${link.slice(ARTICLE_LINK_PREFIX.length)}` : link;
  return (
    <Typography.Text ellipsis={{ tooltip: link }} style={{ maxWidth: 220 }}>
      {label}
    </Typography.Text>
  );
}

export default function CarouselNewsPage() {
  const drawer = useFormDrawer();
  const table = useRef<ResourceTableHandle>(null);
  // 启用 puts it on the public home page: it asks first (取消 leaves it off).
  const confirm = useConfirm();

  const columns = useMemo<ResourceColumn<CarouselListItem>[]>(
    () => [
      keywordColumn('标题关键字'),
      // The drag handle shows here too (ResourceTable's dragSort.column).
      { title: '排序', dataIndex: 'sort', width: 100, sorter: true, render: (_dom, r) => r.sort },
      {
        title: '图片',
        dataIndex: 'imageFileId',
        width: 120,
        render: (_dom, r) => <FileThumb fileId={r.imageFileId} alt={r.title} />,
      },
      { title: '标题', dataIndex: 'title', width: 240, ellipsis: true, sorter: true },
      { title: '链接', dataIndex: 'link', width: 240, render: (_dom, r) => <LinkText link={r.link} /> },
      {
        title: '展示时间',
        key: 'window',
        width: 200,
        render: (_dom, r) =>
          r.showFrom || r.showUntil ? (
            <Space orientation="vertical" size={0}>
              <span>起：{r.showFrom ? formatDateTime(r.showFrom) : '不限'}</span>
              <span>止：{r.showUntil ? formatDateTime(r.showUntil) : '不限'}</span>
            </Space>
          ) : (
            '不限'
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
            name={`轮播「${r.title}」`}
            onToggle={async (enabled) => {
              if (enabled) await confirm(carouselEnableQuestion(r));
              return carousels.action(r.id, enabled ? 'enable' : 'disable');
            }}
            onDone={() => table.current?.reload()}
          />
        ),
      },
      {
        title: '首页展示',
        dataIndex: 'live',
        width: 100,
        render: (_dom, r) => (r.live ? <Tag color="green">展示中</Tag> : <Tag>未展示</Tag>),
      },
      dateTimeColumn('更新时间', 'updatedAt', { sorter: true }),
    ],
    [confirm],
  );

  const { openEdit } = drawer;
  const rowActions = useMemo<RowAction<CarouselListItem>[]>(
    () => [editAction('edit', (r) => openEdit(r.id)), deleteAction('delete', carousels.remove, (r) => r.title)],
    [openEdit],
  );

  return (
    <ManagePageContainer path="/Manage/carousel-news">
      <ResourceTable<CarouselListItem>
        headerTitle="轮播列表"
        columns={columns}
        fetch={(query) => carousels.list(query)}
        defaultPageSize={PAGE_SIZE}
        create={{ code: EDIT, label: '新建轮播', onClick: drawer.openCreate }}
        rowActions={rowActions}
        dragSort={{ column: 'sort', code: EDIT, onSort: (ids) => reorder(carousels, ids) }}
        handleRef={table}
      />
      <ResourceFormDrawer<CarouselRecord, CarouselValues>
        title="轮播"
        width={720}
        target={drawer.target}
        onClose={drawer.close}
        onSaved={() => table.current?.reload()}
        load={(id) => carousels.get(id)}
        toValues={toCarouselValues}
        versionOf={(r) => r.version}
        initialValues={CAROUSEL_INITIAL_VALUES}
        create={(values) => carousels.create(toCarouselBody(values))}
        update={(id, values, version) => carousels.update(id, { ...toCarouselBody(values), version })}
        submitters={SUBMITTERS}
      >
        <CarouselFields />
      </ResourceFormDrawer>
    </ManagePageContainer>
  );
}
