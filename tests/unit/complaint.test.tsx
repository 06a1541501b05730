/**
 * 投诉举报 (/Manage/complaint) against mock/complaints.ts: staff see every complaint with its
 * deadline, the complainant (phone masked) and 导出; 受理 and 不予受理 on the pending one only
 * (不予受理 asks for a reason first), sent with the version read; the detail's 查看 reveals the
 * phone; a unit sees only its accepted complaints, never who complained, and answers in writing
 * (the answer required first).
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { acceptDueOn, addDays, daysBetween, deadlineText } from '@common/complaintDeadlines';
import ComplaintPage from '@/pages/Manage/complaint';
import { memberUnit, superAdmin } from '../../mock';
import { complaintCallsTo } from '../../mock/complaints';
import { beijingToday } from '../../mock/kit';
import { renderPage, rowOf } from './contentTestKit';
import { dialog, drawer, listOpener } from './reviewedSubjectKit';

const PATH = '/Manage/complaint';
const openList = listOpener(() => <ComplaintPage />, PATH);

describe('投诉举报', () => {
  it('staff see every complaint with its deadline and the masked phone; 受理 and 不予受理 only where the row offers them; 导出', async () => {
    await openList(superAdmin, '入户调查走过场');
    expect(screen.getByText('从业人员挂证')).toBeInTheDocument();
    expect(screen.getByText('导出')).toBeInTheDocument();
    const pending = rowOf('入户调查走过场');
    expect(within(pending).getByText('待受理')).toBeInTheDocument();
    const today = beijingToday();
    const due = acceptDueOn(addDays(today, -2));
    expect(within(pending).getByText(`受理期限 ${deadlineText(daysBetween(today, due))}`)).toBeInTheDocument();
    expect(within(pending).getByText('139****9876')).toBeInTheDocument();
    expect(within(pending).getByText('受理')).toBeInTheDocument();
    expect(within(pending).getByText('不予受理')).toBeInTheDocument();
    // Accepted and waiting for the unit's answer: nothing for staff to press yet.
    const accepted = rowOf('报告结论与事实不符');
    expect(within(accepted).queryByText('受理')).toBeNull();
    expect(within(accepted).queryByText('办结')).toBeNull();
    expect(within(rowOf('从业人员挂证')).getByText('匿名')).toBeInTheDocument();
    expect(within(rowOf('从业人员挂证')).getByText('部分属实')).toBeInTheDocument();

    fireEvent.click(within(pending).getByText('受理'));
    await screen.findByText('受理投诉 TS2026000001「入户调查走过场」');
    fireEvent.change(within(dialog()).getByPlaceholderText('选填，投诉人查询进度时可以看到'), { target: { value: '已转交调查组' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: /受\s?理/ }));
    await waitFor(() => expect(complaintCallsTo('post', '/complaints/cp-1/accept')).toHaveLength(1));
    expect(complaintCallsTo('post', '/complaints/cp-1/accept')[0].body).toEqual({ version: 1, note: '已转交调查组' });
    await waitFor(() => expect(within(rowOf('入户调查走过场')).getByText('已受理')).toBeInTheDocument());
    expect(within(rowOf('入户调查走过场')).queryByText('不予受理')).toBeNull();
  });

  it('不予受理 needs a reason before anything is sent', async () => {
    await openList(superAdmin, '入户调查走过场');
    fireEvent.click(within(rowOf('入户调查走过场')).getByText('不予受理'));
    await screen.findByText('不予受理投诉 TS2026000001「入户调查走过场」');
    const press = () => fireEvent.click(within(dialog()).getByRole('button', { name: '不予受理' }));
    press();
    expect(await within(dialog()).findByText('请填写不予受理理由')).toBeInTheDocument();
    expect(complaintCallsTo('post', '/complaints/cp-1/decline')).toHaveLength(0);
    fireEvent.change(within(dialog()).getByPlaceholderText('如：不属于本协会会员单位的稳评业务，建议向有关部门反映'), { target: { value: '不属于本协会管辖' } });
    press();
    await waitFor(() => expect(complaintCallsTo('post', '/complaints/cp-1/decline')[0]?.body).toEqual({ version: 1, reason: '不属于本协会管辖' }));
    await waitFor(() => expect(within(rowOf('入户调查走过场')).getByText('不予受理')).toBeInTheDocument());
  });

  it('?id= opens the detail: the complaint, its files and steps; 查看 reveals the whole phone', async () => {
    renderPage(<ComplaintPage />, `${PATH}?id=cp-2`, superAdmin);
    await waitFor(() => expect(within(drawer()).getByText('评估人员没有入户调查，报告中的支持率与实际不符。')).toBeInTheDocument());
    const panel = drawer();
    expect(within(panel).getByText('王小投')).toBeInTheDocument();
    expect(within(panel).getByText('现场照片.png')).toBeInTheDocument();
    expect(within(panel).getByText('尚未申辩（期限 ' + addDays(addDays(beijingToday(), -3), 10) + '）。')).toBeInTheDocument();
    expect(within(panel).getByText('已提交')).toBeInTheDocument();
    fireEvent.click(within(panel).getByRole('button', { name: '查看投诉人的完整手机号码' }));
    expect(await screen.findByTestId('revealed-value')).toHaveTextContent('13905719876');
    expect(complaintCallsTo('post', '/complaints/cp-2/reveal')[0].body).toEqual({ field: 'phone' });
  });

  it('a unit sees only its accepted complaints, never who complained, and answers in writing (the answer required)', async () => {
    await openList(memberUnit, '报告结论与事实不符');
    expect(screen.queryByText('入户调查走过场')).toBeNull();
    expect(screen.queryByText('从业人员挂证')).toBeNull();
    expect(screen.queryByText('导出')).toBeNull();
    expect(screen.queryByText('139****9876')).toBeNull();
    expect(screen.queryByText('王小投')).toBeNull();
    expect(screen.getByText('对本单位的投诉举报')).toBeInTheDocument();
    const row = rowOf('报告结论与事实不符');
    expect(within(row).getByText('申辩期限 剩余 7 天')).toBeInTheDocument();

    fireEvent.click(within(row).getByText('书面申辩'));
    await screen.findByText('书面申辩：投诉 TS2026000002「报告结论与事实不符」');
    fireEvent.click(within(dialog()).getByRole('button', { name: '提交申辩' }));
    expect(await within(dialog()).findByText('请填写书面申辩内容')).toBeInTheDocument();
    expect(complaintCallsTo('post', '/complaints/cp-2/reply')).toHaveLength(0);
    fireEvent.change(within(dialog()).getByPlaceholderText('针对投诉举报的内容逐项说明'), { target: { value: '我单位已按规定开展入户调查。' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: '提交申辩' }));
    await waitFor(() => expect(complaintCallsTo('post', '/complaints/cp-2/reply')).toHaveLength(1));
    expect(complaintCallsTo('post', '/complaints/cp-2/reply')[0].body).toEqual({ version: 1, answer: '我单位已按规定开展入户调查。', fileIds: [] });
    await waitFor(() => expect(within(rowOf('报告结论与事实不符')).getByText('单位已申辩')).toBeInTheDocument());
    expect(within(rowOf('报告结论与事实不符')).queryByText('书面申辩')).toBeNull();
  });
});
