/**
 * The publishing workflow articles and notices share: the state column (草稿, 定时发布,
 * 已发布, 已过期, 已下线), the row actions 发布 / 定时发布 / 下线, the batch actions, and the
 * dialog that picks a publishing time.
 */
import { App, DatePicker, Form, Modal, Space, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import type { PermissionCode } from '@common/permissions';
import {
  PUBLISH_STATE_LABELS,
  PUBLISH_STATE_VALUES,
  type BatchResult,
  type PublishableRowAction,
  type PublishState,
} from '@common/schemas/content';
import { DATE_TIME_FORMAT } from './format';
import type { BatchAction, ResourceColumn, RowAction } from './types';

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
  actions: readonly PublishableRowAction[];
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
): RowAction<T, PublishableRowAction>[] {
  return [
    {
      key: 'publish',
      label: '发布',
      action: 'publish',
      confirm: (r) => `确定立即发布「${r.title}」吗？`,
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

export function publishBatchActions(
  client: PublishClient,
  codes: { publish: PermissionCode; delete: PermissionCode },
): BatchAction[] {
  return [
    { key: 'publish', label: '发布', code: codes.publish, run: (ids) => client.batch('publish', ids) },
    { key: 'offline', label: '下线', code: codes.publish, run: (ids) => client.batch('offline', ids) },
    { key: 'delete', label: '删除', code: codes.delete, danger: true, run: (ids) => client.batch('delete', ids) },
  ];
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
