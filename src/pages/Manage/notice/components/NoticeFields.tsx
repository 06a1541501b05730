/** The fields of the notice form (inside ResourceFormDrawer). Limits are the server's. */
import { ProFormSwitch, ProFormText } from '@ant-design/pro-components';
import { Col, DatePicker, Form, Row } from 'antd';
import { ATTACHMENTS_MAX, CONTENT_MAX, TITLE_MAX } from '@common/schemas/content';
import FileUpload from '@/components/FileUpload';
import { DATE_TIME_FORMAT, maxLength, required, uploadsDone } from '@/components/ListPage';
import RichTextEditor, { imagesUploadedRule, richTextRequired } from '@/components/RichTextEditor';
import { expireAfterPublish } from './noticeValues';

export const ATTACHMENT_MAX_SIZE = 50 * 1024 * 1024;

export default function NoticeFields() {
  return (
    <>
      <ProFormText
        name="title"
        label="标题"
        placeholder="请输入公告标题"
        rules={[required('标题'), maxLength('标题', TITLE_MAX)]}
        fieldProps={{ showCount: true }}
      />
      <Form.Item
        name="content"
        label="正文"
        required
        rules={[richTextRequired('正文'), maxLength('正文', CONTENT_MAX), imagesUploadedRule]}
      >
        <RichTextEditor height={360} placeholder="请输入公告正文…" />
      </Form.Item>
      <Form.Item name="attachments" label="附件" rules={[uploadsDone]} extra={`最多 ${ATTACHMENTS_MAX} 个，单个文件不超过 50 MB`}>
        <FileUpload multiple maxCount={ATTACHMENTS_MAX} maxSize={ATTACHMENT_MAX_SIZE} buttonText="上传附件" />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <ProFormSwitch name="pinned" label="置顶" />
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="publishAt" label="发布时间" extra="留空则点击“发布”时立即发布；晚于当前时间则定时发布">
            <DatePicker showTime={{ format: 'HH:mm' }} format={DATE_TIME_FORMAT} style={{ width: '100%' }} placeholder="立即发布" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="expireAt" label="失效时间" dependencies={['publishAt']} rules={[expireAfterPublish]} extra="留空则长期有效">
            <DatePicker showTime={{ format: 'HH:mm' }} format={DATE_TIME_FORMAT} style={{ width: '100%' }} placeholder="长期有效" />
          </Form.Item>
        </Col>
      </Row>
    </>
  );
}
