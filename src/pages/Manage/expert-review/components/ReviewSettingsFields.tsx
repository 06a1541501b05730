/**
 * When, where and the panel's rules: the fields a review task is opened (or edited) with, and
 * the settings of the tasks a sampling opens. Limits repeat the server's (common/schemas/reviewTasks.ts,
 * common/expertReview.ts); `panelLocked` once the task has been drawn (the server keeps the panel's
 * rules as drawn).
 */
import { ProFormDatePicker, ProFormDigit, ProFormSelect, ProFormSwitch, ProFormText, ProFormTextArea, ProFormTimePicker } from '@ant-design/pro-components';
import { Col, Form, Row, type FormRule } from 'antd';
import {
  BACKUP_COUNT_MIN,
  PANEL_SIZE_DEFAULT,
  PANEL_SIZE_MAX,
  PANEL_SIZE_MIN,
  panelRulesProblem,
} from '@common/expertReview';
import { BACKUP_COUNT_MAX, REVIEW_PLACE_MAX, REVIEW_SUPERVISOR_MAX, REVIEW_TEXT_MAX } from '@common/schemas/reviewTasks';
import { maxLength, required } from '@/components/ListPage';
import { optionsOf, type Dictionary } from '@/hooks/useDictionaries';

/** 3, 5, 7, 9: the odd sizes a panel may have. */
const PANEL_SIZES = Array.from({ length: PANEL_SIZE_MAX - PANEL_SIZE_MIN + 1 }, (_, i) => PANEL_SIZE_MIN + i)
  .filter((n) => n % 2 === 1)
  .map((n) => ({ label: n === PANEL_SIZE_DEFAULT ? `${n} 人（默认）` : `${n} 人`, value: n }));

export interface ReviewSettingsFieldsProps {
  categories: Dictionary;
  specialties: Dictionary;
  /** The task has been drawn: the panel's size, backups and composition stay as drawn. */
  panelLocked?: boolean;
}

export default function ReviewSettingsFields({ categories, specialties, panelLocked = false }: ReviewSettingsFieldsProps) {
  const online = Form.useWatch<boolean | undefined>('online');
  const lockedNote = panelLocked ? '已抽取专家，人数和组成要求不能再改' : undefined;
  return (
    <>
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <ProFormDatePicker name="reviewOn" label="评审日期" width="100%" rules={[{ required: true, message: '请选择评审日期' }]} />
        </Col>
        <Col xs={24} md={8}>
          <ProFormTimePicker name="reviewTime" label="评审时间" fieldProps={{ format: 'HH:mm', minuteStep: 5, placeholder: '如 09:30', style: { width: '100%' } }} />
        </Col>
        <Col xs={24} md={8}>
          <ProFormSwitch name="online" label="线上评审" />
        </Col>
      </Row>
      <ProFormText
        name="place"
        label={online ? '会议链接或说明' : '评审地点'}
        placeholder={online ? '如：腾讯会议号，选填' : '如：协会三楼会议室'}
        rules={[maxLength('评审地点', REVIEW_PLACE_MAX)]}
      />
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <ProFormSelect
            name="panelSize"
            label="评审专家人数"
            options={PANEL_SIZES}
            disabled={panelLocked}
            extra={lockedNote ?? `${PANEL_SIZE_MIN}–${PANEL_SIZE_MAX} 之间的奇数`}
            rules={[{ required: true, message: '请选择评审专家人数' }]}
          />
        </Col>
        <Col xs={24} md={12}>
          <ProFormDigit
            name="backupCount"
            label="备选专家人数"
            min={BACKUP_COUNT_MIN}
            max={BACKUP_COUNT_MAX}
            disabled={panelLocked}
            fieldProps={{ precision: 0 }}
            extra={`至少 ${BACKUP_COUNT_MIN} 名，按抽取顺序依次递补`}
            rules={[
              { required: true, message: '请填写备选专家人数' },
              (({ getFieldValue }) => ({
                validator: (_rule, value: number | undefined) => {
                  const problem = typeof value === 'number' ? panelRulesProblem(Number(getFieldValue('panelSize')), value) : null;
                  return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
                },
              })) satisfies FormRule,
            ]}
          />
        </Col>
      </Row>
      <ProFormSelect
        name="requiredCategories"
        label="专家类别要求"
        mode="multiple"
        placeholder="每个所选类别至少抽取 1 名（可不选）"
        options={optionsOf(categories)}
        disabled={panelLocked}
      />
      <ProFormSelect
        name="wantedSpecialties"
        label="优先专业领域"
        mode="multiple"
        placeholder="优先抽取具备这些专业领域的专家（可不选）"
        options={optionsOf(specialties)}
        disabled={panelLocked}
        fieldProps={{ maxCount: 10 }}
      />
      <ProFormText
        name="supervisor"
        label="监督人"
        placeholder="现场监督抽取的人员姓名"
        rules={[required('监督人'), maxLength('监督人', REVIEW_SUPERVISOR_MAX)]}
      />
      <ProFormTextArea
        name="note"
        label="备注"
        placeholder="选填"
        rules={[maxLength('备注', REVIEW_TEXT_MAX)]}
        fieldProps={{ rows: 2, showCount: true, maxLength: REVIEW_TEXT_MAX }}
      />
    </>
  );
}
