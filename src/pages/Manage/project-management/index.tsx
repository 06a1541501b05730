/**
 * 项目管理 (the project workflow: docs/domain.md): staff see and review every unit's projects
 * (备案 / 退回修改), a member unit files, edits, submits and deletes its own, a practitioner
 * reads the projects they worked on. `?id=` opens one project (links from messages and the
 * review queue).
 */
import { ManagePageContainer } from '@/components/ListPage';
import ProjectList from './components/ProjectList';

export default function ProjectManagementPage() {
  return (
    <ManagePageContainer path="/Manage/project-management">
      <ProjectList />
    </ManagePageContainer>
  );
}
