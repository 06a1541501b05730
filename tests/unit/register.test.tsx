/**
 * /register against the msw mock (mock/registration.ts): the three steps with the server's
 * checks in the form, uploads without a login, the unticked consent, the result page, and a
 * refusal from the server under its field with everything typed still there.
 */
import { randomBytes } from 'node:crypto';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { PASSWORD_MESSAGES } from '@common/passwordPolicy';
import { REGISTRATION_MESSAGES } from '@common/schemas/registration';
import RegisterPage from '@/pages/register';
import { getToken } from '@/storage';
import { fileCalls } from '../../mock';
import { registrations, registrationUploads, TAKEN_CREDIT_CODE } from '../../mock/registration';

/** A valid code (GB 32100 check character) that no unit in the mock holds. */
const FREE_CODE = '91330108MA27U5K1XA';

function renderPage() {
  const view = render(
    <App>
      <MemoryRouter initialEntries={['/register']}>
        <RegisterPage />
      </MemoryRouter>
    </App>,
  );
  return { ...view, user: userEvent.setup({ applyAccept: false }) };
}

/** The form item (label, control, message) of a field. */
const itemOf = (label: string) => screen.getByLabelText(label).closest('.ant-form-item') as HTMLElement;

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

function fillUnit(creditCode = FREE_CODE) {
  type('单位名称', '明远社会风险评估有限公司');
  type('统一社会信用代码', creditCode.toLowerCase());
  type('法定代表人', '周明远');
  type('联系人', '李晓');
  type('联系电话', '0571-88886666');
  type('电子邮箱', 'contact@mingyuan.cn');
  type('单位地址', '杭州市西湖区文三路 100 号');
  type('经营范围', '社会稳定风险评估；社会调查。');
}

const step = (n: number) => screen.getByRole('heading', { level: 2, name: new RegExp(`^第 ${n} 步`), hidden: true }).closest('section')!;
const visibleStep = () => [1, 2, 3].find((n) => !step(n).hidden);

/** Waits for step `n`; while another step stays, the failure says what that step shows (a field's error, a file's state). */
const reachStep = (n: number) =>
  waitFor(() => {
    const at = visibleStep() ?? 1;
    if (at !== n) throw new Error(`仍在第 ${at} 步：${step(at).textContent ?? ''}`);
  });

async function uploadLicence(user: ReturnType<typeof userEvent.setup>) {
  const input = step(2).querySelector('input[type=file]') as HTMLInputElement;
  await user.upload(input, new File([new Uint8Array(randomBytes(3000))], '营业执照.pdf', { type: 'application/pdf' }));
  await screen.findByRole('button', { name: '删除 营业执照.pdf' });
  await waitFor(() => expect(within(step(2)).queryByText(/校验中|上传中/)).toBeNull());
  expect(within(step(2)).queryByText(/上传失败/)).toBeNull();
}

function fillAccount() {
  type('密码', 'Safe2026pass');
  type('确认密码', 'Safe2026pass');
}

describe('register page', () => {
  it('goes through the three steps, uploads without a login and says what happens next', async () => {
    const { user } = renderPage();
    expect(screen.getByRole('heading', { level: 1, name: '会员单位入会申请' })).toBeInTheDocument();
    expect(getToken()).toBeFalsy();
    fillUnit();
    await user.click(screen.getByRole('button', { name: '下一步' }));
    await reachStep(2);

    // The licence is required.
    await user.click(screen.getByRole('button', { name: '下一步' }));
    expect(await within(step(2)).findByText(REGISTRATION_MESSAGES.licenceMissing)).toBeInTheDocument();
    await uploadLicence(user);
    expect(registrationUploads).toHaveLength(1);
    // Not through the logged-in files API.
    expect(fileCalls.filter((c) => c.method === 'POST')).toEqual([]);
    await user.click(screen.getByRole('button', { name: '下一步' }));
    await reachStep(3);

    expect(screen.getByText(/密码规则：8–64 位，至少包含大写字母、小写字母、数字、符号中的三类；不能包含登录账号/)).toBeInTheDocument();
    fillAccount();
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: '提交申请' }));

    expect(await screen.findByText('入会申请已提交')).toBeInTheDocument();
    expect(screen.getByText(/10 个工作日内完成审核/)).toBeInTheDocument();
    // The login name is the server's to assign (no field for it: registration tells nobody which names are taken).
    expect(screen.queryByLabelText('登录账号')).toBeNull();
    expect(screen.getAllByText(FREE_CODE)[0]).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '登录会员单位子系统' }).closest('a')?.getAttribute('href')).toBe('/login?authType=2');
    expect(registrations).toHaveLength(1);
    expect(registrations[0]).toMatchObject({
      name: '明远社会风险评估有限公司',
      creditCode: FREE_CODE,
      contactPhone: '0571-88886666',
      businessLicenceFileIds: [registrationUploads[0].fileId],
      qualificationFileIds: [],
      password: 'Safe2026pass',
      consent: true,
      establishedOn: null,
    });
    expect(registrations[0]).not.toHaveProperty('loginAccount');
  });

  it('shows a wrong credit code under the field and stays on the first step', async () => {
    const { user } = renderPage();
    fillUnit(`${FREE_CODE.slice(0, 17)}B`);
    await user.click(screen.getByRole('button', { name: '下一步' }));
    expect(await within(itemOf('统一社会信用代码')).findByText('统一社会信用代码校验位不正确')).toBeInTheDocument();
    expect(visibleStep()).toBe(1);
    type('联系电话', '12345');
    await user.click(screen.getByRole('button', { name: '下一步' }));
    expect(await within(itemOf('联系电话')).findByText(/请输入正确的手机号码或固定电话/)).toBeInTheDocument();
  });

  it('starts with the consent unticked, links the two documents, and refuses to submit without it', async () => {
    const { user } = renderPage();
    fillUnit();
    await user.click(screen.getByRole('button', { name: '下一步' }));
    await reachStep(2);
    await uploadLicence(user);
    await user.click(screen.getByRole('button', { name: '下一步' }));
    await reachStep(3);

    const consent = screen.getByRole('checkbox');
    expect(consent).not.toBeChecked();
    expect(consent.closest('label')?.textContent).toContain('我已阅读并同意《用户协议》');
    const terms = screen.getByRole('link', { name: /《用户协议》/ });
    const privacy = screen.getByRole('link', { name: /《隐私政策》/ });
    expect(terms.getAttribute('href')).toBe('/FrontPage/detail?page=terms');
    expect(privacy.getAttribute('href')).toBe('/FrontPage/detail?page=privacy');
    expect(terms.getAttribute('target')).toBe('_blank');

    fillAccount();
    await user.click(screen.getByRole('button', { name: '提交申请' }));
    expect(await screen.findByText(REGISTRATION_MESSAGES.consentMissing)).toBeInTheDocument();
    expect(registrations).toEqual([]);
    expect(screen.queryByText('入会申请已提交')).toBeNull();
  });

  it('checks the password rule and the confirmation in the form', async () => {
    const { user } = renderPage();
    fillUnit();
    await user.click(screen.getByRole('button', { name: '下一步' }));
    await reachStep(2);
    await uploadLicence(user);
    await user.click(screen.getByRole('button', { name: '下一步' }));
    await reachStep(3);
    type('密码', 'mingyuan2026');
    type('确认密码', 'Other2026x');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: '提交申请' }));
    expect(await screen.findByText(PASSWORD_MESSAGES.classes)).toBeInTheDocument();
    expect(screen.getByText('两次输入的密码不一致')).toBeInTheDocument();
    expect(registrations).toEqual([]);
  });

  it("puts the server's refusal under its field on its step and keeps what was typed", async () => {
    const { user } = renderPage();
    fillUnit(TAKEN_CREDIT_CODE);
    await user.click(screen.getByRole('button', { name: '下一步' }));
    await reachStep(2);
    await uploadLicence(user);
    await user.click(screen.getByRole('button', { name: '下一步' }));
    await reachStep(3);
    fillAccount();
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: '提交申请' }));

    expect(await within(itemOf('统一社会信用代码')).findByText(REGISTRATION_MESSAGES.creditCodeTaken)).toBeInTheDocument();
    expect(screen.queryByRole('alert', { name: REGISTRATION_MESSAGES.creditCodeTaken })).toBeNull();
    await reachStep(1);
    expect(screen.getByLabelText('单位名称')).toHaveValue('明远社会风险评估有限公司');
    expect(screen.getByLabelText('统一社会信用代码')).toHaveValue(TAKEN_CREDIT_CODE);
    expect(within(step(2)).getByText('营业执照.pdf')).toBeInTheDocument();
    expect(screen.getByLabelText('密码')).toHaveValue('Safe2026pass');
    expect(registrations).toEqual([]);

    // Corrected, it goes through.
    type('统一社会信用代码', FREE_CODE);
    await user.click(screen.getByRole('button', { name: '下一步' }));
    await reachStep(2);
    await user.click(screen.getByRole('button', { name: '下一步' }));
    await reachStep(3);
    await user.click(screen.getByRole('button', { name: '提交申请' }));
    expect(await screen.findByText('入会申请已提交')).toBeInTheDocument();
    expect(registrations).toHaveLength(1);
  });
});
