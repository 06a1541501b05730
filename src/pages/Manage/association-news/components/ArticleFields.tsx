/** The fields of the article form (inside ResourceFormDrawer). Limits are the server's. */
import { ProFormRadio, ProFormSelect, ProFormSwitch, ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import { Col, DatePicker, Form, Row } from 'antd';
import { AUTHOR_MAX, ATTACHMENTS_MAX, CONTENT_MAX, SOURCE_MAX, SUMMARY_MAX, TITLE_MAX } from '@common/schemas/content';
import FileUpload from '@/components/FileUpload';
import { DATE_TIME_FORMAT, maxLength, required, uploadsDone } from '@/components/ListPage';
import RichTextEditor, { imagesUploadedRule, richTextRequired } from '@/components/RichTextEditor';
import { categoryOptions, type CategoryLabels } from './categories';

export const COVER_ACCEPT = '.jpg,.jpeg,.png,.gif,.webp';
export const COVER_MAX_SIZE = 5 * 1024 * 1024;
export const ATTACHMENT_MAX_SIZE = 50 * 1024 * 1024;

export default function ArticleFields({ labels }: { labels: CategoryLabels }) {
  return (
    <>
      <ProFormText
        name="title"
        label="标题"
        placeholder="请输入文章标题"
        rules={[required('标题'), maxLength('标题', TITLE_MAX)]}
        fieldProps={{ showCount: true }}
      />
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <ProFormSelect
            name="category"
            label="栏目"
            placeholder="请选择栏目"
            options={categoryOptions(labels)}
            rules={[{ required: true, message: '请选择栏目' }]}
          />
        </Col>
        <Col xs={24} md={8}>
          <ProFormText name="author" label="作者" placeholder="选填" rules={[maxLength('作者', AUTHOR_MAX)]} />
        </Col>
        <Col xs={24} md={8}>
          <ProFormText name="source" label="来源" placeholder="选填，如：协会秘书处" rules={[maxLength('来源', SOURCE_MAX)]} />
        </Col>
      </Row>
      <ProFormTextArea
        name="summary"
        label="摘要"
        placeholder="选填，列表和搜索结果中显示；留空则取正文开头"
        rules={[maxLength('摘要', SUMMARY_MAX)]}
        fieldProps={{ showCount: true, autoSize: { minRows: 2, maxRows: 4 } }}
      />
      <Form.Item name="cover" label="封面图片" rules={[uploadsDone]} extra="选填，1 张，支持 JPG/PNG/GIF/WebP，不超过 5 MB">
        <FileUpload accept={COVER_ACCEPT} maxCount={1} maxSize={COVER_MAX_SIZE} buttonText="上传封面" />
      </Form.Item>
      <Form.Item
        name="content"
        label="正文"
        required
        rules={[richTextRequired('正文'), maxLength('正文', CONTENT_MAX), imagesUploadedRule]}
      >
        <RichTextEditor placeholder="请输入正文，可直接粘贴图片…" />
      </Form.Item>
      <Form.Item name="attachments" label="附件" rules={[uploadsDone]} extra={`选填，最多 ${ATTACHMENTS_MAX} 个，单个文件不超过 50 MB`}>
        <FileUpload multiple maxCount={ATTACHMENTS_MAX} maxSize={ATTACHMENT_MAX_SIZE} buttonText="上传附件" />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} md={6}>
          <ProFormSwitch name="pinned" label="置顶" />
        </Col>
        <Col xs={24} md={8}>
          <ProFormRadio.Group
            name="publishMode"
            label="发布时间"
            radioType="button"
            options={[
              { value: 'now', label: '立即发布' },
              { value: 'at', label: '指定时间' },
            ]}
          />
        </Col>
        <Col xs={24} md={10}>
          <Form.Item noStyle dependencies={['publishMode']}>
            {({ getFieldValue }) =>
              getFieldValue('publishMode') === 'at' && (
                <Form.Item
                  name="publishAt"
                  label="指定发布时间"
                  rules={[{ required: true, message: '请选择发布时间' }]}
                  extra="晚于当前时间则到时自动发布"
                >
                  <DatePicker showTime={{ format: 'HH:mm' }} format={DATE_TIME_FORMAT} style={{ width: '100%' }} />
                </Form.Item>
              )
            }
          </Form.Item>
        </Col>
      </Row>
    </>
  );
}
