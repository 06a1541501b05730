/**
 * The decision on one or several reviews: what will happen to how many (this is the
 * confirmation), and the reason, which 驳回 and 退回修改 require. The answer lists each item's
 * result; the page shows it.
 */
import { Alert, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { REVIEW_ACTION_LABELS, REVIEW_REASON_MAX, type ReviewActionValue, type ReviewDecideResult } from '@common/schemas/businessAudit';
import { decideReviews } from '@/services/businessAudit';

export interface DecisionTarget {
  action: ReviewActionValue;
  reviewIds: string[];
  /** What the reviews are, for the title: one subject's name, or "3 条". */
  names: string[];
}

export interface DecisionModalProps {
  target: DecisionTarget | null;
  onClose: () => void;
  onDone: (result: ReviewDecideResult, action: ReviewActionValue) => void;
}

const EFFECT: Record<ReviewActionValue, string> = {
  approve: '通过后，各项按其业务规则生效（如发放会员编号、证书），并通知提交方。',
  reject: '驳回后本次申请结束，提交方会收到驳回原因。',
  return: '退回后提交方按原因修改并重新提交。',
};

export default function DecisionModal({ target, onClose, onDone }: DecisionModalProps) {
  if (!target) return null;
  return <Decision key={`${target.action}:${target.reviewIds.join()}`} target={target} onClose={onClose} onDone={onDone} />;
}

function Decision({ target, onClose, onDone }: DecisionModalProps & { target: DecisionTarget }) {
  const [form] = Form.useForm<{ reason?: string }>();
  const [busy, setBusy] = useState(false);
  const label = REVIEW_ACTION_LABELS[target.action];
  const needsReason = target.action !== 'approve';
  const count = target.reviewIds.length;
  const what = count === 1 ? `「${target.names[0] ?? ''}」` : `选中的 ${count} 条审核`;

  const submit = async () => {
    let reason: string | undefined;
    try {
      ({ reason } = await form.validateFields());
    } catch {
      return;
    }
    setBusy(true);
    try {
      const result = await decideReviews({ reviewIds: target.reviewIds, action: target.action, reason: reason?.trim() || undefined });
      onDone(result, target.action);
    } catch {
      // The request layer has shown why the whole request was refused.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title={`${label}：${what}`}
      okText={`确认${label}`}
      cancelText="取消"
      okButtonProps={{ danger: target.action === 'reject', loading: busy }}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Alert type={target.action === 'reject' ? 'warning' : 'info'} showIcon title={`确定${label}${what}吗？${EFFECT[target.action]}`} style={{ marginBottom: 16 }} />
      <Form form={form} layout="vertical">
        <Form.Item
          name="reason"
          label={needsReason ? `${target.action === 'return' ? '退回' : '驳回'}原因` : '审核意见'}
          rules={needsReason ? [{ required: true, whitespace: true, message: `请填写${target.action === 'return' ? '退回' : '驳回'}原因` }] : []}
        >
          <Input.TextArea rows={3} maxLength={REVIEW_REASON_MAX} showCount placeholder={needsReason ? '请说明原因，提交方会看到' : '选填'} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
