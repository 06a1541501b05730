/**
 * 信用记录 (common/schemas/credit.ts CREDIT_PAGES.events): the bad-conduct records and
 * commendations of member units and their practitioners, recorded by hand or by the system from
 * their source (an upheld complaint, an inspection, a review, a revoked certificate). Staff
 * filter, sort, export, record one (登记) and withdraw one with a reason (撤销, never an edit);
 * a member unit reads its own, the same page scoped by the server. `?id=` opens one event.
 */
import { ManagePageContainer } from '@/components/ListPage';
import { CREDIT_PAGES } from '@common/schemas/credit';
import CreditEventList from './components/CreditEventList';

export default function CreditRecordsPage() {
  return (
    <ManagePageContainer path={CREDIT_PAGES.events}>
      <CreditEventList />
    </ManagePageContainer>
  );
}
