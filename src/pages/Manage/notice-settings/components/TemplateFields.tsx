/**
 * The fields of a notice template (inside ResourceFormDrawer): subject, plain text, HTML (the
 * server sanitises it), the SMS provider's template code and variables, and the placeholders
 * this template may use (the record's `placeholders`: the common ones and those of its rules'
 * kinds). A click on a placeholder copies `{{name}}`.
 */
import { ProFormSelect, ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import { Form, Space, Tag, Tooltip, Typography } from 'antd';
import {
  NOTICE_BODY_MAX,
  NOTICE_NAME_MAX,
  NOTICE_SMS_PARAMS_MAX,
  NOTICE_SMS_TEMPLATE_CODE_MAX,
  NOTICE_SUBJECT_MAX,
  type NoticeTemplateRecord,
} from '@common/schemas/notifications';
import { maxLength, required } from '@/components/ListPage';

export default function TemplateFields({ record }: { record?: NoticeTemplateRecord }) {
  return (
    <>
      {record && (
        <Form.Item label="可用的占位符" extra={record.usedBy.length ? `使用此模板的规则：${record.usedBy.join('、')}` : '暂无规则使用此模板'}>
          <Space size={[4, 8]} wrap>
            {record.placeholders.map((p) => (
              <Tooltip key={p.name} title={p.description}>
                <Typography.Text copyable={{ text: `{{${p.name}}}`, tooltips: ['复制', '已复制'] }}>
                  <Tag style={{ marginInlineEnd: 0 }}>{`{{${p.name}}}`}</Tag>
                  <Typography.Text type="secondary">{p.description}</Typography.Text>
                </Typography.Text>
              </Tooltip>
            ))}
          </Space>
        </Form.Item>
      )}
      <ProFormText name="name" label="模板名称" rules={[required('模板名称'), maxLength('模板名称', NOTICE_NAME_MAX)]} />
      <ProFormText name="subject" label="标题" extra="邮件主题，也是站内消息的标题" rules={[required('标题'), maxLength('标题', NOTICE_SUBJECT_MAX)]} />
      <ProFormTextArea
        name="textBody"
        label="纯文本内容"
        extra="邮件的纯文本正文，也是站内消息的内容"
        fieldProps={{ rows: 6, maxLength: NOTICE_BODY_MAX, showCount: true }}
        rules={[required('纯文本内容')]}
      />
      <ProFormTextArea
        name="htmlBody"
        label="HTML 内容"
        extra="邮件的 HTML 正文；保存时去除脚本等不安全的内容，占位符的值会转义"
        fieldProps={{ rows: 6, maxLength: NOTICE_BODY_MAX, showCount: true, style: { fontFamily: 'monospace' } }}
        rules={[required('HTML 内容')]}
      />
      <ProFormText
        name="smsTemplateCode"
        label="短信模板编号"
        placeholder="如：SMS_123456789（不发短信可留空）"
        extra="短信服务商审核通过的模板编号"
        rules={[maxLength('短信模板编号', NOTICE_SMS_TEMPLATE_CODE_MAX), { pattern: /^[A-Za-z0-9_]*$/, message: '短信模板编号只能包含字母、数字和下划线' }]}
      />
      <ProFormSelect
        name="smsParams"
        label="短信模板变量"
        mode="tags"
        placeholder="按短信模板中的顺序输入占位符名称"
        extra="阿里云按名称、腾讯云按顺序填入短信模板"
        options={(record?.placeholders ?? []).map((p) => ({ value: p.name, label: `${p.name}（${p.description}）` }))}
        rules={[{ type: 'array', max: NOTICE_SMS_PARAMS_MAX, message: `短信模板变量最多 ${NOTICE_SMS_PARAMS_MAX} 个` }]}
      />
    </>
  );
}
