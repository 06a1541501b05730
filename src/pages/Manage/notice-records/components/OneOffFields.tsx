/**
 * The one-off notice's form (inside ResourceFormDrawer): whom it reaches (approved units or
 * practitioners, narrowed by member level and by an inspection year not yet submitted), what it
 * says, on which channels, whether it is mandatory; and the recipients as the server counts them
 * (POST /notice-deliveries/one-off/preview), asked again whenever the filter changes. The page
 * keeps the last preview (`onPreview`) to say the count in the question before sending.
 */
import { ProFormCheckbox, ProFormDigit, ProFormRadio, ProFormSelect, ProFormSwitch, ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import { useRequest } from 'ahooks';
import { Alert, Form, Space, Typography, type FormInstance } from 'antd';
import { useEffect } from 'react';
import {
  NOTICE_BODY_MAX,
  NOTICE_CHANNEL_LABELS,
  NOTICE_CHANNELS,
  NOTICE_SUBJECT_MAX,
  ONE_OFF_RECIPIENTS_MAX,
  type OneOffPreview,
  type OneOffPreviewBody,
} from '@common/schemas/notifications';
import { maxLength, required } from '@/components/ListPage';
import { optionsOf, useDictionaries } from '@/hooks/useDictionaries';
import { previewOneOffNotice } from '@/services/notifications';
import { toOneOffFilter, type OneOffValues } from './oneOffValues';

const PREVIEW_DELAY_MS = 300;

export interface PreviewOf {
  filter: OneOffPreviewBody;
  preview: OneOffPreview;
}

export default function OneOffFields({ form, onPreview }: { form: FormInstance<OneOffValues>; onPreview: (p: PreviewOf | null) => void }) {
  const { member_level: levels } = useDictionaries('member_level');
  const audience = Form.useWatch('audience', form);
  const memberLevel = Form.useWatch('memberLevel', form);
  const year = Form.useWatch('unsubmittedInspectionYear', form);
  const filter = toOneOffFilter({ audience, memberLevel, unsubmittedInspectionYear: year });
  const filterKey = JSON.stringify(filter);

  const preview = useRequest(() => previewOneOffNotice(filter), { refreshDeps: [filterKey], debounceWait: PREVIEW_DELAY_MS });
  const previewed = preview.data && !preview.loading ? preview.data : null;
  useEffect(() => {
    onPreview(previewed ? { filter, preview: previewed } : null);
    // The filter is named by its key.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [previewed, filterKey, onPreview]);

  const who = audience === 'practitioner' ? '名从业人员' : '家会员单位';
  return (
    <>
      <ProFormRadio.Group
        name="audience"
        label="发送对象"
        radioType="button"
        options={[
          { value: 'unit', label: '会员单位' },
          { value: 'practitioner', label: '从业人员' },
        ]}
        extra="仅限审核通过的会员单位或从业人员"
      />
      <Space wrap size={16} align="start">
        <ProFormSelect name="memberLevel" label="会员级别" placeholder="不限" options={optionsOf(levels)} width="sm" />
        <ProFormDigit
          name="unsubmittedInspectionYear"
          label="未提交年检的年度"
          placeholder="不限"
          min={2000}
          max={2100}
          fieldProps={{ precision: 0 }}
          width="sm"
          tooltip="只发给该年度年检尚未提交的对象（单位：本单位或其从业人员的年检）"
        />
      </Space>
      <Alert
        style={{ marginBottom: 24 }}
        type={previewed && previewed.count > ONE_OFF_RECIPIENTS_MAX ? 'error' : 'info'}
        showIcon
        data-testid="one-off-preview"
        title={
          preview.loading || !preview.data ? (
            '正在统计收件人…'
          ) : (
            <span>
              将发送给 <b>{preview.data.count}</b> {who}，其中 {preview.data.withEmail} 个有邮箱、{preview.data.withPhone} 个有手机号
              {preview.data.count > ONE_OFF_RECIPIENTS_MAX ? `；一次最多 ${ONE_OFF_RECIPIENTS_MAX} 个，请缩小范围` : ''}
            </span>
          )
        }
        description={
          preview.data && preview.data.names.length > 0 ? (
            <Typography.Text type="secondary">
              {preview.data.names.join('、')}
              {preview.data.count > preview.data.names.length ? ` 等 ${preview.data.count} 个` : ''}
            </Typography.Text>
          ) : undefined
        }
      />
      <ProFormText name="title" label="通知标题" rules={[required('通知标题'), maxLength('通知标题', NOTICE_SUBJECT_MAX)]} />
      <ProFormTextArea name="body" label="通知内容" fieldProps={{ rows: 6, maxLength: NOTICE_BODY_MAX, showCount: true }} rules={[required('通知内容')]} />
      <ProFormCheckbox.Group
        name="channels"
        label="发送渠道"
        options={NOTICE_CHANNELS.map((c) => ({ value: c, label: NOTICE_CHANNEL_LABELS[c] }))}
        rules={[{ required: true, message: '请选择发送渠道' }]}
      />
      <ProFormSwitch name="mandatory" label="必要通知" extra="必要通知也发给关闭了可选邮件通知的人，邮件中注明为必要通知" />
    </>
  );
}
