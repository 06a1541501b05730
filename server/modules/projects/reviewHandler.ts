/**
 * The business-audit queue's entry for projects (server/workflow/reviewHandlers.ts): 备案
 * (approve) or 退回修改 (return, with a reason), carried out by the same service functions as
 * POST /projects/:id/file and /return (state check, transaction, review record, messages, log).
 */
import type { ReviewKindHandler } from '../../workflow/reviewHandlers';
import { BizError } from '../../http/errors';
import { projectDetail } from './queries';
import { fileProject, MESSAGES, projectLink, returnProject } from './service';

export const projectReviewHandler: ReviewKindHandler = {
  kind: 'project',
  label: '项目备案',
  permission: 'project:review',
  actions: ['approve', 'return'],
  link: (review) => projectLink(review.subject_id),
  decide: async (request, user, review, input) => {
    if (input.action === 'approve') {
      await fileProject(request, user, review.subject_id, { comment: input.reason ?? undefined });
      return;
    }
    if (input.action === 'return') {
      const reason = input.reason?.trim();
      if (!reason) throw new BizError(MESSAGES.reasonRequired);
      await returnProject(request, user, review.subject_id, { reason });
      return;
    }
    throw new BizError('项目只能备案或退回修改，不能驳回');
  },
  record: async (request, user, review) => ({ kind: 'project', record: await projectDetail(request.server.db, user, review.subject_id) }),
};
