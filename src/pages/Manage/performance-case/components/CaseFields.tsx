/** The business-case form's fields (inside ResourceFormDrawer); limits and checks repeat the server's. */
import { ProFormDatePicker, ProFormSelect, ProFormSwitch, ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import { Alert, Col, Form, Row } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { CASE_FILES_MAX, CASE_SUMMARY_MAX, CASE_TEXT_MAX, CASE_TITLE_MAX, type CaseDetail } from '@common/schemas/cases';
import FileUpload from '@/components/FileUpload';
import { maxLength, required, uploadsDone } from '@/components/ListPage';
import { optionsOf, type Dictionary } from '@/hooks/useDictionaries';

export const CASE_FILE_ACCEPT = '.pdf,.doc,.docx,.jpg,.jpeg,.png';
export const CASE_FILE_MAX_SIZE = 50 * 1024 * 1024;

export default function CaseFields({ record, types }: { record?: CaseDetail; types: Dictionary }) {
  return (
    <>
      {record?.status === 'rejected' && record.rejectReason && (
        <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={`协会驳回原因：${record.rejectReason}`} description="修改保存后将重新提交协会审核。" />
      )}
      {record?.status === 'approved' && (
        <Alert type="info" showIcon style={{ marginBottom: 16 }} title="该案例已审核通过：修改保存后将重新提交协会审核，审核通过前不在会员之窗展示。" />
      )}
      <ProFormText name="title" label="案例名称" placeholder="如：某某项目社会稳定风险评估" rules={[required('案例名称'), maxLength('案例名称', CASE_TITLE_MAX)]} />
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <ProFormSelect name="projectType" label="项目类型" placeholder="请选择项目类型" allowClear options={optionsOf(types)} />
        </Col>
        <Col xs={24} md={12}>
          <ProFormText name="client" label="委托单位" placeholder="评估主体 / 委托单位" rules={[maxLength('委托单位', CASE_TEXT_MAX)]} />
        </Col>
        <Col xs={24} md={12}>
          <ProFormDatePicker name="completedOn" label="完成日期" width="100%" fieldProps={{ disabledDate: (d: Dayjs) => d.isAfter(dayjs(), 'day') }} />
        </Col>
        <Col xs={24} md={12}>
          <ProFormSwitch name="public" label="在会员之窗公开展示" extra="审核通过后才会展示" checkedChildren="公开" unCheckedChildren="不公开" />
        </Col>
      </Row>
      <ProFormTextArea
        name="summary"
        label="案例简介"
        placeholder="评估内容、主要风险、采纳情况等"
        fieldProps={{ rows: 5, maxLength: CASE_SUMMARY_MAX, showCount: true }}
        rules={[maxLength('案例简介', CASE_SUMMARY_MAX)]}
      />
      <Form.Item name="files" label="证明材料" rules={[uploadsDone]} extra={`委托合同、报告首页、采纳证明等，最多 ${CASE_FILES_MAX} 个`}>
        <FileUpload accept={CASE_FILE_ACCEPT} maxCount={CASE_FILES_MAX} maxSize={CASE_FILE_MAX_SIZE} multiple buttonText="上传证明材料" />
      </Form.Item>
    </>
  );
}
