/**
 * The project form's fields (inside ResourceFormDrawer). The leader and members are picked from
 * the unit's own approved practitioners only (GET /practitioners/options); limits and checks
 * repeat the server's. A draft may be saved incomplete: 提交 asks for the rest.
 */
import MinusCircleOutlined from '@ant-design/icons/MinusCircleOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { ProFormDatePicker, ProFormDigit, ProFormSelect, ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import { Alert, Button, Col, Form, Input, Row, Select, Space, type FormRule } from 'antd';
import type { Dayjs } from 'dayjs';
import {
  PROJECT_CODE_MAX,
  PROJECT_CONCLUSION_MAX,
  PROJECT_INVESTMENT_MAX,
  PROJECT_MEMBERS_MAX,
  PROJECT_NAME_MAX,
  PROJECT_REPORTS_MAX,
  PROJECT_TEXT_MAX,
  type ProjectDetail,
} from '@common/schemas/projects';
import FileUpload from '@/components/FileUpload';
import { maxLength, required, uploadsDone } from '@/components/ListPage';
import { optionsOf, type Dictionary } from '@/hooks/useDictionaries';

/**
 * A member row needs its person once something is written in it: an added row left empty is
 * no member and is dropped when saved (toProjectBody), never a required field blocking 保存.
 */
const memberPicked =
  (row: number): FormRule =>
  ({ getFieldValue }) => ({
    validator: (_rule, value: string | undefined) => {
      const role = getFieldValue(['members', row, 'role']) as string | undefined;
      return !value && role?.trim() ? Promise.reject(new Error('请选择成员，或移除这一行')) : Promise.resolve();
    },
  });

/** 结束日期 on or after 开始日期, as the server checks. */
const endAfterStart: FormRule = ({ getFieldValue }) => ({
  validator: (_rule, value: Dayjs | null | undefined) => {
    const start = getFieldValue('startOn') as Dayjs | null | undefined;
    return value && start && value.isBefore(start, 'day') ? Promise.reject(new Error('结束日期不能早于开始日期')) : Promise.resolve();
  },
});

export const REPORT_ACCEPT = '.pdf,.doc,.docx,.jpg,.jpeg,.png';
export const REPORT_MAX_SIZE = 50 * 1024 * 1024;

export interface ProjectFieldsProps {
  record?: ProjectDetail;
  types: Dictionary;
  risks: Dictionary;
  /** The unit's approved practitioners: { label: 姓名（证书编号）, value: id }. */
  practitioners: { label: string; value: string }[];
}

export default function ProjectFields({ record, types, risks, practitioners }: ProjectFieldsProps) {
  // People already on the project stay selectable even if they have left since.
  const known = new Set(practitioners.map((p) => p.value));
  const extra = (record?.members ?? []).filter((m) => !known.has(m.practitionerId)).map((m) => ({ label: m.name, value: m.practitionerId }));
  const people = [...practitioners, ...extra];
  return (
    <>
      {record?.status === 'returned' && record.returnReason && (
        <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={`协会退回原因：${record.returnReason}`} description="请按退回原因修改后重新提交。" />
      )}
      <Row gutter={16}>
        <Col xs={24} md={16}>
          <ProFormText name="name" label="项目名称" placeholder="如：某某工程社会稳定风险评估" rules={[required('项目名称'), maxLength('项目名称', PROJECT_NAME_MAX)]} />
        </Col>
        <Col xs={24} md={8}>
          <ProFormText name="code" label="项目编号" placeholder="本单位的项目编号" rules={[required('项目编号'), maxLength('项目编号', PROJECT_CODE_MAX)]} />
        </Col>
        <Col xs={24} md={12}>
          <ProFormText name="client" label="委托单位" placeholder="评估主体 / 委托单位" rules={[maxLength('委托单位', PROJECT_TEXT_MAX)]} />
        </Col>
        <Col xs={24} md={12}>
          <ProFormSelect name="type" label="项目类型" placeholder="请选择项目类型" allowClear options={optionsOf(types)} />
        </Col>
        <Col xs={24} md={12}>
          <ProFormText name="region" label="所在区域" placeholder="如：上城区" rules={[maxLength('所在区域', 100)]} />
        </Col>
        <Col xs={24} md={12}>
          <ProFormDigit
            name="investment"
            label="投资额（万元）"
            placeholder="政策、活动类可不填"
            min={0}
            max={PROJECT_INVESTMENT_MAX}
            fieldProps={{ precision: 2, style: { width: '100%' } }}
          />
        </Col>
        <Col xs={24} md={12}>
          <ProFormDatePicker name="startOn" label="开始日期" width="100%" />
        </Col>
        <Col xs={24} md={12}>
          <ProFormDatePicker
            name="endOn"
            label="结束日期"
            width="100%"
            dependencies={['startOn']}
            rules={[endAfterStart]}
          />
        </Col>
        <Col xs={24} md={12}>
          <ProFormSelect name="riskLevel" label="风险等级" placeholder="请选择风险等级" allowClear options={optionsOf(risks)} />
        </Col>
        <Col xs={24} md={12}>
          <ProFormSelect
            name="leaderPractitionerId"
            label="项目负责人"
            placeholder="本单位已审核通过的从业人员"
            allowClear
            showSearch
            options={people}
            fieldProps={{ optionFilterProp: 'label' }}
          />
        </Col>
      </Row>
      <Form.Item label="项目成员" extra="只能选择本单位已审核通过的从业人员；项目负责人无需重复添加；未选人员的空行将被忽略">
        <Form.List name="members">
          {(fields, { add, remove }) => (
            <Space orientation="vertical" style={{ width: '100%' }}>
              {fields.map((field, index) => (
                <Space key={field.key} align="baseline" wrap>
                  <Form.Item
                    name={[field.name, 'practitionerId']}
                    dependencies={[['members', field.name, 'role']]}
                    rules={[memberPicked(field.name)]}
                    style={{ marginBottom: 0 }}
                  >
                    <Select
                      aria-label={`项目成员 ${index + 1}`}
                      placeholder="选择从业人员"
                      options={people}
                      showSearch
                      optionFilterProp="label"
                      style={{ width: 220, maxWidth: '70vw' }}
                    />
                  </Form.Item>
                  <Form.Item name={[field.name, 'role']} rules={[{ max: 50, message: '成员分工不能超过 50 个字符' }]} style={{ marginBottom: 0 }}>
                    <Input aria-label={`成员 ${index + 1} 的分工`} placeholder="分工，如：社会调查" style={{ width: 180, maxWidth: '70vw' }} />
                  </Form.Item>
                  <Button type="text" aria-label={`移除成员 ${index + 1}`} icon={<MinusCircleOutlined />} onClick={() => remove(field.name)} />
                </Space>
              ))}
              {fields.length < PROJECT_MEMBERS_MAX && (
                <Button type="dashed" icon={<PlusOutlined />} onClick={() => add()}>
                  添加成员
                </Button>
              )}
            </Space>
          )}
        </Form.List>
      </Form.Item>
      <ProFormTextArea
        name="conclusion"
        label="评估结论"
        placeholder="主要风险、风险等级判断依据和防范化解措施"
        fieldProps={{ rows: 4, maxLength: PROJECT_CONCLUSION_MAX, showCount: true }}
        rules={[maxLength('评估结论', PROJECT_CONCLUSION_MAX)]}
      />
      <Form.Item name="reports" label="评估报告" rules={[uploadsDone]} extra={`PDF、Word 或图片，最多 ${PROJECT_REPORTS_MAX} 个；提交备案前至少上传一份`}>
        <FileUpload accept={REPORT_ACCEPT} maxCount={PROJECT_REPORTS_MAX} maxSize={REPORT_MAX_SIZE} multiple buttonText="上传评估报告" />
      </Form.Item>
    </>
  );
}
