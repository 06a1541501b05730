/**
 * The notice to an expert whose score sheet staff replaced (rule `review_sheet_replaced`,
 * 通知设置): the project, their sheet's total and conclusion before and after, and staff's
 * reason, by e-mail and SMS (experts have no account). One notice per replacement.
 *
 * Call it in the step's transaction (server/modules/expert-reviews/service.ts enterSheet).
 */
import type { DbOrTrx } from '../db/types';
import type { FieldCipher } from '../pii';
import { enqueueNotice } from './enqueue';
import { associationPhone } from './expertDrawn';

export const SHEET_REPLACED_RULE = 'review_sheet_replaced';

export interface SheetReplacement {
  /** review_sheet_replacements.id */
  id: string;
  taskId: string;
  expertId: string;
  projectName: string;
  reviewOn: string;
  replaced: { total: number; conclusion: string };
  now: { total: number; conclusion: string };
  reason: string;
}

export async function noticeSheetReplaced(trx: DbOrTrx, replacement: SheetReplacement, context: { now: Date; pii?: FieldCipher }): Promise<number> {
  const phone = await associationPhone(trx);
  const result = await enqueueNotice(
    trx,
    {
      rule: SHEET_REPLACED_RULE,
      reference: `review_sheet_replacement:${replacement.id}`,
      about: { type: 'review_task', id: replacement.taskId, date: replacement.reviewOn },
      recipients: [{ type: 'expert', id: replacement.expertId }],
      params: {
        projectName: replacement.projectName,
        reviewOn: replacement.reviewOn,
        replacedTotal: String(replacement.replaced.total),
        replacedConclusion: replacement.replaced.conclusion,
        newTotal: String(replacement.now.total),
        newConclusion: replacement.now.conclusion,
        reason: replacement.reason,
        contact: phone ? `请致电协会秘书处 ${phone}` : '请联系协会秘书处',
      },
    },
    context,
  );
  return result.created;
}
