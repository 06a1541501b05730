/**
 * The decision on one or several reviews, as a ReasonModal request: what will happen to how
 * many (this is the confirmation), and the reason, which 驳回 and 退回修改 require. The answer
 * lists each item's result; the page shows it.
 */
import { REVIEW_ACTION_LABELS, REVIEW_REASON_MAX, type ReviewActionValue, type ReviewDecideResult } from '@common/schemas/businessAudit';
import type { ReasonRequest } from '@/components/ReasonModal';
import { decideReviews } from '@/services/businessAudit';

const EFFECT: Record<ReviewActionValue, string> = {
  approve: '通过后，各项按其业务规则生效（如发放会员编号、证书），并通知提交方。',
  reject: '驳回后本次申请结束，提交方会收到驳回原因。',
  return: '退回后提交方按原因修改并重新提交。',
};

/** `items`: the reviews decided at once (one from a row or the drawer, several selected). */
export function decisionStep(
  action: ReviewActionValue,
  items: readonly { id: string; subjectName: string }[],
  onDone: (result: ReviewDecideResult, action: ReviewActionValue) => void,
): ReasonRequest<ReviewDecideResult> {
  const label = REVIEW_ACTION_LABELS[action];
  const needsReason = action !== 'approve';
  const what = items.length === 1 ? `「${items[0]?.subjectName ?? ''}」` : `选中的 ${items.length} 条审核`;
  return {
    title: `${label}：${what}`,
    okText: `确认${label}`,
    danger: action === 'reject',
    alert: { type: action === 'reject' ? 'warning' : 'info', title: `确定${label}${what}吗？${EFFECT[action]}` },
    label: needsReason ? `${action === 'return' ? '退回' : '驳回'}原因` : '审核意见',
    optional: !needsReason,
    max: REVIEW_REASON_MAX,
    placeholder: needsReason ? '请说明原因，提交方会看到' : '选填',
    // The request layer shows why a whole request was refused; each item's answer is the page's.
    run: (reason) => decideReviews({ reviewIds: items.map((i) => i.id), action, reason: reason || undefined }),
    onDone: (result) => onDone(result, action),
  };
}
