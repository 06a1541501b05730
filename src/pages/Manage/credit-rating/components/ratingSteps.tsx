/**
 * The steps of a year's rating, each asked first in words that say what it does: 重新计算 (初评
 * only), 发布公示 (public for CREDIT_PUBLICITY_DAYS days on /FrontPage/credit, objections open),
 * 终评 (locked). The answer's message (the server's words) is shown; a refusal was shown by the
 * request layer. Also the 导出 of a rating's scores.
 */
import { App } from 'antd';
import { useCallback } from 'react';
import { beijingDay } from '@common/calendar';
import { CREDIT_PUBLICITY_DAYS, publicityWindow } from '@common/credit';
import { CREDIT_PAGES, type CreditRatingExportQuery, type CreditRatingRecord } from '@common/schemas/credit';
import { exportCreditRating, stepCreditRating, type CreditRatingStep } from '@/services/credit';

type Rating = Pick<CreditRatingRecord, 'id' | 'year' | 'version' | 'ruleVersionNo' | 'unitCount'>;

export function stepQuestion(rating: Rating, step: CreditRatingStep): { title: string; content: string; okText: string } {
  const units = rating.unitCount !== null ? `全部 ${rating.unitCount} 家` : '全部';
  switch (step) {
    case 'recompute':
      return {
        title: `重新计算${rating.year}年度初评得分？`,
        content: `按第 ${rating.ruleVersionNo} 版规则，用当前有效的信用记录为${units}参评单位重新计分（计入启动后登记或撤销的记录）。初评结果仍不公开。`,
        okText: '重新计算',
      };
    case 'publicize': {
      // The window the server will set: from today's Beijing day (common/calendar.ts).
      const window = publicityWindow(beijingDay());
      return {
        title: `发布${rating.year}年度初评结果公示？`,
        content: `发布后，各会员单位的得分和等级将在信用公示页（${CREDIT_PAGES.public}）向社会公开 ${CREDIT_PUBLICITY_DAYS} 天（${window.from} 至 ${window.until}，含首尾两日），并通知各会员单位；公示期内会员单位可提出异议。发布后不能再重新计算。`,
        okText: '发布公示',
      };
    }
    case 'finalize':
      return {
        title: `${rating.year}年度信用评价终评？`,
        content: `终评后结果锁定，不能再重新计算、提出或答复异议；各单位的最终等级在信用公示页公布。此后撤销的信用记录不再改变本年度得分。`,
        okText: '终评',
      };
  }
}

/** `confirmStep(rating, step)`: asks, calls, says; resolves whether the step was taken. */
export function useRatingSteps() {
  const { message, modal } = App.useApp();
  const confirmStep = useCallback(
    (rating: Rating, step: CreditRatingStep) =>
      new Promise<boolean>((resolve) => {
        const question = stepQuestion(rating, step);
        modal.confirm({
          title: question.title,
          content: question.content,
          okText: question.okText,
          cancelText: '取消',
          // Enter does not publish or lock: the answer is a deliberate click.
          autoFocusButton: 'cancel',
          onOk: async () => {
            try {
              const said = await stepCreditRating(rating.id, step, rating.version);
              message.success(said.message || `${question.okText}完成`);
              resolve(true);
            } catch {
              // The request layer has said why.
              resolve(false);
            }
          },
          onCancel: () => resolve(false),
        });
      }),
    [message, modal],
  );

  const exportRating = useCallback(
    async (rating: Pick<CreditRatingRecord, 'id' | 'year'>, query?: CreditRatingExportQuery) => {
      try {
        const name = await exportCreditRating(rating.id, rating.year, query);
        message.success(`已导出 ${name}`);
      } catch {
        // The request layer has said why.
      }
    },
    [message],
  );

  return { confirmStep, exportRating };
}
