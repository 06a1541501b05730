/**
 * 专家评分 (/expert-review-sheet#<token>), the expert's page without an account, against the
 * quality-review mock: a valid link shows the task's essentials and the rubric, adds up the
 * points and sends the sheet with the token; a wrong link and a link without its token say so.
 */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import ExpertReviewSheetPage from '@/pages/expert-review-sheet';
import { setToken } from '@/storage';
import { expertReviewCallsTo, VALID_LINK_TOKEN } from '../../mock/expertReviews';
import { button } from './contentTestKit';


const PATH = '/expert-review-sheet';

/** The page at its address with `hash`, for someone without an account (no token stored). */
function open(hash: string) {
  setToken('');
  render(
    <App>
      <MemoryRouter initialEntries={[`${PATH}${hash}`]}>
        <Routes>
          <Route path={PATH} element={<ExpertReviewSheetPage />} />
        </Routes>
      </MemoryRouter>
    </App>,
  );
}


describe('专家评分', () => {
  it('shows the task’s essentials and sends the expert’s own sheet with the token', async () => {
    open(`#${VALID_LINK_TOKEN}`);
    expect(await screen.findByText(/林慧敏 专家您好/)).toBeInTheDocument();
    expect(screen.getByText('专家1')).toBeInTheDocument();
    expect(screen.getByText('城北化工园区有机更新及企业搬迁稳评（PJ-9）')).toBeInTheDocument();
    expect(screen.getByText('城北区人民政府')).toBeInTheDocument();
    expect(screen.getByText('2026-12-10 09:30')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '评估报告.pdf' })).toHaveAttribute('href', expect.stringContaining('/api/v1/file/download/'));
    expect(expertReviewCallsTo('post', '/public/review-links/view')[0].body).toEqual({ token: VALID_LINK_TOKEN });

    // The sheet already sent (85 points) is shown to be corrected.
    expect(screen.getByText(/提交评分表（85 分）$/)).toBeInTheDocument();
    expect(screen.getByTestId('sheet-total')).toHaveTextContent('85 / 100 分');
    const inputs = [...document.querySelectorAll<HTMLInputElement>('input[role="spinbutton"]')];
    expect(inputs.map((i) => i.value)).toEqual(['17', '22', '17', '17', '12']);
    [19, 23, 18, 17, 14].forEach((p, i) => fireEvent.change(inputs[i], { target: { value: String(p) } }));
    await waitFor(() => expect(screen.getByTestId('sheet-total')).toHaveTextContent('91 / 100 分'));
    fireEvent.click(screen.getByLabelText('通过'));
    fireEvent.change(screen.getByPlaceholderText('主要问题与修改建议'), { target: { value: '报告规范' } });
    fireEvent.click(button(document.body, '重新提交评分表'));
    await waitFor(() => expect(expertReviewCallsTo('post', '/public/review-links/sheet')).toHaveLength(1));
    expect(expertReviewCallsTo('post', '/public/review-links/sheet')[0].body).toEqual({
      token: VALID_LINK_TOKEN,
      scores: [
        { criterion: 'procedure', points: 19 },
        { criterion: 'investigation', points: 23 },
        { criterion: 'estimation', points: 18 },
        { criterion: 'measures', points: 17 },
        { criterion: 'report', points: 14 },
      ],
      comments: '报告规范',
      conclusion: 'pass',
    });
    // The page loads again and says what is on record now.
    expect(await screen.findByText(/提交评分表（91 分）$/)).toBeInTheDocument();
    expect(expertReviewCallsTo('post', '/public/review-links/view')).toHaveLength(2);
  });

  it('a wrong or expired link gets the server’s one answer, and no form', async () => {
    open('#not-a-valid-token-but-long-enough-1234');
    const refusal = await screen.findByText('无法打开评分表');
    expect(within(refusal.closest('.ant-result') as HTMLElement).getByText('链接无效或已失效，请联系协会工作人员')).toBeInTheDocument();
    expect(document.querySelector('input[role="spinbutton"]')).toBeNull();
  });

  it('a link without its token says it is incomplete and asks nothing of the server', async () => {
    open('');
    expect(await screen.findByText('链接不完整')).toBeInTheDocument();
    expect(expertReviewCallsTo('post', '/public/review-links/view')).toHaveLength(0);
  });

  it('a cut-off link (too short for a token) says it is incomplete, not the server\'s field rule', async () => {
    open('#abc123');
    expect(await screen.findByText('链接不完整')).toBeInTheDocument();
    expect(screen.queryByText(/不能少于/)).toBeNull();
    expect(expertReviewCallsTo('post', '/public/review-links/view')).toHaveLength(0);
  });
});
