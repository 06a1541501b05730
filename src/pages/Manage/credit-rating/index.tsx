/**
 * 信用评价 (common/schemas/credit.ts CREDIT_PAGES.ratings; 我的信用 for a member unit).
 *
 * Staff: the years' ratings (初评 → 公示 7 days → 终评), each with its units' scores, every
 * event behind a score, the objections and their answers; 启动年度评价, 重新计算, 发布公示, 终评
 * and 导出 as the rating's `actions` offer them; the 评价规则 tab lists the rules versions and
 * makes a new one. A member unit: its own score in each year with every item, its tier, the
 * 公示 window, its objection (提出异议 while the score's `actions` allow it) and the answer.
 *
 * `?id=` opens a rating (a unit: its own score in it), `&unitId=` a unit's score in it (the links
 * of the credit messages, common/schemas/credit.ts creditRatingLink); `?tab=rules` the rules.
 */
import { useSearchParams } from '@umijs/max';
import { Tabs } from 'antd';
import { CREDIT_PAGES } from '@common/schemas/credit';
import { ManagePageContainer } from '@/components/ListPage';
import { useAccessFlags } from '@/hooks/useCan';
import MyCredit from './components/MyCredit';
import RatingList from './components/RatingList';
import RulesPanel from './components/RulesPanel';

const RULES = 'rules';

export default function CreditRatingPage() {
  const { isStaff } = useAccessFlags();
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = searchParams.get('tab') === RULES ? RULES : 'ratings';
  return (
    <ManagePageContainer path={CREDIT_PAGES.ratings}>
      {isStaff ? (
        <Tabs
          activeKey={tab}
          // Each tab starts afresh: the ratings list keeps its own filters in the address.
          onChange={(key) => setSearchParams(key === RULES ? { tab: RULES } : {})}
          destroyOnHidden
          items={[
            { key: 'ratings', label: '年度评价', children: <RatingList /> },
            { key: RULES, label: '评价规则', children: <RulesPanel /> },
          ]}
        />
      ) : (
        <MyCredit />
      )}
    </ManagePageContainer>
  );
}
