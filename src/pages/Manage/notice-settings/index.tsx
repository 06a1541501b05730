/**
 * 通知设置: the rules that send notices (what fires, when, to whom, on which channels, mandatory
 * or optional) with 编辑 and 启用 / 停用 on the rows whose actions offer them, and the templates
 * each rule sends with, each edited in a drawer (subject, plain text, HTML, the SMS template,
 * the placeholders it may use). The rules are evaluated by the server (server/notifications);
 * both forms send the version they read, and a stale one is explained by ResourceFormDrawer.
 */
import { useRequest } from 'ahooks';
import { App, Button, Card, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useMemo, useRef } from 'react';
import {
  NOTICE_AUDIENCE_LABELS,
  NOTICE_CHANNEL_LABELS,
  NOTICE_KIND_LABELS,
  type NoticeRuleRecord,
  type NoticeTemplateRecord,
} from '@common/schemas/notifications';
import {
  dateTimeColumn,
  editAction,
  keywordColumn,
  labelsEnum,
  ManagePageContainer,
  ResourceFormDrawer,
  ResourceTable,
  useFormDrawer,
  type ResourceColumn,
  type ResourceTableHandle,
  type RowAction,
} from '@/components/ListPage';
import { useCan } from '@/hooks/useCan';
import { noticeRules, noticeTemplates, scanNoticeRules } from '@/services/notifications';
import RuleFields from './components/RuleFields';
import TemplateFields from './components/TemplateFields';
import { toRuleBody, toRuleValues, toTemplateBody, toTemplateValues, type RuleValues, type TemplateValues } from './components/noticeValues';

/** 60 天前, 1 天后, 发生时. */
function whenOf(r: NoticeRuleRecord): string {
  if (r.timing === 'event' || r.days === null) return '事件发生时';
  return `${r.timing === 'before' ? '到期前' : '到期后'} ${r.days} 天`;
}

export default function NoticeSettingsPage() {
  const ruleDrawer = useFormDrawer();
  const templateDrawer = useFormDrawer();
  const table = useRef<ResourceTableHandle>(null);
  const can = useCan();
  const { message } = App.useApp();
  // 立即检查: the server's scan now rather than at its next round (after a rule's change); it
  // queues only what is due and not queued before, so it asks nothing first. A refusal is shown
  // by the request layer (src/requestErrors.ts).
  const scan = useRequest(scanNoticeRules, { manual: true, onSuccess: (answer) => void message.success(answer.message) });
  const ruleColumns = useMemo<ResourceColumn<NoticeRuleRecord>[]>(
    () => [
      keywordColumn('规则名称或编码'),
      {
        title: '规则',
        dataIndex: 'name',
        width: 220,
        ellipsis: true,
        render: (_dom, r) => (
          <Space size={4} wrap>
            <span>{r.name}</span>
            {r.mandatory ? <Tag color="red">必要通知</Tag> : <Tag>可退订</Tag>}
          </Space>
        ),
      },
      { title: '通知类型', dataIndex: 'kind', width: 140, valueType: 'select', valueEnum: labelsEnum(NOTICE_KIND_LABELS), filter: true },
      { title: '发送时间', dataIndex: 'days', width: 120, render: (_dom, r) => whenOf(r) },
      { title: '发送对象', dataIndex: 'audiences', width: 180, render: (_dom, r) => r.audiences.map((a) => NOTICE_AUDIENCE_LABELS[a]).join('、') },
      { title: '渠道', dataIndex: 'channels', width: 180, render: (_dom, r) => r.channels.map((c) => NOTICE_CHANNEL_LABELS[c]).join('、') },
      { title: '模板', dataIndex: 'templateName', width: 150, ellipsis: true, optional: true },
      {
        title: '状态',
        dataIndex: 'enabled',
        width: 90,
        valueType: 'select',
        valueEnum: { true: { text: '启用' }, false: { text: '停用' } },
        filter: true,
        render: (_dom, r) => (r.enabled ? <Tag color="success">启用</Tag> : <Tag>停用</Tag>),
      },
      dateTimeColumn('修改时间', 'updatedAt', { optional: true }),
    ],
    [],
  );

  const { openEdit: openRule } = ruleDrawer;
  const ruleActions = useMemo<RowAction<NoticeRuleRecord>[]>(
    () => [
      editAction('edit', (r) => openRule(r.id)),
      { key: 'enable', label: '启用', action: 'enable', run: (r) => noticeRules.action(r.id, 'enable'), successMessage: (r) => `已启用「${r.name}」` },
      {
        key: 'disable',
        label: '停用',
        action: 'disable',
        danger: true,
        confirm: (r) => `确定停用「${r.name}」吗？停用期间到期的通知不会发送，重新启用后也不补发。`,
        run: (r) => noticeRules.action(r.id, 'disable'),
        successMessage: (r) => `已停用「${r.name}」`,
      },
    ],
    [openRule],
  );

  // The templates are few: one plain table (the rules' table keeps the URL's filters and page).
  const templates = useRequest(() => noticeTemplates.list({ pageSize: 100 }));
  const { openEdit: openTemplate } = templateDrawer;
  const templateColumns = useMemo<TableColumnsType<NoticeTemplateRecord>>(
    () => [
      { title: '模板', dataIndex: 'name', width: 160 },
      { title: '标题', dataIndex: 'subject', width: 320, ellipsis: true },
      { title: '短信模板编号', dataIndex: 'smsTemplateCode', width: 130, render: (_v, t) => t.smsTemplateCode ?? <Typography.Text type="secondary">未设置</Typography.Text> },
      { title: '使用的规则', dataIndex: 'usedBy', width: 260, render: (_v, t) => t.usedBy.join('、') || '-' },
      {
        title: '操作',
        key: 'actions',
        width: 80,
        render: (_v, t) =>
          t.actions.includes('edit') ? (
            <Button type="link" size="small" style={{ padding: 0 }} onClick={() => openTemplate(t.id)} aria-label={`编辑模板「${t.name}」`}>
              编辑
            </Button>
          ) : null,
      },
    ],
    [openTemplate],
  );
  const templateList = templates.data?.list ?? [];
  const saved = () => {
    table.current?.reload();
    templates.refresh();
  };

  return (
    <ManagePageContainer path="/Manage/notice-settings">
      <ResourceTable<NoticeRuleRecord>
        headerTitle="通知规则"
        columns={ruleColumns}
        fetch={(query) => noticeRules.list(query)}
        rowActions={ruleActions}
        rowName={(r) => r.name}
        handleRef={table}
        toolbarExtra={
          can('notice:manage')
            ? [
                <Button key="scan" loading={scan.loading} onClick={() => scan.run()} title="按现在的规则找出已到期的通知并排入发送，已排入的不会重复">
                  立即检查
                </Button>,
              ]
            : []
        }
      />
      <Card title="通知模板" style={{ marginTop: 24 }}>
        <Table<NoticeTemplateRecord>
          rowKey="id"
          size="middle"
          columns={templateColumns}
          dataSource={templateList}
          loading={templates.loading}
          pagination={false}
          scroll={{ x: 950 }}
        />
      </Card>
      <ResourceFormDrawer<NoticeRuleRecord, RuleValues>
        title="通知规则"
        width={640}
        target={ruleDrawer.target}
        onClose={ruleDrawer.close}
        onSaved={saved}
        load={(id) => noticeRules.get(id)}
        toValues={toRuleValues}
        versionOf={(r) => r.version}
        create={() => Promise.reject(new Error('通知规则在此只能编辑'))}
        update={(id, values, version) => noticeRules.update(id, { ...toRuleBody(values), version })}
      >
        {({ record }) => <RuleFields record={record} templates={templateList} />}
      </ResourceFormDrawer>
      <ResourceFormDrawer<NoticeTemplateRecord, TemplateValues>
        title="通知模板"
        width={720}
        target={templateDrawer.target}
        onClose={templateDrawer.close}
        onSaved={saved}
        load={(id) => noticeTemplates.get(id)}
        toValues={toTemplateValues}
        versionOf={(t) => t.version}
        create={() => Promise.reject(new Error('通知模板在此只能编辑'))}
        update={(id, values, version) => noticeTemplates.update(id, { ...toTemplateBody(values), version })}
      >
        {({ record }) => <TemplateFields record={record} />}
      </ResourceFormDrawer>
    </ManagePageContainer>
  );
}
