/**
 * A project filing's credit flag (common/schemas/credit.ts CreditFlag, sent only for a flagged
 * unit: a D tier in its latest final rating, or bad conduct in term today): tags in the queue's
 * row, and a warning in the review drawer with the way to the unit's records.
 */
import { Link } from '@umijs/max';
import { Alert, Space, Tag } from 'antd';
import type { CreditFlag } from '@common/schemas/credit';
import { CREDIT_PAGES } from '@common/schemas/credit';
import { useCan } from '@/hooks/useCan';

const tierWords = (flag: CreditFlag) => `信用D级${flag.ratingYear ? `（${flag.ratingYear}年度）` : ''}`;
const badWords = (flag: CreditFlag) => `不良行为在期 ${flag.badConductInTerm} 条`;

function flagWords(flag: CreditFlag): string[] {
  return [...(flag.tier === 'D' ? [tierWords(flag)] : []), ...(flag.badConductInTerm > 0 ? [badWords(flag)] : [])];
}

export function CreditFlagTags({ flag }: { flag: CreditFlag | undefined }) {
  if (!flag) return null;
  return (
    <Space size={[4, 4]} wrap>
      {flag.tier === 'D' && (
        <Tag color="red" style={{ marginInlineEnd: 0 }}>
          {tierWords(flag)}
        </Tag>
      )}
      {flag.badConductInTerm > 0 && (
        <Tag color="orange" style={{ marginInlineEnd: 0 }}>
          {badWords(flag)}
        </Tag>
      )}
    </Space>
  );
}

export function CreditFlagAlert({ flag, unitId }: { flag: CreditFlag | undefined; unitId: string | null }) {
  const can = useCan();
  if (!flag) return null;
  const records = unitId ? `${CREDIT_PAGES.events}?unitId=${encodeURIComponent(unitId)}&polarity=bad&inTerm=true` : null;
  return (
    <Alert
      type="warning"
      showIcon
      title={`该单位有信用提示：${flagWords(flag).join('；')}`}
      description="备案审核时请重点核查该单位的评估质量与执业情况。"
      action={records && can('credit:view') ? <Link to={records}>查看信用记录</Link> : undefined}
    />
  );
}
