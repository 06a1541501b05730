/**
 * The fields of a notice rule (inside ResourceFormDrawer): what its kind allows is the server's
 * answer (`allowedAudiences`, `allowedChannels` of the record), the limits are the contract's.
 */
import { ProFormCheckbox, ProFormDigit, ProFormSelect, ProFormSwitch, ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import { Col, Row, Typography } from 'antd';
import {
  NOTICE_AUDIENCE_LABELS,
  NOTICE_CATCH_UP_DAYS_MAX,
  NOTICE_CHANNEL_LABELS,
  NOTICE_DESCRIPTION_MAX,
  NOTICE_GRACE_DAYS_MAX,
  NOTICE_KIND_LABELS,
  NOTICE_NAME_MAX,
  NOTICE_RULE_DAYS_MAX,
  type NoticeRuleRecord,
  type NoticeTemplateRecord,
} from '@common/schemas/notifications';
import { maxLength, required } from '@/components/ListPage';
import { isDated } from './noticeValues';

export interface RuleFieldsProps {
  record?: NoticeRuleRecord;
  templates: NoticeTemplateRecord[];
}

/** required() is for text (it refuses blanks); the days, audiences and channels are a number and lists. */
export default function RuleFields({ record, templates }: RuleFieldsProps) {
  if (!record) return null;
  const dated = isDated(record);
  return (
    <>
      <Typography.Paragraph type="secondary">
        通知类型：{NOTICE_KIND_LABELS[record.kind]}（编码 {record.code}）
      </Typography.Paragraph>
      <ProFormText name="name" label="规则名称" rules={[required('规则名称'), maxLength('规则名称', NOTICE_NAME_MAX)]} />
      <ProFormTextArea name="description" label="说明" fieldProps={{ rows: 2, maxLength: NOTICE_DESCRIPTION_MAX, showCount: true }} />
      {dated && (
        <ProFormDigit
          name="days"
          label={record.timing === 'before' ? '提前天数' : '延后天数'}
          min={0}
          max={NOTICE_RULE_DAYS_MAX}
          fieldProps={{ precision: 0, addonAfter: '天' }}
          rules={[{ required: true, message: '请输入天数' }]}
          extra={record.timing === 'before' ? '在到期日或截止日之前这么多天发送' : '在截止日之后这么多天发送'}
        />
      )}
      <ProFormCheckbox.Group
        name="audiences"
        label="发送对象"
        options={record.allowedAudiences.map((a) => ({ value: a, label: NOTICE_AUDIENCE_LABELS[a] }))}
        rules={[{ required: true, message: '请选择发送对象' }]}
      />
      <ProFormCheckbox.Group
        name="channels"
        label="发送渠道"
        options={record.allowedChannels.map((c) => ({ value: c, label: NOTICE_CHANNEL_LABELS[c] }))}
        rules={[{ required: true, message: '请选择发送渠道' }]}
      />
      <ProFormSelect
        name="templateId"
        label="通知模板"
        options={templates.map((t) => ({ value: t.id, label: t.name }))}
        rules={[required('通知模板', '请选择')]}
        extra="模板只能使用本类型提供的占位符，不符时保存会被拒绝"
      />
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <ProFormSwitch name="mandatory" label="必要通知" extra="必要通知不受个人退订影响，邮件中注明为必要通知" />
        </Col>
        <Col xs={24} md={12}>
          <ProFormSwitch name="enabled" label="启用" />
        </Col>
      </Row>
      {dated && (
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <ProFormDigit name="graceDays" label="准时发送的宽限天数" min={0} max={NOTICE_GRACE_DAYS_MAX} fieldProps={{ precision: 0 }} extra="晚于应发日超过这些天发出的，标记为逾期补发" />
          </Col>
          <Col xs={24} md={12}>
            <ProFormDigit name="catchUpDays" label="补发的最长天数" min={1} max={NOTICE_CATCH_UP_DAYS_MAX} fieldProps={{ precision: 0 }} extra="服务停止期间错过的通知，最多补发这么多天以前的" />
          </Col>
        </Row>
      )}
    </>
  );
}
