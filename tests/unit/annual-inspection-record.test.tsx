/**
 * 年检管理 against the inspections mock: the staff list with its counts and the decisions each
 * state allows (退回 needs a reason and a confirmation; 通过 from the drawer that ?id= opens),
 * opening a year (a duplicate refused in the form), a unit's own list with the submit form
 * (required fields, the training hours on record filled in, a question before the record is
 * locked, then the body sent; changes ask before closing and are kept as a browser draft), the
 * resubmission of a returned one with the reason shown, 批量提交 of the selected rows (one
 * question naming how many and which, then what was submitted and what refused), and a
 * practitioner's own record. Each state has one word (common/schemas/inspections.ts).
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import AnnualInspectionRecordPage from '@/pages/Manage/annual-inspection-record';
import { memberUnit, practitioner, superAdmin, type FixtureAccount } from '../../mock';
import { INSPECTION_OTHER_UNIT_NAME, inspectionCallsTo, inspectionsDb } from '../../mock/inspections';
import { draftKey, readDraft } from '@/hooks/useFormDraft';
import { renderPage, rowOf, waitForRow } from './contentTestKit';


const PATH = '/Manage/annual-inspection-record';

function dialog(title: string | RegExp): HTMLElement {
  const titleEl = screen.getAllByText(title).find((el) => el.closest('.ant-modal'));
  const modal = titleEl?.closest('.ant-modal') as HTMLElement | null;
  if (!modal) throw new Error(`no dialog ${String(title)}`);
  return modal;
}

function drawer(): HTMLElement {
  const panel = document.querySelector('.ant-drawer-open .ant-drawer-content-wrapper');
  if (!panel) throw new Error('no open drawer');
  return panel as HTMLElement;
}

/** The confirmation (modal.confirm) that asks before a decision is sent. */
async function confirmWith(title: string, okText: string) {
  const confirm = await waitFor(() => {
    const box = [...document.querySelectorAll<HTMLElement>('.ant-modal-confirm')].find((el) => el.textContent?.includes(title));
    if (!box) throw new Error(`no confirmation ${title}`);
    return box;
  });
  fireEvent.click(within(confirm).getByText(okText).closest('button') as HTMLElement);
}

/** The open Popconfirm (the question before a submission locks the record). */
async function popconfirm(title: string): Promise<HTMLElement> {
  return waitFor(() => {
    const box = [...document.querySelectorAll<HTMLElement>('.ant-popconfirm')].find((el) => el.textContent?.includes(title) && !el.closest('.ant-popover-hidden'));
    if (!box) throw new Error(`not asked: ${title}`);
    return box;
  });
}

function counts(): HTMLElement {
  const list = document.querySelector<HTMLElement>('[aria-label="年检状态统计"]');
  if (!list) throw new Error('no counts');
  return list;
}

async function openPage(account: FixtureAccount = superAdmin, url = PATH, firstRow = '李评估') {
  renderPage(<AnnualInspectionRecordPage />, url, account);
  await waitForRow(firstRow);
}

describe('年检管理 (staff)', () => {
  it('lists the year with its counts and offers each state its decisions', async () => {
    await openPage();
    expect(screen.getByText('2026年度年检')).toBeInTheDocument();
    expect(within(counts()).getByLabelText('年检对象 4，查看')).toBeInTheDocument();
    // One word per state: the card, the filter and the rows' tags say 已提交.
    expect(within(counts()).getByLabelText('已提交 1，查看')).toBeInTheDocument();
    expect(within(counts()).queryByLabelText(/^待审核/)).toBeNull();
    expect(within(rowOf('周待审')).getByText('已提交')).toBeInTheDocument();
    expect(screen.getByText(INSPECTION_OTHER_UNIT_NAME, { selector: 'td span' })).toBeInTheDocument();

    const pending = rowOf('周待审');
    expect(within(pending).getByText('通过')).toBeInTheDocument();
    expect(within(pending).getByText('退回')).toBeInTheDocument();
    expect(within(pending).getByText('不通过')).toBeInTheDocument();
    const returned = rowOf('李评估');
    expect(within(returned).getByText('退回修改')).toBeInTheDocument();
    expect(within(returned).queryByText('通过')).toBeNull();
    // Staff do not submit.
    expect(within(returned).queryByText('重新提交')).toBeNull();
    expect(inspectionCallsTo('get', '/annual-inspections')[0].query).toMatchObject({ year: '2026' });
  });

  it('退回 needs a reason, asks for confirmation, then the row shows the new state', async () => {
    await openPage();
    fireEvent.click(within(rowOf('周待审')).getByText('退回'));
    const modal = await waitFor(() => dialog('退回修改：周待审'));
    fireEvent.click(within(modal).getByRole('button', { name: '退 回' }));
    expect(await within(modal).findByText('请填写退回原因')).toBeInTheDocument();
    expect(inspectionCallsTo('post', '/annual-inspections/insp-prac-6/return')).toHaveLength(0);

    fireEvent.change(within(modal).getByPlaceholderText(/未附年度财务报表/), { target: { value: '培训证明不清晰' } });
    fireEvent.click(within(modal).getByRole('button', { name: '退 回' }));
    await confirmWith('确定退回从业人员「周待审」的2026年度年检吗？', '确定退回');
    await waitFor(() => expect(inspectionCallsTo('post', '/annual-inspections/insp-prac-6/return')).toHaveLength(1));
    expect(inspectionCallsTo('post', '/annual-inspections/insp-prac-6/return')[0].body).toEqual({ version: 1, reason: '培训证明不清晰' });
    await waitFor(() => expect(within(rowOf('周待审')).getAllByText('退回修改').length).toBeGreaterThan(0));
    expect(within(rowOf('周待审')).queryByText('通过')).toBeNull();
  });

  it('?id= opens the record with its files and history; 通过 there extends the certificate', async () => {
    await openPage(superAdmin, `${PATH}?id=insp-prac-6`);
    expect((await screen.findAllByText('2026年度年检：周待审')).length).toBeGreaterThan(0);
    expect(await within(drawer()).findByText('培训证明.pdf')).toBeInTheDocument();
    expect(within(drawer()).getByText('已提交，待审核')).toBeInTheDocument();
    expect(within(drawer()).getByText('主持稳评项目3项，参加培训40学时。')).toBeInTheDocument();

    fireEvent.click(within(drawer()).getByRole('button', { name: '通 过' }));
    const modal = await waitFor(() => dialog('年检通过：周待审'));
    expect(within(modal).getByText('通过后，证书有效期将由 2027-06-30 延长一年。')).toBeInTheDocument();
    fireEvent.change(within(modal).getByPlaceholderText(/材料齐全/), { target: { value: '合格' } });
    fireEvent.click(within(modal).getByRole('button', { name: '通 过' }));
    await confirmWith('确定通过从业人员「周待审」的2026年度年检吗？', '确定通过');
    await waitFor(() => expect(inspectionCallsTo('post', '/annual-inspections/insp-prac-6/approve')).toHaveLength(1));
    expect(inspectionCallsTo('post', '/annual-inspections/insp-prac-6/approve')[0].body).toEqual({ version: 1, comment: '合格' });
    expect((await screen.findAllByText(/证书有效期延至 2028-06-30/)).length).toBeGreaterThan(0);
    await waitFor(() => expect(within(drawer()).getAllByText('2028-06-30').length).toBeGreaterThan(0));
  });

  it('opens a new year, refusing one already opened in the form', async () => {
    await openPage();
    fireEvent.click(screen.getByText('开启年度').closest('button') as HTMLElement);
    const modal = await waitFor(() => dialog('开启年检年度'));
    const year = within(modal).getByPlaceholderText('如 2026');
    fireEvent.change(year, { target: { value: '2026' } });
    fireEvent.click(within(modal).getByRole('button', { name: '开 启' }));
    expect(await within(modal).findByText('2026年度年检已开启，不能重复开启')).toBeInTheDocument();
    expect(inspectionCallsTo('post', '/annual-inspection-years')).toHaveLength(0);

    fireEvent.change(year, { target: { value: '2099' } });
    fireEvent.click(within(modal).getByRole('button', { name: '开 启' }));
    await waitFor(() => expect(inspectionCallsTo('post', '/annual-inspection-years')).toHaveLength(1));
    expect(inspectionCallsTo('post', '/annual-inspection-years')[0].body).toMatchObject({ year: 2099 });
    expect(inspectionsDb.years.some((y) => y.year === 2099)).toBe(true);
    // The page moves to the new year.
    expect(await screen.findByText('2099年度年检')).toBeInTheDocument();
  });
});

describe('年检管理 (member unit and practitioner)', () => {
  it('a unit sees its own and submits with the required fields filled, the known hours filled in, after a question', async () => {
    await openPage(memberUnit);
    expect(screen.queryByText(INSPECTION_OTHER_UNIT_NAME, { selector: 'td span' })).toBeNull();
    expect(screen.getByText(/请在 2099-12-31 前提交本单位及本单位从业人员的2026年度年检/)).toBeInTheDocument();
    const own = rowOf('示例社会稳定风险评估咨询有限公司');
    fireEvent.click(within(own).getByText('提交'));
    const modal = await waitFor(() => dialog('提交2026年度年检：示例社会稳定风险评估咨询有限公司'));
    await within(modal).findByPlaceholderText(/本年度开展稳评业务/);
    // The training hours on record are filled in, and where they come from is said.
    expect(within(modal).getByPlaceholderText('学时')).toHaveValue('76');
    expect(within(modal).getByText('已按本单位在册从业人员登记的培训学时合计填入，请核对')).toBeInTheDocument();
    fireEvent.click(within(modal).getByRole('button', { name: '提 交' }));
    expect(await within(modal).findByText('请填写年度自查报告')).toBeInTheDocument();
    expect(within(modal).getByText('请填写本年度完成项目数')).toBeInTheDocument();
    expect(within(modal).queryByText('请填写本年度培训学时')).toBeNull();
    expect(inspectionCallsTo('post', '/annual-inspections/insp-unit-1/submit')).toHaveLength(0);

    fireEvent.change(within(modal).getByPlaceholderText(/本年度开展稳评业务/), { target: { value: '完成稳评项目10项，组织内训4次。' } });
    fireEvent.change(within(modal).getByPlaceholderText('个'), { target: { value: '10' } });
    fireEvent.change(within(modal).getByPlaceholderText('学时'), { target: { value: '120' } });
    // Submitting locks the record: it asks first, and 取消 sends nothing.
    fireEvent.click(within(modal).getByRole('button', { name: '提 交' }));
    const question = await popconfirm('确定将会员单位「示例社会稳定风险评估咨询有限公司」的2026年度年检提交协会审核吗？');
    expect(within(question).getByText('提交后在协会审核期间不能修改。')).toBeInTheDocument();
    fireEvent.click(within(question).getByRole('button', { name: '取 消' }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(inspectionCallsTo('post', '/annual-inspections/insp-unit-1/submit')).toHaveLength(0);
    fireEvent.click(within(modal).getByRole('button', { name: '提 交' }));
    fireEvent.click(within(await popconfirm('确定将会员单位')).getByRole('button', { name: '提 交' }));
    await waitFor(() => expect(inspectionCallsTo('post', '/annual-inspections/insp-unit-1/submit')).toHaveLength(1));
    expect(inspectionCallsTo('post', '/annual-inspections/insp-unit-1/submit')[0].body).toEqual({
      version: 0,
      selfReport: '完成稳评项目10项，组织内训4次。',
      projectsDone: 10,
      trainingHours: 120,
      fileIds: [],
    });
    await waitFor(() => expect(within(rowOf('示例社会稳定风险评估咨询有限公司')).getByText('已提交')).toBeInTheDocument());
    expect(within(rowOf('示例社会稳定风险评估咨询有限公司')).queryByText('提交')).toBeNull();
  });

  it('a returned one shows the reason and what was sent, and is resubmitted', async () => {
    await openPage(memberUnit);
    const returned = rowOf('李评估');
    expect(within(returned).getByText('培训学时证明缺失，请补充后重新提交')).toBeInTheDocument();
    fireEvent.click(within(returned).getByText('重新提交'));
    const modal = await waitFor(() => dialog('重新提交2026年度年检：李评估'));
    expect(await within(modal).findByText('协会退回修改的原因')).toBeInTheDocument();
    const report = within(modal).getByPlaceholderText(/本年度开展稳评业务/);
    expect(report).toHaveValue('参与稳评项目4项。');
    // What was sent before stays (30), not the hours on record (36).
    expect(within(modal).getByPlaceholderText('学时')).toHaveValue('30');
    fireEvent.change(report, { target: { value: '参与稳评项目4项，已补充培训证明。' } });
    fireEvent.click(within(modal).getByRole('button', { name: '重新提交' }));
    fireEvent.click(within(await popconfirm('确定将从业人员「李评估」的2026年度年检提交协会审核吗？')).getByRole('button', { name: '重新提交' }));
    await waitFor(() => expect(inspectionCallsTo('post', '/annual-inspections/insp-prac-1/submit')).toHaveLength(1));
    expect(inspectionCallsTo('post', '/annual-inspections/insp-prac-1/submit')[0].body).toMatchObject({ version: 2, projectsDone: 4, trainingHours: 30 });
    await waitFor(() => expect(within(rowOf('李评估')).getByText('已重新提交')).toBeInTheDocument());
  });

  it('the submit form with changes asks before it closes, and keeps them as a draft offered back next time', async () => {
    await openPage(memberUnit);
    fireEvent.click(within(rowOf('示例社会稳定风险评估咨询有限公司')).getByText('提交'));
    let modal = await waitFor(() => dialog('提交2026年度年检：示例社会稳定风险评估咨询有限公司'));
    // Nothing typed: 取消 closes at once.
    fireEvent.click(await within(modal).findByRole('button', { name: '取 消' }));
    await waitFor(() => expect(document.querySelector('.ant-modal-wrap:not([style*="display: none"]) .ant-modal-title')?.textContent ?? '').not.toContain('提交2026年度年检'));

    fireEvent.click(within(rowOf('示例社会稳定风险评估咨询有限公司')).getByText('提交'));
    modal = await waitFor(() => dialog('提交2026年度年检：示例社会稳定风险评估咨询有限公司'));
    fireEvent.change(await within(modal).findByPlaceholderText(/本年度开展稳评业务/), { target: { value: '写到一半的自查报告' } });
    fireEvent.click(within(modal).getByRole('button', { name: '取 消' }));
    await confirmWith('放弃未保存的修改？', '继续编辑');
    expect(within(modal).getByPlaceholderText(/本年度开展稳评业务/)).toHaveValue('写到一半的自查报告');
    const key = draftKey(memberUnit.user.userId, 'annual-inspections', 'insp-unit-1');
    await waitFor(() => expect(readDraft(key)?.values).toMatchObject({ selfReport: '写到一半的自查报告' }));

    // The tab closes; the next time the form offers the draft back.
    cleanup();
    await openPage(memberUnit);
    fireEvent.click(within(rowOf('示例社会稳定风险评估咨询有限公司')).getByText('提交'));
    modal = await waitFor(() => dialog('提交2026年度年检：示例社会稳定风险评估咨询有限公司'));
    fireEvent.click(await within(modal).findByRole('button', { name: '恢 复' }));
    await waitFor(() => expect(within(modal).getByPlaceholderText(/本年度开展稳评业务/)).toHaveValue('写到一半的自查报告'));
    fireEvent.change(within(modal).getByPlaceholderText('个'), { target: { value: '3' } });
    fireEvent.click(within(modal).getByRole('button', { name: '提 交' }));
    fireEvent.click(within(await popconfirm('确定将会员单位')).getByRole('button', { name: '提 交' }));
    await waitFor(() => expect(inspectionCallsTo('post', '/annual-inspections/insp-unit-1/submit')).toHaveLength(1));
    expect(inspectionCallsTo('post', '/annual-inspections/insp-unit-1/submit')[0].body).toMatchObject({ selfReport: '写到一半的自查报告', projectsDone: 3, trainingHours: 76 });
    // Submitted: the draft is gone.
    await waitFor(() => expect(readDraft(key)).toBeNull());
  });

  it('批量提交: the rows that offer 提交 are selectable; one question names how many and which; the answer lists what was refused', async () => {
    // A practitioner of the unit still to submit, besides the unit's own and 李评估's returned one.
    inspectionsDb.records.push({ ...inspectionsDb.records[1], id: 'insp-prac-9', subjectId: 'practitioner-0009', subjectName: '王新人', status: 'not_submitted', selfReport: null, projectsDone: null, trainingHours: null, knownTrainingHours: 24, version: 0, reviewHistory: [], reviewComment: null });
    await openPage(memberUnit);
    // The submitted one (周待审) cannot be picked.
    const box = (name: string) => screen.getByLabelText(`选择 ${name}`);
    expect(box('周待审')).toBeDisabled();
    fireEvent.click(box('王新人'));
    fireEvent.click(box('李评估'));
    fireEvent.click(await screen.findByText('批量提交'));
    const modal = await waitFor(() => dialog('批量提交年检（2 份）'));
    // Each record's figures: the known hours filled in for the new one, what was sent for the returned one.
    expect(within(modal).getByLabelText('王新人 培训学时')).toHaveValue('24');
    expect(within(modal).getByLabelText('李评估 培训学时')).toHaveValue('30');
    expect(within(modal).getByLabelText('李评估 完成项目数')).toHaveValue('4');
    fireEvent.click(within(modal).getByRole('button', { name: '提交 2 份' }));
    expect(await within(modal).findByText('请填写年度自查报告')).toBeInTheDocument();
    fireEvent.change(within(modal).getByPlaceholderText(/本单位及从业人员本年度/), { target: { value: '本单位从业人员均已参加年度培训。' } });
    fireEvent.change(within(modal).getByLabelText('王新人 完成项目数'), { target: { value: '2' } });
    // Someone else changes 李评估's record meanwhile: that one will be refused.
    inspectionsDb.records[1].version = 3;
    fireEvent.click(within(modal).getByRole('button', { name: '提交 2 份' }));
    const question = await popconfirm('确定将这 2 份年检提交协会审核吗？');
    expect(within(question).getByText('从业人员「王新人」、从业人员「李评估」。提交后在协会审核期间不能修改。')).toBeInTheDocument();
    fireEvent.click(within(question).getByRole('button', { name: '提 交' }));
    await waitFor(() => expect(inspectionCallsTo('post', '/annual-inspections/batch-submit')).toHaveLength(1));
    expect(inspectionCallsTo('post', '/annual-inspections/batch-submit')[0].body).toEqual({
      selfReport: '本单位从业人员均已参加年度培训。',
      fileIds: [],
      items: [
        { id: 'insp-prac-9', version: 0, projectsDone: 2, trainingHours: 24 },
        { id: 'insp-prac-1', version: 2, projectsDone: 4, trainingHours: 30 },
      ],
    });
    expect(await within(modal).findByText('已提交 1 份，1 份未能提交')).toBeInTheDocument();
    expect(within(modal).getByText('李评估：数据已被他人修改，请刷新后重试')).toBeInTheDocument();
    fireEvent.click(within(modal).getByRole('button', { name: '关 闭' }));
    await waitFor(() => expect(within(rowOf('王新人')).getByText('已提交')).toBeInTheDocument());
  });

  it('a practitioner sees only their own record, without the unit’s filters or counts', async () => {
    await openPage(practitioner);
    expect(screen.getByText('我的2026年度年检')).toBeInTheDocument();
    expect(screen.queryByText('示例社会稳定风险评估咨询有限公司', { selector: 'td span' })).toBeNull();
    expect(document.querySelector('[aria-label="年检状态统计"]')).toBeNull();
    expect(within(rowOf('李评估')).getByText('重新提交')).toBeInTheDocument();
  });
});
