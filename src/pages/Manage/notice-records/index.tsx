/**
 * 通知记录: every notice to every recipient on every channel, one row each (server/notifications):
 * the rule, the recipient with the address masked, the state and its error, attempts, the day it
 * was due (逾期补发 when it went out late). Filters by rule, state, channel, kind, recipient (a
 * name, or a whole e-mail address or phone) and date; 查看地址 shows one whole address
 * (notice:reveal, recorded in the audit log); 重新发送 on a failed, retrying, given-up or unconfigured one;
 * export with the list's filters. The head says whether e-mail and SMS are configured.
 * 发送通知 (notice:manage) sends a one-off notice to a filtered set of units or practitioners,
 * counted first, after a question; the list then shows that send's records.
 */
import { useNavigate } from '@umijs/max';
import { useRequest } from 'ahooks';
import { Alert, App, Space, Tag, Typography } from 'antd';
import { useCallback, useMemo, useRef } from 'react';
import {
  NOTICE_CHANNEL_LABELS,
  NOTICE_DELIVERY_STATE_LABELS,
  NOTICE_KIND_LABELS,
  type NoticeDeliveryRecord,
  type NoticeDeliveryState,
  type NoticeDeliveryStatus,
  type OneOffSendResult,
} from '@common/schemas/notifications';
import {
  dateRangeFilter,
  dateTimeColumn,
  labelsEnum,
  ManagePageContainer,
  ResourceFormDrawer,
  ResourceTable,
  useFormDrawer,
  type ExportAction,
  type ResourceColumn,
  type RowAction,
} from '@/components/ListPage';
import {
  exportNoticeDeliveries,
  noticeDeliveries,
  noticeDeliveryStatus,
  noticeRules,
  resendNotice,
  revealNoticeAddress,
  sendOneOffNotice,
} from '@/services/notifications';
import OneOffFields, { type PreviewOf } from './components/OneOffFields';
import { ONE_OFF_INITIAL_VALUES, toOneOffBody, toOneOffFilter, type OneOffValues } from './components/oneOffValues';

const STATE_COLORS: Record<NoticeDeliveryState, string> = {
  queued: 'processing',
  retrying: 'warning',
  sent: 'success',
  failed: 'error',
  given_up: 'error',
  unconfigured: 'default',
  opted_out: 'default',
};

function ChannelsHead({ status }: { status: NoticeDeliveryStatus | undefined }) {
  if (!status) return null;
  const { email, sms, counts } = status;
  return (
    <Alert
      type={email.configured ? 'info' : 'warning'}
      showIcon
      style={{ marginBottom: 16 }}
      message={
        <Space wrap size={[16, 4]}>
          <span>邮件通道：{email.configured ? `已配置（发件人 ${email.from ?? ''}）` : '未配置'}</span>
          <span>短信通道：{sms.configured ? `已配置（${sms.provider === 'aliyun' ? '阿里云' : '腾讯云'}）` : '未配置'}</span>
          <span>
            今日已发送 {counts.sentToday}，待发送 {counts.queued}，待重试 {counts.retrying}，发送失败 {counts.failed}，已放弃 {counts.givenUp}
          </span>
        </Space>
      }
    />
  );
}

export default function NoticeRecordsPage() {
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const { data: status, refresh } = useRequest(() => noticeDeliveryStatus());
  // The rule filter's choices: every rule (they are few).
  const { data: rules } = useRequest(() => noticeRules.list({ pageSize: 100 }));
  const ruleEnum = useMemo(() => Object.fromEntries((rules?.list ?? []).map((r) => [r.id, { text: r.name }])), [rules]);
  const oneOff = useFormDrawer();
  const lastPreview = useRef<PreviewOf | null>(null);
  const keepPreview = useCallback((p: PreviewOf | null) => {
    lastPreview.current = p;
  }, []);
  const sent = useRef<OneOffSendResult | null>(null);

  const columns = useMemo<ResourceColumn<NoticeDeliveryRecord>[]>(
    () => [
      {
        title: '收件人',
        dataIndex: 'recipient',
        hideInTable: true,
        filter: true,
        fieldProps: { placeholder: '名称，或完整的邮箱地址、手机号', allowClear: true, maxLength: 100 },
      },
      { title: '标题', dataIndex: 'title', width: 260, ellipsis: true },
      { title: '收件人', dataIndex: 'recipientName', width: 180, ellipsis: true },
      { title: '渠道', dataIndex: 'channel', width: 90, valueType: 'select', valueEnum: labelsEnum(NOTICE_CHANNEL_LABELS), filter: true },
      { title: '地址', dataIndex: 'address', width: 170, render: (_dom, r) => r.address ?? '-' },
      {
        title: '状态',
        dataIndex: 'state',
        width: 110,
        valueType: 'select',
        valueEnum: labelsEnum(NOTICE_DELIVERY_STATE_LABELS),
        filter: true,
        render: (_dom, r) => <Tag color={STATE_COLORS[r.state]}>{NOTICE_DELIVERY_STATE_LABELS[r.state]}</Tag>,
      },
      { title: '通知类型', dataIndex: 'kind', width: 130, valueType: 'select', valueEnum: labelsEnum(NOTICE_KIND_LABELS), filter: true, optional: true },
      { title: '通知规则', dataIndex: 'ruleId', width: 180, ellipsis: true, optional: true, valueType: 'select', valueEnum: ruleEnum, filter: true, render: (_dom, r) => r.ruleName },
      // A one-off send's records (`one_off:<id>`), reached from 发送通知.
      { title: '关联记录', dataIndex: 'reference', hideInTable: true, filter: true, fieldProps: { allowClear: true, maxLength: 200 } },
      { title: '尝试次数', dataIndex: 'attempts', width: 90, sorter: true },
      {
        title: '应发日期',
        dataIndex: 'dueOn',
        width: 140,
        sorter: true,
        render: (_dom, r) => (
          <Space size={4}>
            <span>{r.dueOn}</span>
            {r.late && <Tag color="orange">逾期补发</Tag>}
          </Space>
        ),
      },
      {
        title: '错误或说明',
        dataIndex: 'lastError',
        width: 240,
        optional: true,
        render: (_dom, r) => (r.lastError ? <Typography.Text type="secondary">{r.lastError}</Typography.Text> : '-'),
      },
      dateTimeColumn('创建时间', 'createdAt', { sorter: true }),
      dateTimeColumn('发送时间', 'sentAt', { sorter: true, optional: true }),
      dateRangeFilter('创建日期', 'fromDay', 'toDay'),
    ],
    [ruleEnum],
  );

  const rowActions = useMemo<RowAction<NoticeDeliveryRecord>[]>(
    () => [
      {
        key: 'reveal',
        label: '查看地址',
        action: 'reveal',
        reload: false,
        run: async (r) => {
          const { value } = await revealNoticeAddress(r.id);
          modal.info({ title: `${r.recipientName}的${NOTICE_CHANNEL_LABELS[r.channel]}地址`, content: `${value ?? '（无）'}（本次查看已记入审计日志）` });
        },
      },
      {
        key: 'resend',
        label: '重新发送',
        action: 'resend',
        confirm: (r) => `确定重新发送「${r.title}」给${r.recipientName}吗？将重新开始尝试发送。`,
        run: async (r) => {
          await resendNotice(r.id);
          refresh();
        },
        successMessage: '已重新排入发送',
      },
    ],
    [modal, refresh],
  );

  const exports = useMemo<ExportAction[]>(
    () => [{ key: 'export', label: '导出 Excel', code: 'notice:export', icon: true, run: (filters) => exportNoticeDeliveries(filters) }],
    [],
  );

  return (
    <ManagePageContainer path="/Manage/notice-records">
      <ChannelsHead status={status} />
      <ResourceTable<NoticeDeliveryRecord>
        headerTitle="通知记录"
        columns={columns}
        fetch={(query) => noticeDeliveries.list(query)}
        rowActions={rowActions}
        exports={exports}
        create={{ code: 'notice:manage', label: '发送通知', onClick: oneOff.openCreate }}
        rowName={(r) => `${r.recipientName}：${r.title}`}
      />
      <ResourceFormDrawer<OneOffSendResult, OneOffValues>
        title="临时通知"
        width={680}
        target={oneOff.target}
        onClose={oneOff.close}
        // A one-off notice is only ever new: nothing to load or update.
        load={() => Promise.reject(new Error('临时通知发送后不能修改'))}
        toValues={() => ONE_OFF_INITIAL_VALUES}
        versionOf={() => 0}
        update={() => Promise.reject(new Error('临时通知发送后不能修改'))}
        initialValues={ONE_OFF_INITIAL_VALUES}
        submitters={[
          {
            key: 'send',
            label: '发送',
            primary: true,
            code: 'notice:manage',
            successMessage: '临时通知已排入发送',
            confirm: (values) => {
              const known = lastPreview.current;
              const current = known && JSON.stringify(known.filter) === JSON.stringify(toOneOffFilter(values)) ? known.preview : null;
              const channels = values.channels.map((c) => NOTICE_CHANNEL_LABELS[c]).join('、');
              return {
                title: `确定发送「${values.title.trim()}」吗？`,
                content: current
                  ? `将通过${channels}发送给 ${current.count} 个${values.audience === 'unit' ? '会员单位' : '从业人员'}${values.mandatory ? '（必要通知）' : ''}，发送后不能撤回。`
                  : `收件人尚未统计完成；将按所选条件通过${channels}发送，发送后不能撤回。`,
                okText: '发送',
              };
            },
          },
        ]}
        create={async (values) => {
          sent.current = await sendOneOffNotice(toOneOffBody(values));
        }}
        onSaved={() => {
          refresh();
          if (sent.current) navigate(`/Manage/notice-records?reference=${encodeURIComponent(sent.current.reference)}`);
        }}
      >
        {({ form }) => <OneOffFields form={form} onPreview={keepPreview} />}
      </ResourceFormDrawer>
    </ManagePageContainer>
  );
}
