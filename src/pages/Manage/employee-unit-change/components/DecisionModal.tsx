/**
 * 放行 / 审批通过 / 驳回 of one change: the move named in full, what the step will do, and the
 * comment (optional) or the reason (required). The list reloads when it is done.
 */
import { Alert, App, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { UNIT_CHANGE_COMMENT_MAX, type UnitChangeRecord } from '@common/schemas/unitChanges';
import { unitChanges } from '@/services/unitChanges';
import { moveText } from './status';

export type DecisionKind = 'release' | 'approve' | 'reject';

export interface DecisionTarget {
  kind: DecisionKind;
  record: UnitChangeRecord;
}

export interface DecisionModalProps {
  target: DecisionTarget | null;
  onClose: () => void;
  onDone: () => void;
}

const TEXT: Record<DecisionKind, { title: string; ok: string; done: string; field: string }> = {
  release: { title: '放行', ok: '确认放行', done: '已放行，等待协会审批', field: '放行意见' },
  approve: { title: '审批通过', ok: '审批通过', done: '已审批通过，人员已转入新单位', field: '审批意见' },
  reject: { title: '驳回申请', ok: '驳回', done: '已驳回', field: '驳回原因' },
};

function effectOf(kind: DecisionKind, record: UnitChangeRecord): string {
  if (kind === 'release') return '放行后提交协会审批；放行后本单位不能再驳回。';
  if (kind === 'approve') return `审批通过后，该从业人员的所在单位、登录账号和证书将一并转入「${record.toUnitName}」。`;
  return '驳回后本申请结束，申请人、原单位和调入单位都能看到驳回原因。';
}

export default function DecisionModal({ target, onClose, onDone }: DecisionModalProps) {
  // A fresh form per opening: nothing of the last change lingers.
  if (!target) return null;
  return <Decision key={`${target.kind}:${target.record.id}`} target={target} onClose={onClose} onDone={onDone} />;
}

function Decision({ target, onClose, onDone }: DecisionModalProps & { target: DecisionTarget }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ text?: string }>();
  const [busy, setBusy] = useState(false);
  const { kind, record } = target;
  const text = TEXT[kind];
  const rejecting = kind === 'reject';

  const submit = async () => {
    let value: string | undefined;
    try {
      ({ text: value } = await form.validateFields());
    } catch {
      return; // the form shows what is missing
    }
    const trimmed = value?.trim() || undefined;
    setBusy(true);
    try {
      await unitChanges.action(record.id, kind, rejecting ? { version: record.version, reason: trimmed } : { version: record.version, comment: trimmed });
      message.success(text.done);
      onClose();
      onDone();
    } catch {
      // The request layer has shown the server's message; the dialog stays for another try.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title={`${text.title}：${moveText(record)}`}
      okText={text.ok}
      okButtonProps={{ danger: rejecting, loading: busy }}
      cancelText="取消"
      onOk={() => void submit()}
      onCancel={onClose}
      mask={{ closable: false }}
      destroyOnHidden
    >
      <Alert type={rejecting ? 'warning' : 'info'} showIcon style={{ marginBottom: 16 }} title={moveText(record)} description={effectOf(kind, record)} />
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="text"
          label={text.field}
          rules={[
            ...(rejecting ? [{ required: true, whitespace: true, message: '请填写驳回原因' }] : []),
            { max: UNIT_CHANGE_COMMENT_MAX, message: `${text.field}不能超过 ${UNIT_CHANGE_COMMENT_MAX} 个字符` },
          ]}
        >
          <Input.TextArea rows={4} showCount maxLength={UNIT_CHANGE_COMMENT_MAX} placeholder={rejecting ? '请说明驳回原因' : '选填'} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
