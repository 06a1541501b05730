/**
 * 会员单位管理 against the member-units mock: the list with states, levels and the pending
 * change tag; approval through its confirmation modal (the row shows the member number);
 * a rejection that needs a reason; a filter from the URL that reaches the API; the unit's
 * own page that sets the navigation context and links to its practitioners, projects and
 * cases.
 */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as UmiMax from '@umijs/max';
import MemberUnitManagementPage from '@/pages/Manage/member-unit-management';
import MemberUnitPage from '@/pages/Manage/member-unit-management/$id';
import { setToken } from '@/storage';
import { FIXTURE_UNIT_ID, FIXTURE_UNIT_NAME, superAdmin } from '../../mock';
import { memberUnitCallsTo, memberUnitsDb } from '../../mock/memberUnits';
import { renderPage, session, waitForRow } from './contentTestKit';

/** The navigation model as the pages see it: recorded calls. */
const navigation = vi.hoisted(() => ({ setUnitId: vi.fn(), setBreadcrumb: vi.fn() }));

vi.mock('@umijs/max', async (importOriginal) => {
  const base = (await import('./contentTestKit')).mockUmi(await importOriginal<typeof UmiMax>());
  return {
    ...base,
    useModel: ((name: string) =>
      name === 'navigation'
        ? { unitId: '', breadcrumb: [], setUnitId: navigation.setUnitId, setBreadcrumb: navigation.setBreadcrumb }
        : (base.useModel as (n: string) => unknown)(name)) as typeof UmiMax.useModel,
  };
});

afterEach(() => {
  navigation.setUnitId.mockClear();
  navigation.setBreadcrumb.mockClear();
});

const PATH = '/Manage/member-unit-management';
const PENDING = '润和社会治理咨询有限公司';

/** The table row that holds `text` (a modal may name the same unit). */
function rowOf(text: string): HTMLElement {
  const table = document.querySelector('.ant-table-tbody');
  if (!table) throw new Error('no table');
  const row = within(table as HTMLElement).getByText(text).closest('tr');
  if (!row) throw new Error(`no row holds ${text}`);
  return row as HTMLElement;
}

function openModal(): HTMLElement {
  const modal = document.querySelector('.ant-modal-wrap:not([style*="display: none"]) .ant-modal');
  if (!modal) throw new Error('no open modal');
  return modal as HTMLElement;
}

async function openList(url = PATH) {
  renderPage(<MemberUnitManagementPage />, url);
  await waitForRow(FIXTURE_UNIT_NAME);
}

describe('会员单位管理', () => {
  it('lists the units with their state, level, number and a pending change', async () => {
    await openList();
    expect(within(rowOf(PENDING)).getByText('待审核')).toBeInTheDocument();
    expect(within(rowOf(FIXTURE_UNIT_NAME)).getByText('已通过')).toBeInTheDocument();
    expect(within(rowOf(FIXTURE_UNIT_NAME)).getByText('副会长单位')).toBeInTheDocument();
    expect(within(rowOf(FIXTURE_UNIT_NAME)).getByText('HY2024002')).toBeInTheDocument();
    expect(within(rowOf('之江社会风险研究院有限公司')).getByText('变更待审')).toBeInTheDocument();
    // Actions follow the state: an application can be approved, a member suspended.
    expect(within(rowOf(PENDING)).getByText('审核通过')).toBeInTheDocument();
    expect(within(rowOf(PENDING)).queryByText('暂停')).toBeNull();
    expect(within(rowOf(FIXTURE_UNIT_NAME)).getByText('暂停')).toBeInTheDocument();
    expect(within(rowOf(FIXTURE_UNIT_NAME)).queryByText('审核通过')).toBeNull();
    expect(within(rowOf('恒信项目管理咨询有限公司')).getByText('恢复')).toBeInTheDocument();
    // Back on the list, the navigation context is no particular unit.
    expect(navigation.setBreadcrumb).toHaveBeenCalledWith([]);
  });

  it('approves an application through the confirmation modal, and the row shows the new member', async () => {
    await openList();
    fireEvent.click(within(rowOf(PENDING)).getByText('审核通过'));
    const modal = await waitFor(openModal);
    expect(within(modal).getByText('审核通过后将自动生成会员编号')).toBeInTheDocument();
    expect(within(modal).getByText(PENDING)).toBeInTheDocument();
    fireEvent.change(within(modal).getByPlaceholderText('选填，如：材料齐全，同意入会'), { target: { value: '同意入会' } });
    fireEvent.click(within(modal).getByRole('button', { name: '确认通过' }));

    await waitFor(() => expect(memberUnitCallsTo('post', '/member-units/mu-pending/approve')).toHaveLength(1));
    expect(memberUnitCallsTo('post', '/member-units/mu-pending/approve')[0].body).toMatchObject({
      memberLevel: 'member',
      showInWindow: true,
      comment: '同意入会',
      version: 1,
    });
    const approved = memberUnitsDb.units.find((u) => u.id === 'mu-pending');
    expect(approved?.status).toBe('approved');
    const memberNo = approved?.memberNo ?? '';
    expect(memberNo).toMatch(/^HY\d{4}001$/);
    // The list reloads: the row is a member now, with its number.
    await waitFor(() => expect(within(rowOf(PENDING)).getByText(memberNo)).toBeInTheDocument());
    expect(within(rowOf(PENDING)).getByText('已通过')).toBeInTheDocument();
    expect(within(rowOf(PENDING)).queryByText('审核通过')).toBeNull();
  });

  it('rejects only with a reason', async () => {
    await openList();
    fireEvent.click(within(rowOf(PENDING)).getByText('驳回'));
    const modal = await waitFor(openModal);
    const ok = within(modal).getByRole('button', { name: /驳\s*回/ });
    fireEvent.click(ok);
    expect(await within(modal).findByText('请填写驳回原因')).toBeInTheDocument();
    fireEvent.change(within(modal).getByRole('textbox'), { target: { value: '   ' } });
    fireEvent.click(ok);
    await waitFor(() => expect(within(modal).getByText('请填写驳回原因')).toBeInTheDocument());
    expect(memberUnitCallsTo('post', '/member-units/mu-pending/reject')).toHaveLength(0);

    fireEvent.change(within(modal).getByRole('textbox'), { target: { value: '营业执照不清晰' } });
    fireEvent.click(ok);
    await waitFor(() => expect(memberUnitCallsTo('post', '/member-units/mu-pending/reject')).toHaveLength(1));
    expect(memberUnitCallsTo('post', '/member-units/mu-pending/reject')[0].body).toMatchObject({ reason: '营业执照不清晰', version: 1 });
    await waitFor(() => expect(within(rowOf(PENDING)).getByText('已驳回')).toBeInTheDocument());
  });

  it('sends the filters of the URL to the API', async () => {
    renderPage(<MemberUnitManagementPage />, `${PATH}?status=suspended`);
    await waitForRow('恒信项目管理咨询有限公司');
    expect(screen.queryByText(FIXTURE_UNIT_NAME)).toBeNull();
    expect(memberUnitCallsTo('get', '/member-units').at(-1)?.query).toMatchObject({ status: 'suspended' });
  });

  it("opens a unit's own page: the navigation context, its summary and links filtered to it", async () => {
    session.account = superAdmin;
    setToken(superAdmin.token);
    render(
      <App>
        <MemoryRouter initialEntries={[`${PATH}/${FIXTURE_UNIT_ID}`]}>
          <Routes>
            <Route path={`${PATH}/:id`} element={<MemberUnitPage />} />
          </Routes>
        </MemoryRouter>
      </App>,
    );
    expect(await screen.findByText('查看本单位从业人员')).toBeInTheDocument();
    expect(navigation.setUnitId).toHaveBeenCalledWith(FIXTURE_UNIT_ID);
    expect(navigation.setBreadcrumb).toHaveBeenCalledWith([{ breadcrumbName: FIXTURE_UNIT_NAME }]);
    expect(screen.getByText('查看本单位从业人员').closest('a')?.getAttribute('href')).toBe(`/Manage/employee-management?unitId=${FIXTURE_UNIT_ID}`);
    expect(screen.getByText('查看本单位项目').closest('a')?.getAttribute('href')).toBe(`/Manage/project-management?unitId=${FIXTURE_UNIT_ID}`);
    expect(screen.getByText('查看本单位业绩案例').closest('a')?.getAttribute('href')).toBe(`/Manage/performance-case?unitId=${FIXTURE_UNIT_ID}`);
    expect(screen.getByText('WPDW2024002').closest('a')?.getAttribute('href')).toBe('/certificate-view?no=WPDW2024002');
  });
});
