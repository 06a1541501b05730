/** The fields of the carousel form (inside ResourceFormDrawer). Limits are the server's. */
import { ProFormDigit, ProFormRadio, ProFormSwitch, ProFormText } from '@ant-design/pro-components';
import { Col, DatePicker, Form, Input, Row } from 'antd';
import { LINK_MAX, TITLE_MAX } from '@common/schemas/content';
import FileUpload from '@/components/FileUpload';
import { DATE_TIME_FORMAT, maxLength, required, uploadsDone } from '@/components/ListPage';
import ArticlePicker from './ArticlePicker';
import { sitePathRule, webLinkRule, type LinkType } from './carouselValues';

export const IMAGE_ACCEPT = '.jpg,.jpeg,.png,.webp,.gif';
export const IMAGE_MAX_SIZE = 5 * 1024 * 1024;

const LINK_TYPES: { value: LinkType; label: string }[] = [
  { value: 'none', label: '不跳转' },
  { value: 'article', label: '站内文章' },
  { value: 'path', label: '站内页面' },
  { value: 'url', label: '外部网址' },
];

export default function CarouselFields() {
  return (
    <>
      <ProFormText
        name="title"
        label="标题"
        placeholder="轮播图上显示的标题"
        rules={[required('标题'), maxLength('标题', TITLE_MAX)]}
        fieldProps={{ showCount: true }}
      />
      <Form.Item
        name="image"
        label="图片"
        rules={[uploadsDone]}
        extra="建议 1920×600 像素，支持 JPG/PNG/WebP/GIF，不超过 5 MB；未上传时首页显示占位图"
      >
        <FileUpload accept={IMAGE_ACCEPT} maxCount={1} maxSize={IMAGE_MAX_SIZE} buttonText="上传图片" />
      </Form.Item>
      <ProFormRadio.Group name="linkType" label="点击跳转" radioType="button" options={LINK_TYPES} />
      <Form.Item noStyle dependencies={['linkType']}>
        {({ getFieldValue }) => {
          const type: LinkType = getFieldValue('linkType');
          if (type === 'article') {
            return (
              <Form.Item name="articleId" label="文章" rules={[{ required: true, message: '请选择文章' }]}>
                <ArticlePicker />
              </Form.Item>
            );
          }
          if (type === 'path') {
            return (
              <Form.Item name="path" label="站内路径" rules={[sitePathRule, maxLength('链接', LINK_MAX)]}>
                <Input placeholder="/FrontPage/notice" />
              </Form.Item>
            );
          }
          if (type === 'url') {
            return (
              <Form.Item name="url" label="网址" required rules={[webLinkRule, maxLength('链接', LINK_MAX)]}>
                <Input placeholder="https://" />
              </Form.Item>
            );
          }
          return null;
        }}
      </Form.Item>
      <Form.Item name="showWindow" label="展示时间" extra="留空表示不限；到期后首页自动不再展示">
        <DatePicker.RangePicker
          showTime={{ format: 'HH:mm' }}
          format={DATE_TIME_FORMAT}
          allowEmpty={[true, true]}
          placeholder={['开始时间（不限）', '结束时间（不限）']}
          style={{ width: '100%' }}
        />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <ProFormSwitch name="enabled" label="启用" />
        </Col>
        <Col xs={24} md={12}>
          <ProFormDigit
            name="sort"
            label="排序号"
            placeholder="留空则排在最后"
            min={0}
            max={1_000_000}
            fieldProps={{ precision: 0 }}
            extra="数字小的在前；也可在列表中拖动排序"
          />
        </Col>
      </Row>
    </>
  );
}
