/**
 * 评审管理, a seat's score sheet (mock/expertReviews.ts, as server/modules/expert-reviews):
 * a seat without a sheet offers 录入评分表; one with a sheet offers 替换评分表 only (the seat's
 * action replaceSheet), which asks for a reason before anything is sent and sends it with the
 * sheet.
 */
import { fireEvent, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import ExpertReviewPage from '@/pages/Manage/expert-review';
import { superAdmin } from '../../mock';
import { expertReviewCallsTo } from '../../mock/expertReviews';
import { button, renderPage } from './contentTestKit';

const seatItems = () => [...document.querySelectorAll('.ant-drawer-open ul[aria-label="评审专家"] > li')] as HTMLElement[];

async function findDialog(title: RegExp): Promise<HTMLElement> {
  return waitFor(() => {
    const found = [...document.querySelectorAll('.ant-modal')].find((m) => title.test(m.querySelector('.ant-modal-title')?.textContent ?? ''));
    if (!found) throw new Error(`no dialog ${String(title)}`);
    return found as HTMLElement;
  });
}

describe('评审管理: replacing a seat’s score sheet', () => {
  it('asks for the reason and sends it; a seat without a sheet is entered as before', async () => {
    renderPage(<ExpertReviewPage />, '/Manage/expert-review?id=rt-scoring', superAdmin);
    await waitFor(() => expect(seatItems().length).toBeGreaterThanOrEqual(3));
    const [first, second] = seatItems();
    expect(first.textContent).toMatch(/^专家1/);
    expect(within(first).queryByText('录入评分表')).toBeNull();
    expect(within(second).queryByText('替换评分表')).toBeNull();
    expect(button(second, '录入评分表')).toBeInTheDocument();

    fireEvent.click(button(first, '替换评分表'));
    const modal = await findDialog(/^评分表：专家1/);
    expect(within(modal).getByText(/替换须填写原因/)).toBeInTheDocument();
    fireEvent.click(button(modal, '替换评分表'));
    expect(await within(modal).findByText('请填写替换原因')).toBeInTheDocument();
    expect(expertReviewCallsTo('post', '/review-tasks/rt-scoring/sheets')).toHaveLength(0);

    fireEvent.change(within(modal).getByPlaceholderText(/专家本人来函更正评分/), { target: { value: '专家来函更正' } });
    fireEvent.click(button(modal, '替换评分表'));
    await waitFor(() => expect(expertReviewCallsTo('post', '/review-tasks/rt-scoring/sheets')).toHaveLength(1));
    expect(expertReviewCallsTo('post', '/review-tasks/rt-scoring/sheets')[0].body).toMatchObject({ reason: '专家来函更正', conclusion: 'pass' });
  });
});
