/**
 * 业绩案例管理 (the business-case workflow: docs/domain.md): staff review every unit's cases
 * (通过 / 驳回) and export them; a member unit adds, edits and deletes its own. Approved cases marked public show
 * in the member window. `?id=` opens one case (links from messages and the review queue).
 */
import { ManagePageContainer } from '@/components/ListPage';
import CaseList from './components/CaseList';

export default function PerformanceCasePage() {
  return (
    <ManagePageContainer path="/Manage/performance-case">
      <CaseList />
    </ManagePageContainer>
  );
}
