/** The fields of the friendly-link form (inside ResourceFormDrawer). Limits are the server's. */
import { ProFormDigit, ProFormSwitch, ProFormText } from '@ant-design/pro-components';
import { Col, Form, Row } from 'antd';
import { LINK_MAX, NAME_MAX } from '@common/schemas/content';
import FileUpload from '@/components/FileUpload';
import { maxLength, required, uploadsDone } from '@/components/ListPage';
import { linkUrlRule } from './linkValues';

export const LOGO_ACCEPT = '.jpg,.jpeg,.png,.webp,.gif,.svg';
export const LOGO_MAX_SIZE = 2 * 1024 * 1024;

export default function FriendlyLinkFields() {
  return (
    <>
      <ProFormText name="name" label="名称" placeholder="如：市人民政府" rules={[required('名称'), maxLength('名称', NAME_MAX)]} />
      <ProFormText
        name="url"
        label="网址"
        placeholder="https://"
        required
        rules={[linkUrlRule, maxLength('网址', LINK_MAX)]}
        extra="以 http:// 或 https:// 开头，访客点击后在新窗口打开"
      />
      <Form.Item name="logo" label="标志" rules={[uploadsDone]} extra="选填，1 张图片，不超过 2 MB">
        <FileUpload accept={LOGO_ACCEPT} maxCount={1} maxSize={LOGO_MAX_SIZE} buttonText="上传标志" />
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
