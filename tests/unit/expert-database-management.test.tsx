/**
 * 专家库管理 against the experts mock: the list with dictionary labels and both switches, a
 * create round trip through the drawer (the form's own checks first), the public switch in
 * the row, a filter that reaches the API, and the export with the list's filters.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import ExpertDatabaseManagementPage from '@/pages/Manage/expert-database-management';
import { http, HttpResponse } from 'msw';
import { fileNameOf, saveBlob } from '@/services/download';
import { apiPath, server, superAdmin, type FixtureAccount } from '../../mock';
import { expertCallsTo, expertsDb } from '../../mock/experts';
import { expertReviewCallsTo, expertReviewsDb } from '../../mock/expertReviews';
import { renderPage, rowOf, waitForRow } from './contentTestKit';


const PATH = '/Manage/expert-database-management';

function drawer(): HTMLElement {
  const panel = document.querySelector('.ant-drawer-open .ant-drawer-content-wrapper');
  if (!panel) throw new Error('no open drawer');
  return panel as HTMLElement;
}

function type(placeholder: string, value: string) {
  fireEvent.change(within(drawer()).getByPlaceholderText(placeholder), { target: { value } });
}

async function pick(container: HTMLElement, placeholder: string, label: string) {
  const select = within(container).getByText(placeholder).closest('.ant-select') as HTMLElement;
  fireEvent.mouseDown(select.querySelector('.ant-select-selector, .ant-select-content') ?? select);
  const option = await waitFor(() => {
    const found = [...document.querySelectorAll('.ant-select-dropdown .ant-select-item-option')].find((el) => el.textContent === label);
    if (!found) throw new Error(`no option ${label} yet`);
    return found as HTMLElement;
  });
  fireEvent.click(option);
}

/** A select of the search form, found by its label. */
async function pickFilter(form: HTMLElement, label: string, option: string) {
  const item = [...form.querySelectorAll('.ant-form-item')].find((el) => el.querySelector('label')?.textContent === label);
  if (!item) throw new Error(`no filter ${label}`);
  const select = item.querySelector('.ant-select') as HTMLElement;
  fireEvent.mouseDown(select.querySelector('.ant-select-selector, .ant-select-content') ?? select);
  const found = await waitFor(() => {
    const el = [...document.querySelectorAll('.ant-select-dropdown .ant-select-item-option')].find((o) => o.textContent === option);
    if (!el) throw new Error(`no option ${option} yet`);
    return el as HTMLElement;
  });
  fireEvent.click(found);
}

async function openList(account: FixtureAccount = superAdmin) {
  renderPage(<ExpertDatabaseManagementPage />, PATH, account);
  await waitForRow('陈守仁');
}

describe('专家库管理', () => {
  it('lists the experts with dictionary labels, specialties as tags and both switches', async () => {
    await openList();
    const row = rowOf('陈守仁');
    expect(within(row).getByText('正高级')).toBeInTheDocument();
    expect(within(row).getByText('社会学')).toBeInTheDocument();
    expect(within(row).getByText('管理')).toBeInTheDocument();
    expect(within(row).getByText('市委党校（市行政学院）')).toBeInTheDocument();
    const switches = within(row).getAllByRole('switch');
    expect(switches).toHaveLength(2);
    expect(switches.every((s) => s.getAttribute('aria-checked') === 'true')).toBe(true);
    // Public but no longer active: the row says the public page does not show them.
    expect(within(rowOf('谭伯年')).getByText('（未显示）')).toBeInTheDocument();
    expect(within(rowOf('魏东升')).getAllByRole('switch')[0]).toHaveAttribute('aria-checked', 'false');
    expect(screen.getByText('共 4 条')).toBeInTheDocument();
  });

  it('the form refuses a bad phone and a missing specialty before any call', async () => {
    await openList();
    fireEvent.click(screen.getByText('新建专家'));
    await screen.findByText('新建专家', { selector: '.ant-drawer-title' });
    type('专家姓名', '司马青岚');
    type('如：市社会科学院', '市城乡规划研究中心');
    type('手机号码或固定电话', '12345');
    fireEvent.click(within(drawer()).getByText('保 存'));
    expect(await within(drawer()).findByText(/请输入正确的手机号码或固定电话/)).toBeInTheDocument();
    expect(await within(drawer()).findByText('请选择专业领域', { selector: '.ant-form-item-explain-error' })).toBeInTheDocument();
    expect(expertCallsTo('post', '/experts')).toHaveLength(0);
  });

  it('creates an expert through the drawer and shows it in the list', async () => {
    await openList();
    fireEvent.click(screen.getByText('新建专家'));
    await screen.findByText('新建专家', { selector: '.ant-drawer-title' });
    type('专家姓名', '司马青岚');
    fireEvent.click(within(drawer()).getByText('女'));
    type('如：市社会科学院', '市城乡规划研究中心');
    type('如：研究员、所长', '总工程师');
    await pick(drawer(), '请选择专业领域（可多选）', '城市规划');
    await pick(drawer(), '请选择职称', '副高级');
    await pick(drawer(), '请选择专家类别', '工程技术');
    type('手机号码或固定电话', '0571-88886666');
    type('name@example.com', 'sima@example.org');
    fireEvent.click(within(drawer()).getByText('保 存'));
    await waitFor(() => expect(expertCallsTo('post', '/experts')).toHaveLength(1));
    expect(expertCallsTo('post', '/experts')[0].body).toEqual({
      name: '司马青岚',
      gender: 'female',
      birthYear: null,
      professionalTitle: 'vice_senior',
      workUnit: '市城乡规划研究中心',
      position: '总工程师',
      specialties: ['urban_planning'],
      category: 'engineering',
      practitionerId: null,
      phone: '0571-88886666',
      email: 'sima@example.org',
      introduction: null,
      photoFileId: null,
      public: true,
      active: true,
    });
    expect(expertsDb.experts.find((e) => e.name === '司马青岚')).toMatchObject({ public: true, active: true, sort: 50, category: 'engineering' });
    // The drawer closes and the list shows the new expert with the dictionary's labels.
    await waitForRow('司马青岚');
    const row = rowOf('司马青岚');
    expect(within(row).getByText('城市规划')).toBeInTheDocument();
    expect(within(row).getByText('副高级')).toBeInTheDocument();
  });

  it('the public switch hides an expert from the public page at once and says so', async () => {
    await openList();
    fireEvent.click(within(rowOf('林慧敏')).getAllByRole('switch')[0]);
    await waitFor(() => expect(expertCallsTo('post', '/experts/expert-2/hide')).toHaveLength(1));
    expect(await screen.findByText('专家「林慧敏」已取消官网公开')).toBeInTheDocument();
    await waitFor(() => expect(within(rowOf('林慧敏')).getAllByRole('switch')[0]).toHaveAttribute('aria-checked', 'false'));
    expect(expertsDb.experts.find((e) => e.id === 'expert-2')).toMatchObject({ public: false, shownPublicly: false });

    // The 启用 switch of another row disables that expert.
    fireEvent.click(within(rowOf('陈守仁')).getAllByRole('switch')[1]);
    await waitFor(() => expect(expertCallsTo('post', '/experts/expert-1/disable')).toHaveLength(1));
    await waitFor(() => expect(within(rowOf('陈守仁')).getByText('（未显示）')).toBeInTheDocument());
  });

  it('shows each expert’s category and reviews (this year against the cap, the last, the average rating, the flag)', async () => {
    await openList();
    const chen = rowOf('陈守仁');
    expect(within(chen).getByText('社科研究')).toBeInTheDocument();
    expect(within(chen).getByText('3 / 10 次')).toBeInTheDocument();
    expect(within(chen).getByText('4.5（2 次）')).toBeInTheDocument();
    expect(within(chen).queryByText('评价偏低')).toBeNull();
    const lin = rowOf('林慧敏');
    expect(within(lin).getByText('2.5（2 次）')).toBeInTheDocument();
    expect(within(lin).getByText('评价偏低')).toBeInTheDocument();
    // An expert never rated has no average.
    expect(within(rowOf('魏东升')).getByText('0 / 10 次')).toBeInTheDocument();
  });

  it('filters the low-rated experts and a category through the API', async () => {
    await openList();
    const form = document.querySelector('.ant-pro-query-filter') as HTMLElement;
    // The search form starts folded: open it to reach the later filters.
    const expand = within(form).queryByText('展开');
    if (expand) fireEvent.click(expand);
    await pickFilter(form, '平均评价', '评价偏低');
    fireEvent.click(within(form).getByText('查 询'));
    await waitFor(() => expect(expertCallsTo('get', '/experts').some((c) => c.query.flagged === 'true')).toBe(true));
    await waitFor(() => expect(screen.queryByText('陈守仁')).toBeNull());
    expect(screen.getByText('林慧敏')).toBeInTheDocument();
    expect(screen.getByText('共 1 条')).toBeInTheDocument();

    await pickFilter(form, '专家类别', '工程技术');
    fireEvent.click(within(form).getByText('查 询'));
    await waitFor(() => expect(expertCallsTo('get', '/experts').some((c) => c.query.category === 'engineering' && c.query.flagged === 'true')).toBe(true));
    await waitFor(() => expect(screen.queryByText('林慧敏')).toBeNull());
  });

  it('the edit drawer lists the declared conflicts; one is added and one removed at once', async () => {
    await openList();
    fireEvent.click(within(rowOf('陈守仁')).getByText('编辑'));
    await screen.findByText('编辑专家', { selector: '.ant-drawer-title' });
    const conflicts = await waitFor(() => {
      const list = [...drawer().querySelectorAll('.ant-list')].find((l) => l.textContent?.includes('城东新城建设管理委员会'));
      if (!list) throw new Error('not loaded');
      return list as HTMLElement;
    });
    expect(within(conflicts).getByText('担任顾问')).toBeInTheDocument();
    expect(within(conflicts).getByText('配偶')).toBeInTheDocument();
    expect(within(conflicts).getByText('2022-01-01 至 今')).toBeInTheDocument();

    fireEvent.click(within(conflicts).getByText('登记利害关系'));
    const modal = await waitFor(() => {
      const m = [...document.querySelectorAll('.ant-modal')].find((x) => x.querySelector('.ant-modal-title')?.textContent === '登记利害关系');
      if (!m) throw new Error('no dialog');
      return m as HTMLElement;
    });
    fireEvent.change(within(modal).getByPlaceholderText('如：某某社会风险评估有限公司'), { target: { value: '之江社会风险研究院有限公司' } });
    const start = within(modal).getByPlaceholderText('起始日期');
    fireEvent.mouseDown(start);
    fireEvent.focus(start);
    fireEvent.change(start, { target: { value: '2024-05-01' } });
    fireEvent.keyDown(start, { key: 'Enter', code: 'Enter', keyCode: 13 });
    fireEvent.blur(start);
    fireEvent.click(within(modal).getByText('保 存'));
    await waitFor(() => expect(expertReviewCallsTo('post', '/experts/expert-1/conflicts')).toHaveLength(1));
    expect(expertReviewCallsTo('post', '/experts/expert-1/conflicts')[0].body).toEqual({
      unitName: '之江社会风险研究院有限公司',
      kind: 'worked',
      relation: null,
      from: '2024-05-01',
      to: null,
      note: null,
    });
    await waitFor(() => expect(within(drawer()).getByText('之江社会风险研究院有限公司')).toBeInTheDocument());

    const spouse = within(drawer()).getByText('配偶').closest('.ant-list-item') as HTMLElement;
    fireEvent.click(within(spouse).getByText(/^删\s?除$/));
    const confirm = await waitFor(() => {
      const pop = document.querySelector<HTMLElement>('.ant-popover:not(.ant-popover-hidden)');
      if (!pop) throw new Error('no question');
      return pop;
    });
    fireEvent.click(within(confirm).getByText(/^删\s?除$/));
    await waitFor(() => expect(expertReviewCallsTo('delete', '/expert-conflicts/conflict-2')).toHaveLength(1));
    await waitFor(() => expect(within(drawer()).queryByText('配偶')).toBeNull());
    expect(expertReviewsDb.conflicts.map((c) => c.unitName)).toEqual(['示例社会稳定风险评估咨询有限公司', '之江社会风险研究院有限公司']);
  });

  it('filters by specialty through the API, and exports with the same filters', async () => {
    await openList();
    const form = document.querySelector('.ant-pro-query-filter') as HTMLElement;
    await pickFilter(form, '专业领域', '心理学');
    fireEvent.click(within(form).getByText('查 询'));
    await waitFor(() => expect(expertCallsTo('get', '/experts').some((c) => c.query.specialty === 'psychology')).toBe(true));
    await waitFor(() => expect(screen.queryByText('陈守仁')).toBeNull());
    expect(screen.getByText('林慧敏')).toBeInTheDocument();

    // the test DOM's XHR cannot receive a blob through msw (mock/README.md): see the request, answer nothing.
    const exports: URL[] = [];
    server.use(
      http.get(apiPath('/experts/export'), ({ request }) => {
        exports.push(new URL(request.url));
        return HttpResponse.error();
      }),
    );
    fireEvent.click(screen.getByText('导出 Excel'));
    await waitFor(() => expect(exports).toHaveLength(1));
    expect(exports[0].searchParams.get('specialty')).toBe('psychology');
    expect(exports[0].searchParams.has('current')).toBe(false);
    expect(exports[0].searchParams.has('pageSize')).toBe(false);
    expect(exports[0].searchParams.has('sort')).toBe(false);
  });

  it('hands a downloaded file to the browser under the name the server gives', () => {
    // the test DOM has no object URLs: stand in for them to see the download.
    const createObjectURL = vi.fn(() => 'blob:experts');
    const revokeObjectURL = vi.fn();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    const clicked: { name: string; href: string }[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ name: this.download, href: this.href });
    });
    try {
      const name = fileNameOf(`attachment; filename="experts.xlsx"; filename*=UTF-8''${encodeURIComponent('专家库-2026.xlsx')}`, 'x.xlsx');
      saveBlob(new Blob(['x'], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }), name);
      expect(clicked).toEqual([{ name: '专家库-2026.xlsx', href: 'blob:experts' }]);
      expect(createObjectURL).toHaveBeenCalledTimes(1);
      // The temporary link is gone again.
      expect(document.querySelector('a[download]')).toBeNull();
    } finally {
      click.mockRestore();
    }
  });

  it('reads the file name the server gives an export', () => {
    expect(fileNameOf(`attachment; filename="experts.xlsx"; filename*=UTF-8''${encodeURIComponent('专家库-2026.xlsx')}`, 'x.xlsx')).toBe('专家库-2026.xlsx');
    expect(fileNameOf('attachment; filename="experts.xlsx"', 'x.xlsx')).toBe('experts.xlsx');
    expect(fileNameOf(undefined, '专家库.xlsx')).toBe('专家库.xlsx');
  });
});
