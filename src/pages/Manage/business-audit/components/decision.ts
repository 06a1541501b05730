/**
 * The decision on one or several reviews, as a ReasonModal request: what will happen to how
 * many (this is the confirmation), and the reason, which 驳回 and 退回修改 require. Approving an
 * item whose required documents the server reports missing (`missing` of the queue item) names
 * them in a warning and asks once more before the call. The answer lists each item's result;
 * the page shows it.
 */
import {
  REVIEW_ACTION_LABELS,
  REVIEW_REASON_MAX,
  type ReviewActionValue,
  type ReviewDecideResult,
  type ReviewQueueItem,
} from '@common/schemas/businessAudit';
import type { ReasonRequest } from '@/components/ReasonModal';
import { decideReviews } from '@/services/businessAudit';

const EFFECT: Record<ReviewActionValue, string> = {
  approve: '通过后，各项按其业务规则生效（如发放会员编号、证书），并通知提交方。',
  reject: '驳回后本次申请结束，提交方会收到驳回原因。',
  return: '退回后提交方按原因修改并重新提交。',
};

export type DecidedItem = Pick<ReviewQueueItem, 'id' | 'subjectName' | 'missing'>;

/** "「张三」缺少学历证书" for each item that misses a required document. */
export function missingLines(items: readonly DecidedItem[]): string[] {
  return items.filter((i) => i.missing.length > 0).map((i) => `「${i.subjectName}」缺少${i.missing.map((m) => m.label).join('、')}`);
}

/** `items`: the reviews decided at once (one from a row or the drawer, several selected). */
export function decisionStep(
  action: ReviewActionValue,
  items: readonly DecidedItem[],
  onDone: (result: ReviewDecideResult, action: ReviewActionValue) => void,
): ReasonRequest<ReviewDecideResult> {
  const label = REVIEW_ACTION_LABELS[action];
  const needsReason = action !== 'approve';
  const what = items.length === 1 ? `「${items[0]?.subjectName ?? ''}」` : `选中的 ${items.length} 条审核`;
  const missing = action === 'approve' ? missingLines(items) : [];
  const question = `确定${label}${what}吗？${EFFECT[action]}`;
  return {
    title: `${label}：${what}`,
    okText: `确认${label}`,
    danger: action === 'reject',
    alert:
      missing.length > 0
        ? { type: 'warning', title: `必需材料不全：${missing.join('；')}`, description: question }
        : { type: action === 'reject' ? 'warning' : 'info', title: question },
    label: needsReason ? `${action === 'return' ? '退回' : '驳回'}原因` : '审核意见',
    optional: !needsReason,
    max: REVIEW_REASON_MAX,
    placeholder: needsReason ? '请说明原因，提交方会看到' : '选填',
    confirm:
      missing.length > 0
        ? { title: '材料不全，仍要通过吗？', content: `${missing.join('；')}。通过后即按业务规则生效。`, okText: '仍要通过', danger: true }
        : undefined,
    // The request layer shows why a whole request was refused; each item's answer is the page's.
    run: (reason) => decideReviews({ reviewIds: items.map((i) => i.id), action, reason: reason || undefined }),
    onDone: (result) => onDone(result, action),
  };
}
