/**
 * The practitioner workflow steps that need more than a yes, as ReasonModal requests: 驳回 (a
 * reason, required) and 离职 (the date and a reason, then a last confirmation because it
 * revokes the certificate and disables the account). Each reports success and lets the page
 * reload its list.
 */
import { DatePicker, Form } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { PRACTITIONER_REASON_MAX, type PractitionerRecord } from '@common/schemas/practitioners';
import type { ReasonRequest } from '@/components/ReasonModal';
import { leavePractitioner, rejectPractitioner } from '@/services/practitioners';

export function rejectStep(record: PractitionerRecord, onDone: () => void): ReasonRequest {
  return {
    title: `驳回「${record.name}」的登记`,
    label: '驳回原因',
    okText: '驳回',
    danger: true,
    max: PRACTITIONER_REASON_MAX,
    placeholder: '如：缺少学历证书扫描件',
    extra: '原因会显示给所属单位，请写明需补充或更正的内容',
    run: (reason) => rejectPractitioner(record.id, { reason, version: record.version }),
    successMessage: `已驳回「${record.name}」`,
    onDone,
  };
}

interface LeaveFields {
  leftOn: Dayjs;
}

export function leaveStep(record: PractitionerRecord, onDone: () => void): ReasonRequest<unknown, LeaveFields> {
  return {
    title: `办理离职：${record.name}`,
    okText: '办理离职',
    danger: true,
    fields: (
      <Form.Item name="leftOn" label="离职日期" rules={[{ required: true, message: '请选择离职日期' }]}>
        <DatePicker style={{ width: '100%' }} disabledDate={(d) => d.isAfter(dayjs(), 'day')} />
      </Form.Item>
    ),
    initialValues: { leftOn: dayjs() },
    label: '离职原因',
    max: PRACTITIONER_REASON_MAX,
    placeholder: '如：合同到期、个人原因',
    confirm: {
      title: `确定为「${record.name}」办理离职吗？`,
      content: '离职后其从业人员证书将被注销、登录账号将被停用，且不能撤销。',
      okText: '确定离职',
      danger: true,
    },
    run: (reason, { leftOn }) => leavePractitioner(record.id, { leftOn: leftOn.format('YYYY-MM-DD'), reason, version: record.version }),
    successMessage: `「${record.name}」已办理离职`,
    onDone,
  };
}
