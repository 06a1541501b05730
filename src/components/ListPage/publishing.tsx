/**
 * The publishing workflow articles and notices share: the state column (草稿, 定时发布,
 * 已发布, 已过期, 已下线), the row actions 发布 / 定时发布 / 下线, the batch actions, and the
 * dialog that picks a publishing time.
 *
 * Nothing becomes public by accident: every way to publish asks first and says what becomes
 * public and when (publishQuestion: the row's 发布, the batch's, the form's 发布 button; the
 * carousel's 启用 through useConfirm), in the words the public page will show.
 */
import { App, DatePicker, Form, Modal, Space, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useCallback, useMemo, useState, type ReactNode, type RefObject } from 'react';
import type { PermissionCode } from '@common/permissions';
import {
  PUBLISH_STATE_LABELS,
  PUBLISH_STATE_VALUES,
  type BatchResult,
  type PublishableRowAction,
  type PublishState,
} from '@common/schemas/content';
import { DATE_TIME_FORMAT, formatDateTime } from './format';
import type { ResourceTableHandle } from './ResourceTable';
import type { SubmitQuestion } from './ResourceFormDrawer';
import type { BatchAction, ResourceColumn, RowAction } from './types';

/**
 * When an item published now with this time becomes public, in words: the public pages show
 * its date (发布日期), so that is said too. `publishAt` empty: the moment 发布 is pressed.
 */
export function publicationWhen(publishAt: Dayjs | string | null | undefined, now: Dayjs = dayjs()): string {
  const at = publishAt ? dayjs(publishAt) : null;
  if (!at || !at.isValid()) return `立即对访客公开，发布时间为发布的时刻（网站显示发布日期 ${now.format('YYYY-MM-DD')}）`;
  if (at.isAfter(now)) return `将于 ${at.format(DATE_TIME_FORMAT)} 自动对访客公开（定时发布，网站显示发布日期 ${at.format('YYYY-MM-DD')}）`;
  return `立即对访客公开，发布时间记为 ${at.format(DATE_TIME_FORMAT)}（网站显示发布日期 ${at.format('YYYY-MM-DD')}）`;
}

/**
 * The question before publishing one item: what (「title」) becomes public, and when; a notice's
 * expiry too (`expireAt`: null means it stays).
 */
export function publishQuestion(item: {
  noun: string;
  title: string;
  publishAt?: Dayjs | string | null;
  expireAt?: Dayjs | string | null;
}): SubmitQuestion {
  const expiry =
    item.expireAt === undefined ? '' : item.expireAt ? `，至 ${dayjs(item.expireAt).format(DATE_TIME_FORMAT)} 失效` : '，长期有效';
  return {
    title: `确定发布${item.noun}「${item.title || '（无标题）'}」吗？`,
    content: `发布后，该${item.noun}${publicationWhen(item.publishAt)}${expiry}。`,
    okText: '发布',
  };
}

/**
 * A confirmation as a promise: resolves on OK, rejects on 取消 (callers that ignore failures,
 * like EnabledSwitch's toggle, then change nothing).
 */
export function useConfirm(): (question: SubmitQuestion) => Promise<void> {
  const { modal } = App.useApp();
  return useCallback(
    (question: SubmitQuestion) =>
      new Promise<void>((resolve, reject) => {
        modal.confirm({
          title: question.title,
          content: question.content,
          okText: question.okText ?? '确定',
          cancelText: '取消',
          autoFocusButton: 'cancel',
          onOk: () => resolve(),
          onCancel: () => reject(new Error('cancelled')),
        });
      }),
    [modal],
  );
}

/**
 * The carousel's 启用 (the switch, or saving the form with 启用 on): where and from when it
 * shows on the home page.
 */
export function carouselEnableQuestion(
  item: { title: string; showFrom: string | null; showUntil: string | null },
  how: 'enable' | 'save' = 'enable',
): SubmitQuestion {
  const from = item.showFrom && dayjs(item.showFrom).isAfter(dayjs()) ? `将于 ${formatDateTime(item.showFrom)} 起` : '将立即';
  const until = item.showUntil ? `，至 ${formatDateTime(item.showUntil)} 止` : '';
  const title = item.title || '（无标题）';
  return {
    title: how === 'save' ? `确定保存并启用轮播「${title}」吗？` : `确定启用轮播「${title}」吗？`,
    content: `启用后，它${from}在网站首页的轮播中对访客展示${until}。`,
    okText: how === 'save' ? '保存并启用' : '启用',
  };
}

/** Status colours of antd's Badge, by state. */
const STATE_STATUS: Record<PublishState, 'default' | 'processing' | 'success' | 'warning' | 'error'> = {
  draft: 'default',
  scheduled: 'processing',
  published: 'success',
  expired: 'warning',
  offline: 'error',
};

export const PUBLISH_STATE_ENUM = Object.fromEntries(
  PUBLISH_STATE_VALUES.map((v) => [v, { text: PUBLISH_STATE_LABELS[v], status: STATE_STATUS[v] }]),
);

/** The 状态 column, also a filter (`?state=`). `states` narrows it (articles never expire). */
export function publishStateColumn<T>(states: readonly PublishState[] = PUBLISH_STATE_VALUES): ResourceColumn<T> {
  return {
    title: '状态',
    dataIndex: 'state',
    width: 110,
    valueType: 'select',
    valueEnum: Object.fromEntries(states.map((s) => [s, PUBLISH_STATE_ENUM[s]])),
    filter: true,
  };
}

/** 标题 with a 置顶 tag for pinned items; searchable through the keyword box, not here. */
export function pinnedTitleColumn<T extends { title: string; pinned: boolean }>(width = 320): ResourceColumn<T> {
  return {
    title: '标题',
    dataIndex: 'title',
    width,
    ellipsis: true,
    render: (_dom, r) => (
      <Space size={4}>
        {r.pinned && <Tag color="red">置顶</Tag>}
        <span title={r.title}>{r.title}</span>
      </Space>
    ),
  };
}

interface Publishable {
  id: string;
  title: string;
  state: PublishState;
  publishAt: string | null;
  actions: readonly PublishableRowAction[];
}

/** What 发布 (now) on a row says: the row's planned time, if any, gives way to now. */
function publishNowQuestion(noun: string, r: Publishable): ReactNode {
  const { title, content } = publishQuestion({ noun, title: r.title });
  const planned = r.state === 'scheduled' && r.publishAt ? `原定 ${formatDateTime(r.publishAt)} 的定时发布将改为立即发布。` : '';
  return (
    <Space orientation="vertical" size={2} style={{ maxWidth: 360 }}>
      <Typography.Text strong>{title}</Typography.Text>
      <Typography.Text>
        {content}
        {planned}
      </Typography.Text>
    </Space>
  );
}

interface PublishClient {
  action: (id: string, name: 'publish' | 'offline', body?: object) => Promise<unknown>;
  batch: (name: 'publish' | 'offline' | 'delete', ids: readonly string[]) => Promise<BatchResult>;
}

/**
 * 发布 (now) and 定时发布 (the time dialog, through `onSchedule`), both on the rows that offer
 * `publish` (not yet public), and 下线 on those that offer `offline` (public or about to be;
 * expired notices too): server/content/publishing.ts decides which.
 */
export function publishActions<T extends Publishable>(
  client: PublishClient,
  onSchedule: (record: T) => void,
  noun: string,
): RowAction<T, PublishableRowAction>[] {
  return [
    {
      key: 'publish',
      label: '发布',
      action: 'publish',
      confirm: (r) => publishNowQuestion(noun, r),
      run: (r) => client.action(r.id, 'publish', {}),
      successMessage: '已发布',
    },
    {
      key: 'schedule',
      label: '定时发布',
      action: 'publish',
      run: (r) => onSchedule(r),
    },
    {
      key: 'offline',
      label: '下线',
      action: 'offline',
      danger: true,
      confirm: (r) => `确定下线「${r.title}」吗？下线后访客将看不到它。`,
      run: (r) => client.action(r.id, 'offline'),
      successMessage: '已下线',
    },
  ];
}

/** How many titles the batch question names before "等 N 条". */
const TITLES_SHOWN = 5;

/**
 * The batch actions; 发布 asks in its own words (which titles become public, now) and then
 * clears the selection and reloads through `table`.
 */
export function usePublishBatchActions<T extends Publishable>(
  client: PublishClient,
  codes: { publish: PermissionCode; delete: PermissionCode },
  noun: string,
  table: RefObject<ResourceTableHandle | null>,
): BatchAction<T>[] {
  const { message } = App.useApp();
  const confirm = useConfirm();
  const publishSelected = useCallback(
    async (rows: T[]) => {
      const titles = rows.slice(0, TITLES_SHOWN).map((r) => `「${r.title}」`).join('、');
      const more = rows.length > TITLES_SHOWN ? `等 ${rows.length} 条` : '';
      const scheduled = rows.some((r) => r.state === 'scheduled') ? '其中定时发布的也将改为立即发布。' : '';
      try {
        await confirm({
          title: `确定发布选中的 ${rows.length} 条${noun}吗？`,
          content: `${titles}${more}发布后${publicationWhen(null)}；已公开的不受影响。${scheduled}`,
          okText: '发布',
        });
      } catch {
        return; // 取消
      }
      try {
        const result = await client.batch('publish', rows.map((r) => r.id));
        message.success(`已发布 ${result.count} 条记录`);
        table.current?.clearSelection();
        table.current?.reload();
      } catch {
        // Shown by the request layer; all or nothing, so nothing changed.
      }
    },
    [client, confirm, message, noun, table],
  );
  const { publish, delete: remove } = codes;
  return useMemo(
    () => [
      { key: 'publish', label: '发布', code: publish, open: (rows: T[]) => void publishSelected(rows) },
      { key: 'offline', label: '下线', code: publish, run: (ids: string[]) => client.batch('offline', ids) },
      { key: 'delete', label: '删除', code: remove, danger: true, run: (ids: string[]) => client.batch('delete', ids) },
    ],
    [client, publish, remove, publishSelected],
  );
}

export interface SchedulePublishModalProps {
  /** The record to schedule; null closes the dialog. */
  record: { id: string; title: string } | null;
  onClose: () => void;
  /** Publishes at the chosen time (ISO). */
  publish: (id: string, publishAt: string) => Promise<unknown>;
  onDone: () => void;
}

/** 定时发布: a date-time in the future; the item becomes public then, with no timer process. */
export function SchedulePublishModal({ record, onClose, publish, onDone }: SchedulePublishModalProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ publishAt?: Dayjs }>();
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    if (!record) return;
    const { publishAt } = await form.validateFields();
    if (!publishAt) return;
    setBusy(true);
    try {
      await publish(record.id, publishAt.toISOString());
      message.success(`已设置在 ${publishAt.format(DATE_TIME_FORMAT)} 发布`);
      onDone();
      onClose();
    } catch {
      // Shown by the request layer.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      title="定时发布"
      open={record !== null}
      onCancel={onClose}
      onOk={() => void submit()}
      okText="确定"
      cancelText="取消"
      confirmLoading={busy}
      destroyOnHidden
    >
      <Typography.Paragraph>{record ? `「${record.title}」将在以下时间自动对访客可见：` : ''}</Typography.Paragraph>
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="publishAt"
          label="发布时间"
          rules={[
            { required: true, message: '请选择发布时间' },
            {
              validator: (_r, value: Dayjs | undefined) =>
                !value || value.isAfter(dayjs()) ? Promise.resolve() : Promise.reject(new Error('定时发布的时间必须晚于当前时间')),
            },
          ]}
        >
          <DatePicker showTime={{ format: 'HH:mm' }} format={DATE_TIME_FORMAT} style={{ width: '100%' }} placeholder="请选择发布时间" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
