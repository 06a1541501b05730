/**
 * The workbench's cards against the workbench mock: staff see what waits by kind (each a link to
 * the filtered queue), the totals with their breakdowns, the charts (loaded lazily; stubbed here,
 * the test DOM has no canvas) and the log only with system:log:view; a member unit its to-dos,
 * certificate and inspection; a practitioner theirs.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import StagingPage from '@/pages/Manage/staging';
import { limitedStaff, memberUnit, practitioner, superAdmin } from '../../mock';
import { renderPage } from './contentTestKit';

vi.mock('@/pages/Manage/staging/components/YearCharts', () => ({
  default: ({ year, monthly }: { year: number; monthly: unknown[] }) => <div data-testid="charts">{`${year} 年图表：${monthly.length} 个月`}</div>,
}));

const PATH = '/Manage/staging';

describe('工作台', () => {
  it('staff: what waits by kind links to the filtered queue; totals, charts and the latest log', async () => {
    renderPage(<StagingPage />, PATH, superAdmin);
    expect(await screen.findByText('待我审核（共 11 项）')).toBeInTheDocument();
    const inspection = screen.getByRole('link', { name: '年检：4 项待审核' });
    expect(inspection).toHaveAttribute('href', '/Manage/business-audit?kind=annual_inspection');
    expect(screen.getByRole('link', { name: '从业人员登记：2 项待审核' })).toHaveAttribute('href', '/Manage/business-audit?kind=practitioner');
    // Kinds with nothing waiting are left out.
    expect(screen.queryByRole('link', { name: /从业人员单位变更/ })).toBeNull();

    const units = screen.getByText('会员单位').closest('.ant-card') as HTMLElement;
    expect(within(units).getByText('6')).toBeInTheDocument();
    expect(within(units).getByText('理事单位 2')).toBeInTheDocument();
    expect(within(screen.getByText('从业人员').closest('.ant-card') as HTMLElement).getByText('42')).toBeInTheDocument();
    expect(within(screen.getByText('项目').closest('.ant-card') as HTMLElement).getByText('高风险 1')).toBeInTheDocument();
    expect(await screen.findByTestId('charts')).toHaveTextContent('2026 年图表：12 个月');
    expect(screen.getByText('最新操作日志')).toBeInTheDocument();
    expect(screen.getByText('审核通过会员单位「润和社会治理咨询有限公司」')).toBeInTheDocument();

    // Quality review: the open tasks by what they wait for, each a link to the review page filtered to it.
    expect(screen.getByRole('link', { name: '待抽取专家：1 项' })).toHaveAttribute('href', '/Manage/expert-review?status=awaiting_draw');
    expect(screen.getByRole('link', { name: '待专家确认：2 项' })).toHaveAttribute('href', '/Manage/expert-review?status=confirming');
    expect(screen.getByRole('link', { name: '待录入评分表：1 项' })).toHaveAttribute('href', '/Manage/expert-review?status=scoring');

    // Complaints: waiting for acceptance, deadlines running out or past, each a link to the filtered list.
    expect(screen.getByRole('link', { name: '投诉举报待受理：1 件' })).toHaveAttribute('href', '/Manage/complaint?status=pending');
    expect(screen.getByRole('link', { name: '投诉举报即将到期：1 件' })).toHaveAttribute('href', '/Manage/complaint?due=soon');
    expect(screen.getByRole('link', { name: '投诉举报已逾期：0 件' })).toHaveAttribute('href', '/Manage/complaint?due=overdue');
  });

  it('staff choose the year of the charts; the board reloads that year', async () => {
    renderPage(<StagingPage />, PATH, superAdmin);
    expect(await screen.findByTestId('charts')).toHaveTextContent('2026 年图表：12 个月');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '统计年度' }));
    fireEvent.click(await screen.findByTitle('2025 年'));
    await waitFor(() => expect(screen.getByTestId('charts')).toHaveTextContent('2025 年图表：12 个月'));
    // The rest of the board stayed on screen while the year loaded.
    expect(screen.getByText('待我审核（共 11 项）')).toBeInTheDocument();
  });

  it('opens on the year in the URL', async () => {
    renderPage(<StagingPage />, `${PATH}?year=2024`, superAdmin);
    expect(await screen.findByTestId('charts')).toHaveTextContent('2024 年图表：12 个月');
  });

  it('staff without system:log:view or review:task:view see neither the log nor the review counts', async () => {
    renderPage(<StagingPage />, PATH, limitedStaff);
    expect(await screen.findByText('待我审核（共 11 项）')).toBeInTheDocument();
    expect(screen.queryByText('最新操作日志')).toBeNull();
    // Nor the review counts without review:task:view.
    expect(screen.queryByText('专家评审')).toBeNull();
    expect(screen.queryByRole('link', { name: /待抽取专家/ })).toBeNull();
    // Nor the complaints without complaint:view.
    expect(screen.queryByRole('link', { name: /投诉举报待受理/ })).toBeNull();
  });

  it('a member unit: its to-dos with counts and links, its certificate about to expire, its inspection', async () => {
    renderPage(<StagingPage />, PATH, memberUnit);
    expect(await screen.findByText('我的待办')).toBeInTheDocument();
    const todo = screen.getByRole('link', { name: '2026年度年检未提交（本单位及从业人员）' });
    expect(todo).toHaveAttribute('href', '/Manage/annual-inspection-record?status=not_submitted');
    expect(screen.getByRole('link', { name: '被退回待修改的项目' })).toBeInTheDocument();
    // Nothing to do there: not listed.
    expect(screen.queryByText('被退回待修改的年检')).toBeNull();
    expect(screen.getByText('即将到期')).toBeInTheDocument();
    expect(screen.getByText('剩余 7 天')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'HY2025001' })).toHaveAttribute('href', '/certificate-view?no=HY2025001');
    expect(screen.getByText('2026 年（进行中）')).toBeInTheDocument();
    expect(screen.getByText('未提交')).toBeInTheDocument();
    expect(screen.queryByText(/待我审核/)).toBeNull();
    expect(screen.queryByTestId('charts')).toBeNull();
  });

  it('a practitioner: their certificate and the returned inspection with its comment', async () => {
    renderPage(<StagingPage />, PATH, practitioner);
    expect(await screen.findByText('从业人员证书')).toBeInTheDocument();
    expect(screen.getByText('有效')).toBeInTheDocument();
    expect(screen.getByText('退回修改，待重新提交')).toBeInTheDocument();
    expect(screen.getByText('培训学时证明缺失')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '年检被退回，请修改后重新提交' })).toBeInTheDocument();
  });
});
