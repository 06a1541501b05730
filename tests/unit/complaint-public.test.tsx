/**
 * 投诉举报 on the public site (/FrontPage/complaint) against mock/complaints.ts: the form checks
 * what the server checks before sending; a named complaint with an attachment is sent and the
 * number and the query code are shown once (gone after 再提交一件); an anonymous 举报 sends no
 * name or phone; `?no=` puts the tracking first with the number filled in; the right code shows
 * the steps and the outcome, a wrong one the server's one message.
 */
import { randomBytes } from 'node:crypto';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { COMPLAINT_MESSAGES } from '@common/schemas/complaints';
import ComplaintPage from '@/pages/FrontPage/complaint';
import { complaintCallsTo, complaintsDb, NEXT_SUBMISSION, TRACKABLE } from '../../mock/complaints';

const PATH = '/FrontPage/complaint';

function renderAt(url: string, page: ReactElement = <ComplaintPage />) {
  const view = render(
    <App>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path={PATH} element={page} />
        </Routes>
      </MemoryRouter>
    </App>,
  );
  return { ...view, user: userEvent.setup({ applyAccept: false }) };
}

const form = () => screen.getByRole('form', { name: '提交投诉举报' });
const type = (label: string, value: string) => fireEvent.change(within(form()).getByLabelText(label), { target: { value } });

async function chooseUnit(name = '示例社会稳定风险评估咨询有限公司') {
  const select = within(form()).getByLabelText('被投诉单位') as HTMLSelectElement;
  await waitFor(() => expect(within(select).getByRole('option', { name })).toBeInTheDocument());
  const option = within(select).getByRole('option', { name }) as HTMLOptionElement;
  fireEvent.change(select, { target: { value: option.value } });
}

describe('投诉举报 (public)', () => {
  it('names itself, explains the deadlines and the personal information, and checks the form before sending', async () => {
    renderAt(PATH);
    expect(screen.getByRole('heading', { level: 1, name: '投诉举报' })).toBeInTheDocument();
    expect(screen.getByText(/5 个工作日内决定是否受理/)).toBeInTheDocument();
    expect(screen.getByText('个人信息处理说明')).toBeInTheDocument();
    // The form comes first, the tracking after it.
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual(['提交投诉举报', '查询办理进度']);

    fireEvent.click(within(form()).getByRole('button', { name: '提交' }));
    const summary = await screen.findByText('请先修改以下内容：');
    const listed = within(summary.closest('[role=alert]') as HTMLElement).getAllByRole('listitem').map((li) => li.textContent);
    expect(listed).toEqual([COMPLAINT_MESSAGES.nameRequired, COMPLAINT_MESSAGES.phoneRequired, '请选择被投诉单位', '请填写标题', '请填写投诉举报内容', COMPLAINT_MESSAGES.consentMissing]);
    type('联系电话', '12345');
    fireEvent.click(within(form()).getByRole('button', { name: '提交' }));
    expect(await within(form()).findAllByText('请输入正确的手机号码或固定电话（如 13800000000 或 0571-88888888）')).not.toHaveLength(0);
    expect(within(form()).getByLabelText('联系电话')).toHaveAttribute('aria-invalid', 'true');
    expect(complaintCallsTo('post', '/public/complaints')).toHaveLength(0);
  });

  it('a named complaint with an attachment: sent, then the number and the query code shown once', async () => {
    const { user } = renderAt(PATH);
    type('姓名', '王小投');
    type('联系电话', '13905719876');
    type('电子邮箱（选填）', 'wang@example.org');
    await chooseUnit();
    // A practitioner of the unit, by two characters of the name.
    fireEvent.change(within(form()).getByLabelText('涉及从业人员（选填）'), { target: { value: '张明' } });
    const people = within(form()).getByLabelText('选择涉及从业人员') as HTMLSelectElement;
    await waitFor(() => expect(within(people).getByRole('option', { name: '张明远' })).toBeInTheDocument());
    fireEvent.change(people, { target: { value: 'p-1' } });
    type('标题', '评估调查未入户');
    type('投诉举报内容', '评估人员没有入户调查，报告中的支持率与实际不符。');
    const input = form().querySelector('input[type=file]') as HTMLInputElement;
    await user.upload(input, new File([new Uint8Array(randomBytes(3000))], '现场照片.png', { type: 'image/png' }));
    await within(form()).findByText('已上传');
    fireEvent.click(within(form()).getByLabelText('我已阅读并同意上述个人信息处理说明，并保证所反映的情况真实'));
    fireEvent.click(within(form()).getByRole('button', { name: '提交' }));

    await screen.findByRole('heading', { level: 2, name: '提交成功' });
    const sent = complaintCallsTo('post', '/public/complaints');
    expect(sent).toHaveLength(1);
    const body = sent[0].body as Record<string, unknown>;
    expect(body).toMatchObject({
      kind: 'complaint',
      anonymous: false,
      name: '王小投',
      phone: '13905719876',
      email: 'wang@example.org',
      unitId: 'unit-0001',
      practitionerId: 'p-1',
      projectId: null,
      title: '评估调查未入户',
      consent: true,
    });
    expect(body.fileIds).toEqual([...complaintsDb.uploads]);
    expect(body.fileIds).toHaveLength(1);
    expect(screen.getByText(NEXT_SUBMISSION.complaintNo)).toBeInTheDocument();
    expect(screen.getByText(NEXT_SUBMISSION.queryCode)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '复制投诉编号' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '复制查询码' })).toBeInTheDocument();
    expect(screen.getByText(/查询码只显示这一次/)).toBeInTheDocument();
    expect(screen.getByText(/您对「示例社会稳定风险评估咨询有限公司」的投诉举报已提交/)).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: '再提交一件' }));
    await screen.findByRole('form', { name: '提交投诉举报' });
    expect(screen.queryByText(NEXT_SUBMISSION.queryCode)).toBeNull();
    expect(within(form()).getByLabelText('姓名')).toHaveValue('');
  });

  it('an anonymous 举报 asks for no name or phone and sends none', async () => {
    renderAt(PATH);
    fireEvent.click(within(form()).getByLabelText(/^举报/));
    fireEvent.click(within(form()).getByLabelText(/^匿名举报/));
    expect(within(form()).queryByLabelText('姓名')).toBeNull();
    expect(within(form()).queryByLabelText('联系电话')).toBeNull();
    await chooseUnit('之江社会风险研究院有限公司');
    type('标题', '从业人员挂证');
    type('投诉举报内容', '疑似同时在两家机构署名。');
    fireEvent.click(within(form()).getByLabelText('我已阅读并同意上述个人信息处理说明，并保证所反映的情况真实'));
    fireEvent.click(within(form()).getByRole('button', { name: '提交' }));
    await screen.findByRole('heading', { level: 2, name: '提交成功' });
    expect(complaintCallsTo('post', '/public/complaints')[0].body).toMatchObject({ kind: 'report', anonymous: true, name: null, phone: null, email: null, unitId: 'unit-0002' });
  });

  it('?no= puts the tracking first with the number; the right code shows the steps and the outcome, a wrong one the one message', async () => {
    renderAt(`${PATH}?no=${TRACKABLE.complaintNo}`);
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual(['查询办理进度', '提交投诉举报']);
    const tracking = screen.getByRole('form', { name: '查询办理进度' });
    expect(within(tracking).getByLabelText('投诉编号')).toHaveValue(TRACKABLE.complaintNo);

    fireEvent.change(within(tracking).getByLabelText('查询码'), { target: { value: 'WRONGCODE2' } });
    fireEvent.click(within(tracking).getByRole('button', { name: '查询' }));
    expect(await screen.findByText(COMPLAINT_MESSAGES.trackFailed)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 3 })).toBeNull();

    fireEvent.change(within(tracking).getByLabelText('查询码'), { target: { value: TRACKABLE.queryCode.toLowerCase() } });
    fireEvent.click(within(tracking).getByRole('button', { name: '查询' }));
    expect(await screen.findByRole('heading', { level: 3, name: '办理进度：已办结' })).toBeInTheDocument();
    expect(screen.queryByText(COMPLAINT_MESSAGES.trackFailed)).toBeNull();
    expect(complaintCallsTo('post', '/public/complaints/track').at(-1)?.body).toEqual({ complaintNo: TRACKABLE.complaintNo, queryCode: TRACKABLE.queryCode });
    const steps = within(screen.getByRole('list', { name: '办理步骤' })).getAllByRole('listitem');
    expect(steps.map((li) => li.querySelector('span')?.textContent)).toEqual(['已提交', '已受理', '被投诉单位已书面申辩', '已办结']);
    expect(screen.getByText('办理结论：部分属实')).toBeInTheDocument();
    expect(screen.getByText('处理结果：责令整改并约谈')).toBeInTheDocument();
  });
});
