/**
 * The membership journey in real Chromium against the built app and the real server: a unit
 * applies at /register, staff approve it; the unit logs in at /login?authType=2 and adds a
 * practitioner (the account is shown once), staff approve the practitioner; the practitioner
 * logs in at /login?authType=3, changes the generated password, logs in again and sees their
 * certificate; a visitor opens its /certificate-view link and sees it valid; staff revoke it
 * and the visitor (and the practitioner) see it revoked, with the reason.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_ADMIN } from './accounts';
import { answerTo } from './actions';
import { launchBrowser, loginThroughApi, openPage, type WatchedPage } from './browser';
import { LICENCE_PDF, newCreditCode, newIdCardNo, newMobile, runTag } from './membershipData';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The login page as a person uses it; resolves once the app has left it (a full page load). */
async function logIn(page: Page, authType: 2 | 3, loginAccount: string, password: string): Promise<void> {
  await page.goto(`/login?authType=${authType}`);
  await page.getByPlaceholder('登录账号').fill(loginAccount);
  await page.getByPlaceholder('密码').fill(password);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await page.waitForURL((url) => url.pathname !== '/login').catch(async (err: unknown) => {
    const shown = await page.locator('.ant-alert').allInnerTexts();
    throw new Error(`登录没有成功；页面提示：${shown.join(' | ') || '无'}`, { cause: err });
  });
}

/** A list row (ResourceTable) once the list shows it. */
async function rowOf(page: Page, text: string): Promise<Locator> {
  const row = page.locator('tr.ant-table-row', { hasText: text });
  await row.waitFor();
  return row;
}

/** Waits for a row of a list that reloads after an action to say `status`. */
async function expectRowStatus(page: Page, text: string, status: string): Promise<void> {
  await page.locator('tr.ant-table-row', { hasText: text }).filter({ hasText: status }).waitFor();
}

/** The confirmation a row action or a modal.confirm opens: its OK button (antd spaces two characters). */
const okButton = (scope: Locator, label: string) =>
  scope.getByRole('button', { name: new RegExp(`^${label.split('').join('\\s?')}$`) });

describe('the membership journey', () => {
  it('goes from a unit application to a revoked practitioner certificate', async () => {
    const tag = runTag();
    const unitName = `端到端稳评咨询有限公司${tag}`;
    const unitAccount = `e2e_unit_${tag}`;
    const unitPassword = `Wenping${tag}a`;
    const personName = `测试员${tag}`;
    const newPassword = `Zhengshu-${tag}-Qb`;
    const revokeReason = `端到端测试：出借证书${tag}`;

    const staff = await openPage(browser);
    const unit = await openPage(browser);
    const person = await openPage(browser);
    const visitor = await openPage(browser);
    const all: [string, WatchedPage][] = [
      ['工作人员', staff],
      ['会员单位', unit],
      ['从业人员', person],
      ['访客', visitor],
    ];
    try {
      // 1. The unit applies: three steps, the licence uploaded to the public endpoint.
      const u = unit.page;
      await u.goto('/register');
      await u.getByRole('heading', { name: '第 1 步：单位信息' }).waitFor();
      await u.getByLabel('单位名称').fill(unitName);
      const creditCode = newCreditCode();
      await u.getByLabel('统一社会信用代码').fill(creditCode);
      await u.getByLabel('法定代表人').fill('王端到');
      await u.getByLabel('联系人', { exact: true }).fill('李联系');
      await u.getByLabel('联系电话').fill(newMobile());
      await u.getByLabel('电子邮箱').fill(`${unitAccount}@example.com`);
      await u.getByLabel('单位地址').fill('浙江省杭州市西湖区文三路 1 号');
      await u.getByLabel('经营范围').fill('社会稳定风险评估咨询服务');
      await u.getByRole('button', { name: '下一步' }).click();

      await u.getByRole('heading', { name: '第 2 步：上传材料' }).waitFor();
      // The field's label names the upload button; the control around it holds the file
      // input and the list of files.
      const licence = u
        .getByLabel('营业执照', { exact: true })
        .locator('xpath=ancestor::div[contains(concat(" ", @class, " "), " file-upload ")][1]');
      await licence.locator('input[type=file]').setInputFiles({ name: '营业执照.pdf', mimeType: 'application/pdf', buffer: LICENCE_PDF });
      const uploaded = licence.locator('li', { hasText: '营业执照.pdf' });
      await uploaded.waitFor();
      // Hashing, then uploading: done when the spinner is gone (and no 上传失败 instead).
      await uploaded.locator('.anticon-loading').waitFor({ state: 'detached' });
      expect(await uploaded.innerText()).not.toContain('失败');
      await u.getByRole('button', { name: '下一步' }).click();

      await u.getByRole('heading', { name: '第 3 步：登录账号' }).waitFor();
      await u.getByLabel('密码', { exact: true }).fill(unitPassword);
      await u.getByLabel('确认密码').fill(unitPassword);
      await u.getByRole('checkbox', { name: /我已阅读并同意/ }).check();
      await u.getByRole('button', { name: '提交申请' }).click();
      await u.getByText('入会申请已提交').waitFor().catch(async (err: unknown) => {
        const shown = await u.locator('.ant-form-item-explain-error, .ant-alert').allInnerTexts();
        throw new Error(`入会申请没有提交成功；页面提示：${shown.join(' | ') || '无'}`, { cause: err });
      });
      // The login name registration assigns, the credit code, as its done page shows it.
      const unitLogin = await u.locator('main strong', { hasText: creditCode.toUpperCase() }).first().innerText();

      // 2. Staff find the application 待审核 and approve it.
      const s = staff.page;
      await loginThroughApi(s, E2E_ADMIN);
      await s.goto(`/Manage/member-unit-management?keyword=${encodeURIComponent(unitName)}`);
      const unitRow = await rowOf(s, unitName);
      expect(await unitRow.innerText()).toContain('待审核');
      await unitRow.getByRole('button', { name: '审核通过' }).click();
      const approve = s.getByRole('dialog', { name: '审核通过' });
      await approve.getByText(unitName).waitFor();
      await approve.getByLabel('审核意见').fill('材料齐全，同意入会');
      // The answer names the member number; the row says 已通过 (the 2-second toast is not waited for).
      const approved = await answerTo<{ memberNo: string }>(
        s,
        { method: 'POST', path: /^\/api\/v1\/member-units\/[^/]+\/approve$/ },
        () => approve.getByRole('button', { name: '确认通过' }).click(),
        `审核通过「${unitName}」`,
      );
      expect(approved.data.memberNo).toMatch(/^HY\d+$/);
      await expectRowStatus(s, unitName, '已通过');
      await approve.waitFor({ state: 'detached' });

      // 3. The unit logs in (its own subsystem) and sees itself approved.
      await logIn(u, 2, unitLogin, unitPassword);
      await u.getByText('已通过入会审核').waitFor();

      // 4. It adds a practitioner; the account and initial password are shown once.
      await u.goto('/Manage/employee-management');
      await u.getByRole('button', { name: /新增从业人员/ }).click();
      const drawer = u.locator('.ant-drawer-open .ant-drawer-section');
      await drawer.getByText('新建从业人员').waitFor();
      await drawer.getByLabel('姓名').fill(personName);
      await drawer.getByLabel('身份证号码').fill(newIdCardNo());
      await drawer.getByLabel('手机号码').fill(newMobile());
      await drawer.getByLabel('职务').fill('评估师');
      await okButton(drawer, '保存').click();
      const account = u.getByRole('dialog', { name: `「${personName}」的登录账号已生成` });
      await account.waitFor().catch(async (err: unknown) => {
        const shown = await u.locator('.ant-form-item-explain-error, .ant-alert-error, .ant-message').allInnerTexts();
        throw new Error(`新增从业人员后没有显示登录账号；页面提示：${shown.join(' | ') || '无'}`, { cause: err });
      });
      await account.getByText('初始密码只显示这一次').waitFor();
      const personAccount = (await account.getByTestId('account-login').innerText()).trim();
      const initialPassword = (await account.getByTestId('account-password').innerText()).trim();
      expect(personAccount).not.toBe('');
      expect(initialPassword.length).toBeGreaterThanOrEqual(8);
      await account.getByRole('button', { name: '我已记下，关闭' }).click();
      await account.waitFor({ state: 'detached' });
      await expectRowStatus(u, personName, '待审核');

      // 5. Staff approve the practitioner (a confirmation that names them).
      await s.goto(`/Manage/employee-management?keyword=${encodeURIComponent(personName)}`);
      const personRow = await rowOf(s, personName);
      expect(await personRow.innerText()).toContain('待审核');
      expect(await personRow.innerText()).toContain(unitName);
      await personRow.getByRole('button', { name: '通过', exact: true }).click();
      const confirm = s.locator('.ant-popover:visible', { hasText: `确定审核通过「${personName}」吗？` });
      await confirm.waitFor();
      await answerTo(
        s,
        { method: 'POST', path: /^\/api\/v1\/practitioners\/[^/]+\/approve$/ },
        () => okButton(confirm, '确定').click(),
        `审核通过从业人员「${personName}」`,
      );
      await expectRowStatus(s, personName, '已通过');

      // 6. The practitioner logs in with the generated password: the change form opens by
      // itself and cannot be closed (the account gate), then the first-login consent.
      const p = person.page;
      await logIn(p, 3, personAccount, initialPassword);
      const banner = p.getByText(/您的账号正在使用初始密码或已被重置的密码/).first();
      await banner.waitFor();
      const change = p.getByRole('dialog', { name: '请修改密码' });
      await change.getByLabel('原密码').fill(initialPassword);
      await change.getByLabel('新密码', { exact: true }).fill(newPassword);
      await change.getByLabel('确认新密码').fill(newPassword);
      await answerTo(p, { method: 'PUT', path: '/api/v1/user/set/password' }, () => okButton(change, '确定').click(), '修改密码');
      await change.waitFor({ state: 'hidden' });
      await banner.waitFor({ state: 'detached' });
      const consent = p.getByRole('heading', { name: /个人信息处理说明/ });
      await consent.waitFor();
      await answerTo(
        p,
        { method: 'POST', path: '/api/v1/user/consents/sensitive-pi' },
        () => p.getByRole('button', { name: /^同\s?意$/ }).click(),
        '同意个人信息处理说明',
      );
      // The consent step gives way to the back office, whose account menu is then there.
      await consent.waitFor({ state: 'detached' });
      // Out, and in again with the new password: no more reminder.
      await p.getByRole('button', { name: '账号菜单' }).click();
      await p.getByRole('menuitem', { name: /退出登录/ }).click();
      await p.waitForURL((url) => url.pathname === '/login');
      await logIn(p, 3, personAccount, newPassword);

      // 7. Their own record: approved, with the certificate and its public link.
      await p.goto('/Manage/employee-management');
      const certCard = p.locator('.ant-card', { has: p.getByText('从业人员证书', { exact: true }) });
      await certCard.getByText('打开证书页面（可打印）').waitFor();
      expect(await banner.count()).toBe(0);
      const basics = p.locator('.ant-card', { has: p.getByText('基本信息', { exact: true }) });
      expect(await basics.innerText()).toContain(personName);
      expect(await basics.innerText()).toContain('已通过');
      expect(await certCard.innerText()).toContain('有效');
      const href = await certCard.getByRole('link', { name: '打开证书页面（可打印）' }).getAttribute('href');
      expect(href).toMatch(/^\/certificate-view\?no=[A-Za-z0-9-]+$/);
      const certificateNo = new URLSearchParams((href ?? '').split('?')[1]).get('no') ?? '';
      expect(await certCard.innerText()).toContain(certificateNo);

      // 8. A visitor (no login) opens the link: valid.
      const v = visitor.page;
      await v.goto(href ?? '');
      const doc = v.getByRole('article', { name: `从业人员证书 ${certificateNo}` });
      await doc.waitFor();
      const validText = await doc.innerText();
      expect(validText).toContain(personName);
      expect(validText).toContain(unitName);
      expect(validText).toContain('本证书有效');
      expect(await v.getByRole('button', { name: '吊销证书' }).count()).toBe(0);

      // 9. Staff revoke it on the same page: a reason, then a last confirmation.
      await s.goto(href ?? '');
      const staffDoc = s.getByRole('article', { name: `从业人员证书 ${certificateNo}` });
      await staffDoc.waitFor();
      await s.getByRole('button', { name: '吊销证书' }).click();
      const revoke = s.getByRole('dialog', { name: `吊销证书：${certificateNo}` });
      await revoke.getByText(`持证人：${personName}`).waitFor();
      await revoke.getByLabel('吊销原因').fill(revokeReason);
      await okButton(revoke, '吊销').click();
      const last = s.getByRole('dialog', { name: `确定吊销证书 ${certificateNo} 吗？` });
      await okButton(last, '确认吊销').click();
      await staffDoc.getByText('本证书已吊销').waitFor();
      expect(await staffDoc.innerText()).toContain(revokeReason);
      expect(await s.getByRole('button', { name: '吊销证书' }).count()).toBe(0);

      // 10. The visitor looks again: revoked, with the reason; so does the practitioner's own page.
      await v.reload();
      await doc.getByText('本证书已吊销').waitFor();
      expect(await doc.innerText()).toContain(`原因：${revokeReason}`);
      await p.reload();
      await certCard.getByText('已吊销', { exact: true }).waitFor();
      expect(await certCard.innerText()).toContain(revokeReason);

      for (const [who, watched] of all) {
        expect(watched.errors, `${who}页面的控制台错误`).toEqual([]);
      }
    } finally {
      for (const [, watched] of all) await watched.context.close();
    }
    // A long journey of many steps, each waiting up to 30 s: the file's 90 s would cut it short
    // on a loaded machine (it takes 50–90 s there).
  });
});
