/**
 * 投诉举报 (a unit's 投诉申辩; docs/domain.md, "Complaints"): staff holding complaint:view see
 * every complaint from the public with its deadlines, accept or decline it, and conclude it after
 * the unit's answer (complaint:handle), reveal the complainant's phone or e-mail (complaint:reveal,
 * audited) and export the list (complaint:export); a member unit sees the complaints about itself
 * once accepted, without the complainant, and answers each in writing with its files by the
 * deadline. `?id=` opens one complaint (the messages' links); `?status=` and `?due=` filter the
 * list (the workbench's links).
 */
import { ManagePageContainer } from '@/components/ListPage';
import ComplaintList from './components/ComplaintList';

export default function ComplaintPage() {
  return (
    <ManagePageContainer path="/Manage/complaint">
      <ComplaintList />
    </ManagePageContainer>
  );
}
