/**
 * The fields of the expert form (inside ResourceFormDrawer). Limits and checks are the server's.
 * The review draw reads the category, the practitioner link and the declared conflicts (the
 * last a list of its own, changed at once: ./ConflictList.tsx).
 */
import {
  ProFormDigit,
  ProFormRadio,
  ProFormSelect,
  ProFormSwitch,
  ProFormText,
  ProFormTextArea,
} from '@ant-design/pro-components';
import { Col, Form, Row, Typography } from 'antd';
import {
  BIRTH_YEAR_MIN,
  birthYearMax,
  EXPERT_EMAIL_MAX,
  EXPERT_INTRODUCTION_MAX,
  EXPERT_NAME_MAX,
  EXPERT_PHONE_MAX,
  EXPERT_SPECIALTIES_MAX,
  EXPERT_TEXT_MAX,
  type ExpertRecord,
} from '@common/schemas/experts';
import FileUpload from '@/components/FileUpload';
import { maxLength, required, uploadsDone } from '@/components/ListPage';
import { birthYearRule, emailRule, phoneRule } from './expertValues';
import { optionsOf } from '@/hooks/useDictionaries';
import type { ExpertDicts } from './useExpertDicts';
import ConflictList from './ConflictList';
import PractitionerPicker from './PractitionerPicker';

/** Images only: the server refuses anything else as a photo. */
export const PHOTO_ACCEPT = '.jpg,.jpeg,.png,.webp';
export const PHOTO_MAX_SIZE = 5 * 1024 * 1024;

export default function ExpertFields({ dicts, record }: { dicts: ExpertDicts; record?: ExpertRecord }) {
  return (
    <>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <ProFormText name="name" label="姓名" placeholder="专家姓名" rules={[required('姓名'), maxLength('姓名', EXPERT_NAME_MAX)]} />
        </Col>
        <Col xs={24} md={12}>
          <ProFormRadio.Group name="gender" label="性别" options={optionsOf(dicts.gender)} />
        </Col>
        <Col xs={24} md={12}>
          <ProFormDigit
            name="birthYear"
            label="出生年份"
            placeholder={`如 1970（${BIRTH_YEAR_MIN}–${birthYearMax()}）`}
            min={BIRTH_YEAR_MIN}
            max={birthYearMax()}
            fieldProps={{ precision: 0, controls: false }}
            rules={[birthYearRule]}
          />
        </Col>
        <Col xs={24} md={12}>
          <ProFormSelect name="professionalTitle" label="职称" placeholder="请选择职称" allowClear options={optionsOf(dicts.professional_title)} />
        </Col>
        <Col xs={24} md={12}>
          <ProFormText
            name="workUnit"
            label="工作单位"
            placeholder="如：市社会科学院"
            rules={[required('工作单位'), maxLength('工作单位', EXPERT_TEXT_MAX)]}
          />
        </Col>
        <Col xs={24} md={12}>
          <ProFormText name="position" label="职务" placeholder="如：研究员、所长" rules={[maxLength('职务', EXPERT_TEXT_MAX)]} />
        </Col>
      </Row>
      <ProFormSelect
        name="specialties"
        label="专业领域"
        placeholder="请选择专业领域（可多选）"
        mode="multiple"
        options={optionsOf(dicts.specialty)}
        rules={[
          { required: true, type: 'array', min: 1, message: '请选择专业领域' },
          { type: 'array', max: EXPERT_SPECIALTIES_MAX, message: `专业领域最多选择 ${EXPERT_SPECIALTIES_MAX} 项` },
        ]}
        extra="官网专家库按专业领域筛选专家"
      />
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <ProFormSelect
            name="category"
            label="专家类别"
            placeholder="请选择专家类别"
            allowClear
            options={optionsOf(dicts.expert_category)}
            extra="评审抽取按类别满足组成要求"
          />
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="practitionerId" label="关联的从业人员" extra="专家本人也是从业人员时关联，抽取时回避其执业单位的项目">
            <PractitionerPicker currentName={record?.practitionerName} />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <ProFormText
            name="phone"
            label="联系电话"
            placeholder="手机号码或固定电话"
            rules={[phoneRule, maxLength('联系电话', EXPERT_PHONE_MAX)]}
            extra="官网只显示脱敏后的号码"
          />
        </Col>
        <Col xs={24} md={12}>
          <ProFormText name="email" label="电子邮箱" placeholder="name@example.com" rules={[emailRule, maxLength('电子邮箱', EXPERT_EMAIL_MAX)]} />
        </Col>
      </Row>
      <Form.Item name="photo" label="照片" rules={[uploadsDone]} extra="选填，1 张 JPG/PNG/WebP 图片，不超过 5 MB；建议竖版证件照">
        <FileUpload accept={PHOTO_ACCEPT} maxCount={1} maxSize={PHOTO_MAX_SIZE} buttonText="上传照片" />
      </Form.Item>
      <ProFormTextArea
        name="introduction"
        label="简介"
        placeholder="研究方向、主要经历、参与的评估评审工作等"
        rules={[maxLength('简介', EXPERT_INTRODUCTION_MAX)]}
        fieldProps={{ rows: 5, showCount: true, maxLength: EXPERT_INTRODUCTION_MAX }}
      />
      <Form.Item label="申报的利害关系" extra="近三年任职、担任负责人或顾问、持股的单位，以及近亲属任职的单位；评审抽取时回避这些单位的项目">
        {record ? <ConflictList expertId={record.id} /> : <Typography.Text type="secondary">保存专家后可登记利害关系</Typography.Text>}
      </Form.Item>
      <Row gutter={16}>
        <Col xs={12} md={8}>
          <ProFormSwitch name="public" label="官网公开" extra="公开且启用的专家显示在官网专家库" />
        </Col>
        <Col xs={12} md={8}>
          <ProFormSwitch name="active" label="启用" extra="停用的专家保留记录，官网不再显示" />
        </Col>
        <Col xs={24} md={8}>
          <ProFormDigit
            name="sort"
            label="排序号"
            placeholder="留空则排在最后"
            min={0}
            max={1_000_000}
            fieldProps={{ precision: 0 }}
            extra="数字小的在前（官网同此顺序）"
          />
        </Col>
      </Row>
    </>
  );
}
