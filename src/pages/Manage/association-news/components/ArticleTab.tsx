/**
 * 文章管理: every category's articles in one URL-synced list (filters: category, state,
 * publishing dates, keyword; sortable by publishing time, views and last change), the
 * article drawer (save as draft, preview, publish now or at a set time), and the
 * publishing actions one by one or in batches.
 */
import EyeOutlined from '@ant-design/icons/EyeOutlined';
import { App, Button } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { ARTICLE_CATEGORY_VALUES, type ArticleListItem, type ArticleRecord } from '@common/schemas/content';
import {
  dateRangeFilter,
  dateTimeColumn,
  deleteAction,
  editAction,
  keywordColumn,
  pinnedTitleColumn,
  publishActions,
  publishQuestion,
  publishStateColumn,
  ResourceFormDrawer,
  ResourceTable,
  SchedulePublishModal,
  toIso,
  useFormDrawer,
  usePublishBatchActions,
  type ResourceColumn,
  type ResourceTableHandle,
  type RowAction,
  type Submitter,
} from '@/components/ListPage';
import { articles, publishBody } from '@/services/content';
import ArticleFields from './ArticleFields';
import ArticlePreview, { type PreviewData } from './ArticlePreview';
import { ARTICLE_INITIAL_VALUES, toArticleBody, toArticleValues, type ArticleValues } from './articleValues';
import { useCategoryLabels } from './categories';

const EDIT = 'content:article:edit';
const PUBLISH = 'content:article:publish';
const DELETE = 'content:article:delete';

const SUBMITTERS: Submitter<ArticleValues>[] = [
  { key: 'draft', label: '保存草稿', code: EDIT, successMessage: '草稿已保存' },
  {
    key: 'publish',
    label: '发布',
    code: PUBLISH,
    primary: true,
    successMessage: '文章已发布',
    // What becomes public, and when: now, or the time set in the form.
    confirm: (v) => publishQuestion({ noun: '文章', title: v.title, publishAt: v.publishMode === 'at' ? v.publishAt : null }),
  },
];

const saveAs = (submitter: string) => (submitter === 'publish' ? 'publish' : 'draft');
const BATCH_CODES = { publish: PUBLISH, delete: DELETE } as const;

export default function ArticleTab() {
  const { message } = App.useApp();
  const labels = useCategoryLabels();
  const drawer = useFormDrawer();
  const table = useRef<ResourceTableHandle>(null);
  const [scheduling, setScheduling] = useState<ArticleListItem | null>(null);
  const [preview, setPreview] = useState<PreviewData | null>(null);

  const columns = useMemo<ResourceColumn<ArticleListItem>[]>(
    () => [
      keywordColumn('标题关键字'),
      pinnedTitleColumn(280),
      {
        title: '栏目',
        dataIndex: 'category',
        width: 100,
        valueType: 'select',
        valueEnum: Object.fromEntries(ARTICLE_CATEGORY_VALUES.map((v) => [v, { text: labels[v] }])),
        filter: true,
      },
      // Articles have no expiry: their states are the other four.
      publishStateColumn(['draft', 'scheduled', 'published', 'offline']),
      dateRangeFilter('发布日期', 'publishFrom', 'publishTo'),
      dateTimeColumn('发布时间', 'publishAt', { sorter: true }),
      { title: '浏览量', dataIndex: 'viewCount', width: 90, align: 'right', sorter: true },
      dateTimeColumn('更新时间', 'updatedAt', { sorter: true, optional: true }),
    ],
    [labels],
  );

  const { openEdit } = drawer;
  const rowActions = useMemo<RowAction<ArticleListItem>[]>(
    () => [
      editAction('edit', (r) => openEdit(r.id)),
      ...publishActions<ArticleListItem>(articles, setScheduling, '文章'),
      deleteAction('delete', articles.remove, (r) => r.title),
    ],
    [openEdit],
  );
  const batchActions = usePublishBatchActions<ArticleListItem>(articles, BATCH_CODES, '文章', table);

  return (
    <>
      <ResourceTable<ArticleListItem>
        headerTitle="文章列表"
        columns={columns}
        fetch={(query) => articles.list(query)}
        create={{ code: EDIT, label: '新建文章', onClick: drawer.openCreate }}
        rowActions={rowActions}
        batchActions={batchActions}
        handleRef={table}
      />
      <ResourceFormDrawer<ArticleRecord, ArticleValues>
        title="文章"
        width={1080}
        target={drawer.target}
        onClose={drawer.close}
        onSaved={() => table.current?.reload()}
        load={(id) => articles.get(id)}
        toValues={toArticleValues}
        versionOf={(r) => r.version}
        initialValues={ARTICLE_INITIAL_VALUES}
        create={(values, submitter) => articles.create(toArticleBody(values, saveAs(submitter)))}
        update={(id, values, version, submitter) => articles.update(id, { ...toArticleBody(values, saveAs(submitter)), version })}
        submitters={SUBMITTERS}
        draft={{ resource: 'articles' }}
        extraButtons={(form) => (
          <Button
            icon={<EyeOutlined />}
            onClick={() => {
              const values = form.getFieldsValue(true) as ArticleValues;
              if (!values.content) {
                message.warning('请先输入正文');
                return;
              }
              setPreview({
                title: values.title,
                category: values.category ? labels[values.category] : undefined,
                author: values.author,
                source: values.source,
                publishAt: values.publishMode === 'at' ? toIso(values.publishAt) : null,
                content: values.content,
              });
            }}
          >
            预览
          </Button>
        )}
      >
        <ArticleFields labels={labels} />
      </ResourceFormDrawer>
      <SchedulePublishModal
        record={scheduling}
        onClose={() => setScheduling(null)}
        publish={(id, publishAt) => articles.action(id, 'publish', publishBody(publishAt))}
        onDone={() => table.current?.reload()}
      />
      <ArticlePreview data={preview} onClose={() => setPreview(null)} />
    </>
  );
}
