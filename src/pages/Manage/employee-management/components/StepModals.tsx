/**
 * The workflow steps that need more than a yes: 驳回 (a reason, required) and 离职 (the date
 * and a reason, then a last confirmation because it revokes the certificate and disables the
 * account). Each reports success and lets the page reload its list.
 */
import { App, DatePicker, Form, Input, Modal } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { PRACTITIONER_REASON_MAX, type PractitionerRecord } from '@common/schemas/practitioners';
import { leavePractitioner, rejectPractitioner } from '@/services/practitioners';

export type StepTarget = { step: 'reject' | 'leave'; record: PractitionerRecord } | null;

export interface StepModalsProps {
  target: StepTarget;
  onClose: () => void;
  onDone: () => void;
}

export default function StepModals({ target, onClose, onDone }: StepModalsProps) {
  if (!target) return null;
  return target.step === 'reject' ? (
    <RejectModal key={`reject:${target.record.id}`} record={target.record} onClose={onClose} onDone={onDone} />
  ) : (
    <LeaveModal key={`leave:${target.record.id}`} record={target.record} onClose={onClose} onDone={onDone} />
  );
}

interface OneProps {
  record: PractitionerRecord;
  onClose: () => void;
  onDone: () => void;
}

const reasonRules = (label: string) => [
  { required: true, whitespace: true, message: `请填写${label}` },
  { max: PRACTITIONER_REASON_MAX, message: `${label}不能超过 ${PRACTITIONER_REASON_MAX} 个字` },
];

function RejectModal({ record, onClose, onDone }: OneProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ reason: string }>();
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return; // the form shows what is missing
    const { reason } = values;
    setBusy(true);
    try {
      await rejectPractitioner(record.id, { reason: reason.trim(), version: record.version });
      message.success(`已驳回「${record.name}」`);
      onDone();
      onClose();
    } catch {
      // The request layer has shown why.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open title={`驳回「${record.name}」的登记`} okText="驳回" okButtonProps={{ danger: true, loading: busy }} cancelText="取消" onOk={() => void submit()} onCancel={onClose}>
      <Form form={form} layout="vertical">
        <Form.Item name="reason" label="驳回原因" rules={reasonRules('驳回原因')} extra="原因会显示给所属单位，请写明需补充或更正的内容">
          <Input.TextArea rows={4} maxLength={PRACTITIONER_REASON_MAX} showCount placeholder="如：缺少学历证书扫描件" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function LeaveModal({ record, onClose, onDone }: OneProps) {
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<{ leftOn: Dayjs; reason: string }>();
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return; // the form shows what is missing
    const { leftOn, reason } = values;
    modal.confirm({
      title: `确定为「${record.name}」办理离职吗？`,
      content: '离职后其从业人员证书将被注销、登录账号将被停用，且不能撤销。',
      okText: '确定离职',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: async () => {
        setBusy(true);
        try {
          await leavePractitioner(record.id, { leftOn: leftOn.format('YYYY-MM-DD'), reason: reason.trim(), version: record.version });
          message.success(`「${record.name}」已办理离职`);
          onDone();
          onClose();
        } catch {
          // The request layer has shown why.
        } finally {
          setBusy(false);
        }
      },
    });
  };
  return (
    <Modal open title={`办理离职：${record.name}`} okText="办理离职" okButtonProps={{ danger: true, loading: busy }} cancelText="取消" onOk={() => void submit()} onCancel={onClose}>
      <Form form={form} layout="vertical" initialValues={{ leftOn: dayjs() }}>
        <Form.Item name="leftOn" label="离职日期" rules={[{ required: true, message: '请选择离职日期' }]}>
          <DatePicker style={{ width: '100%' }} disabledDate={(d) => d.isAfter(dayjs(), 'day')} />
        </Form.Item>
        <Form.Item name="reason" label="离职原因" rules={reasonRules('离职原因')}>
          <Input.TextArea rows={3} maxLength={PRACTITIONER_REASON_MAX} showCount placeholder="如：合同到期、个人原因" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
