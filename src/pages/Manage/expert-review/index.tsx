/**
 * 评审管理 (a unit's 项目评审): review tasks of filed projects, with experts drawn at random
 * under the 回避 rules, sealed until closing and verifiable (docs/expert-draw.md), their
 * answers, score sheets and result; and, for staff holding review:sample, 质量抽查. A unit
 * reads its own projects' reviews (names sealed), comments on a result and sends a revised
 * report after 修改后通过. `?id=` opens one task; `?tab=sampling` the samplings.
 */
import { Tabs } from 'antd';
import { useMemo } from 'react';
import { useSearchParams } from '@umijs/max';
import { ManagePageContainer } from '@/components/ListPage';
import { useCan } from '@/hooks/useCan';
import { useDictionaries } from '@/hooks/useDictionaries';
import type { ReviewDicts } from './components/ReviewTaskDrawer';
import ReviewTaskList from './components/ReviewTaskList';
import SamplingPanel from './components/SamplingPanel';

const SAMPLING = 'sampling';

export default function ExpertReviewPage() {
  const can = useCan();
  const { review_reason, expert_category, specialty, review_decline_reason } = useDictionaries(
    'review_reason',
    'expert_category',
    'specialty',
    'review_decline_reason',
  );
  const dicts = useMemo<ReviewDicts>(
    () => ({ reasons: review_reason, categories: expert_category, specialties: specialty, declineReasons: review_decline_reason }),
    [review_reason, expert_category, specialty, review_decline_reason],
  );
  const [searchParams, setSearchParams] = useSearchParams();
  const maySample = can('review:sample');
  const tab = maySample && searchParams.get('tab') === SAMPLING ? SAMPLING : 'tasks';

  const list = <ReviewTaskList dicts={dicts} />;
  return (
    <ManagePageContainer path="/Manage/expert-review">
      {maySample ? (
        <Tabs
          activeKey={tab}
          // Each tab's list keeps its own filters in the URL: a switch starts the other afresh.
          onChange={(key) => setSearchParams(key === SAMPLING ? { tab: SAMPLING } : {})}
          destroyOnHidden
          items={[
            { key: 'tasks', label: '评审任务', children: list },
            { key: SAMPLING, label: '质量抽查', children: <SamplingPanel dicts={dicts} onOpenTask={(id) => setSearchParams({ id })} /> },
          ]}
        />
      ) : (
        list
      )}
    </ManagePageContainer>
  );
}
