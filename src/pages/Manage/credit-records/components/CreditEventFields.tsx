/**
 * 登记信用记录's fields (inside ResourceFormDrawer): the subject (a member unit, or a practitioner,
 * whose event counts against their unit), the kind (dictionary credit_event_kind; a kind staff
 * added asks for its polarity), the date (not in the future), what happened, the points (the
 * rule in force for the kind by default; other points need a note) and the evidence. The form's
 * rules are the server's (common/schemas/credit.ts CREDIT_MESSAGES), so nothing is sent that it
 * would refuse for a missing field.
 */
import { Alert, DatePicker, Form, Input, InputNumber, Radio, Select, Space, Typography, type FormInstance } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';
import {
  builtInPolarityOf,
  CREDIT_POLARITY_LABELS,
  CREDIT_SUBJECT_TYPE_LABELS,
  pointsAgreeWith,
  type CreditPolarity,
} from '@common/credit';
import {
  CREDIT_DESCRIPTION_MAX,
  CREDIT_FILES_MAX,
  CREDIT_MESSAGES as M,
  CREDIT_NOTE_MAX,
  CREDIT_POINTS_MAX,
  CREDIT_POINTS_MIN,
  type CreditRuleVersionRecord,
} from '@common/schemas/credit';
import { PolarityTag, pointsText } from '@/components/CreditTags';
import FileUpload from '@/components/FileUpload';
import { uploadsDone } from '@/components/ListPage';
import { optionsOf, type Dictionary } from '@/hooks/useDictionaries';
import { kindDefault, polarityOf, type CreditEventValues } from './creditEventValues';
import { PractitionerPicker, UnitPicker } from './SubjectPickers';

export const EVIDENCE_ACCEPT = '.pdf,.jpg,.jpeg,.png,.doc,.docx';
export const EVIDENCE_MAX_SIZE = 50 * 1024 * 1024;

/** The rules version in force as the form reads it: loading, failed (points then stay as typed) or the version. */
export type RulesState = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; rules: CreditRuleVersionRecord | null };

export interface CreditEventFieldsProps {
  form: FormInstance<CreditEventValues>;
  kinds: Dictionary;
  rules: RulesState;
}

const notFuture = (current: Dayjs) => current.isAfter(dayjs(), 'day');

export default function CreditEventFields({ form, kinds, rules }: CreditEventFieldsProps) {
  const subjectType = Form.useWatch('subjectType', form);
  const kind = Form.useWatch('kind', form);
  const chosenPolarity = Form.useWatch('polarity', form);
  const points = Form.useWatch('points', form);
  const version = rules.status === 'ready' ? rules.rules : null;
  const byDefault = kindDefault(version, kind);
  const builtIn = kind ? builtInPolarityOf(kind) : null;
  const polarity: CreditPolarity | undefined = polarityOf({ kind, polarity: chosenPolarity });
  const overridden = byDefault !== null && points !== undefined && points !== null && points !== byDefault.points;

  // The rules arriving after the kind was chosen: its default then.
  useEffect(() => {
    if (byDefault && (points === undefined || points === null)) form.setFieldValue('points', byDefault.points);
    // Only when the version arrives or the kind changes, never over what was typed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [version, kind]);

  // A new kind: its rule's points, and nothing of the last kind's note or polarity.
  const onKind = (next: string) => {
    const rule = kindDefault(version, next);
    form.setFieldsValue({ points: rule ? rule.points : undefined, pointsNote: undefined, polarity: undefined });
  };

  return (
    <>
      <Form.Item name="subjectType" label="登记对象" rules={[{ required: true, message: '请选择登记对象' }]}>
        <Radio.Group
          optionType="button"
          options={(['unit', 'practitioner'] as const).map((v) => ({ value: v, label: CREDIT_SUBJECT_TYPE_LABELS[v] }))}
        />
      </Form.Item>
      {subjectType === 'practitioner' ? (
        <Form.Item
          name="practitionerId"
          label="从业人员"
          rules={[{ required: true, message: M.practitionerRequired }]}
          extra="记入该从业人员所在单位的信用（以登记时所在单位为准）"
        >
          <PractitionerPicker ariaLabel="从业人员" />
        </Form.Item>
      ) : (
        <Form.Item name="unitId" label="会员单位" rules={[{ required: true, message: M.unitRequired }]}>
          <UnitPicker ariaLabel="会员单位" />
        </Form.Item>
      )}

      <Form.Item name="kind" label="类型" rules={[{ required: true, message: '请选择信用事件类型' }]}>
        <Select options={optionsOf(kinds)} placeholder="请选择类型" onChange={onKind} showSearch={{ optionFilterProp: 'label' }} aria-label="类型" />
      </Form.Item>
      {kind && builtIn && (
        <Form.Item label="性质">
          <PolarityTag polarity={builtIn} />
        </Form.Item>
      )}
      {kind && !builtIn && (
        <Form.Item name="polarity" label="性质" rules={[{ required: true, message: M.polarityRequired }]} extra="该类型为新增类型，请选择其性质">
          <Radio.Group options={(['bad', 'good'] as const).map((v) => ({ value: v, label: CREDIT_POLARITY_LABELS[v] }))} />
        </Form.Item>
      )}

      <Form.Item
        name="occurredOn"
        label="发生日期"
        rules={[
          { required: true, message: '请选择发生日期' },
          { validator: (_r, value: Dayjs | null | undefined) => (value && notFuture(value) ? Promise.reject(new Error(M.occurredInFuture)) : Promise.resolve()) },
        ]}
        extra="计入发生日期所在年度的信用评价；公示期限自该日起算"
      >
        <DatePicker disabledDate={notFuture} style={{ width: '100%' }} placeholder="请选择日期" />
      </Form.Item>

      <Form.Item
        name="description"
        label="事由"
        rules={[
          { required: true, whitespace: true, message: M.descriptionRequired },
          { max: CREDIT_DESCRIPTION_MAX, message: `事由不能超过 ${CREDIT_DESCRIPTION_MAX} 个字符` },
        ]}
      >
        <Input.TextArea rows={4} showCount maxLength={CREDIT_DESCRIPTION_MAX} placeholder="写明时间、事实及依据，将通知被登记单位" />
      </Form.Item>

      {rules.status === 'failed' ? (
        <Alert type="warning" showIcon style={{ marginBottom: 16 }} title="现行评价规则加载失败" description="将按现行规则计分；需要调整分值时，请刷新页面后再登记。" />
      ) : (
      <Form.Item
        label="分值"
        required
        extra={
          byDefault && version ? (
            <Space orientation="vertical" size={0}>
              <span>
                {byDefault.listed
                  ? `现行规则（第 ${version.versionNo} 版）：${pointsText(byDefault.points)} 分，公示 ${byDefault.termMonths} 个月`
                  : `现行规则（第 ${version.versionNo} 版）未列出该类型：0 分，公示 ${byDefault.termMonths} 个月`}
              </span>
              {overridden && <Typography.Text type="warning">已调整分值，请填写调整说明</Typography.Text>}
            </Space>
          ) : (
            '选择类型后按现行规则给出默认分值'
          )
        }
      >
        <Form.Item
          name="points"
          noStyle
          rules={[
            { required: true, message: '请填写分值' },
            {
              validator: (_r, value: number | null | undefined) =>
                value === undefined || value === null || !polarity || pointsAgreeWith(polarity, value)
                  ? Promise.resolve()
                  : Promise.reject(new Error(M.pointsDisagree(CREDIT_POLARITY_LABELS[polarity]))),
            },
          ]}
        >
          <InputNumber min={CREDIT_POINTS_MIN} max={CREDIT_POINTS_MAX} precision={0} step={1} aria-label="分值" style={{ width: 160 }} />
        </Form.Item>
      </Form.Item>
      )}
      {overridden && (
        <Form.Item
          name="pointsNote"
          label="分值调整说明"
          rules={[
            { required: true, whitespace: true, message: M.pointsNoteRequired },
            { max: CREDIT_NOTE_MAX, message: `分值调整说明不能超过 ${CREDIT_NOTE_MAX} 个字符` },
          ]}
        >
          <Input.TextArea rows={2} showCount maxLength={CREDIT_NOTE_MAX} placeholder="说明为何不按规则计分" />
        </Form.Item>
      )}

      <Form.Item name="files" label="证明材料" rules={[uploadsDone]} extra={`PDF、图片或 Word，最多 ${CREDIT_FILES_MAX} 个，每个不超过 50 MB`}>
        <FileUpload accept={EVIDENCE_ACCEPT} maxCount={CREDIT_FILES_MAX} maxSize={EVIDENCE_MAX_SIZE} multiple buttonText="上传证明材料" />
      </Form.Item>
    </>
  );
}
