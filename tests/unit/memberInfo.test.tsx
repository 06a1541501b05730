/**
 * 单位信息管理 against the memberInfo mock: the unit's record with its status, certificate,
 * files and history; a key-field edit that goes to review (the approved name stays shown and
 * the 变更审核中 alert shows old → new); key fields locked while a change waits; a rejected
 * registration with its reason, resubmitted; a stale version with 重新加载.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import MemberInfoPage from '@/pages/Manage/memberInfo';
import { KEY_LOCKED_NOTE } from '@/pages/Manage/memberInfo/components/UnitFields';
import { answerEnvelope, failure, FIXTURE_UNIT_NAME, memberUnit, server, storedFile, superAdmin } from '../../mock';
import { memberInfoCalls, memberInfoDb, setMemberInfoRecord } from '../../mock/memberInfo';
import { renderPage } from './contentTestKit';


const NEW_NAME = '示例社会风险评估咨询股份有限公司';

async function openPage() {
  renderPage(<MemberInfoPage />, '/Manage/memberInfo', memberUnit);
  await screen.findByText('已通过入会审核');
}

async function openEdit() {
  fireEvent.click(screen.getByRole('button', { name: /编\s*辑/ }));
  await screen.findByText('编辑单位信息', { selector: '.ant-drawer-title' });
  await waitFor(() => expect((document.getElementById('name') as HTMLInputElement).value).toBe(memberInfoDb.record.name));
}

const putCalls = () => memberInfoCalls.filter((c) => c.method === 'PUT');

describe('单位信息管理', () => {
  it('shows the unit, its membership, certificate, files and review history', async () => {
    await openPage();
    expect(screen.getAllByText(FIXTURE_UNIT_NAME).length).toBeGreaterThan(0);
    expect(screen.getAllByText(/HY2024002/).length).toBeGreaterThan(0);
    expect(screen.getByText('有效期至：2027-04-30')).toBeInTheDocument();
    const certificate = screen.getByText('WPDW2024002').closest('a');
    expect(certificate?.getAttribute('href')).toBe('/certificate-view?no=WPDW2024002');
    expect(screen.getByText('有效')).toBeInTheDocument();
    expect(screen.getByText('入会申请 · 已通过')).toBeInTheDocument();
    // Listed with its preview link once /file/preview answers.
    expect(await screen.findByRole('link', { name: storedFile.name })).toBeInTheDocument();
    expect(screen.getByText('资质文件')).toBeInTheDocument();
    expect(screen.queryByText('变更审核中')).toBeNull();
    // The key fields say that their change goes to review.
    expect(screen.getAllByText('需审核')).toHaveLength(3);
  });

  it('a key-field edit goes to review: the approved name stays and the pending alert shows old → new', async () => {
    await openPage();
    await openEdit();
    expect(screen.getAllByText('修改后需协会审核，审核通过前仍显示原信息').length).toBe(3);
    fireEvent.change(document.getElementById('name') as HTMLInputElement, { target: { value: NEW_NAME } });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));

    await waitFor(() => expect(putCalls()).toHaveLength(1));
    expect(putCalls()[0].body).toMatchObject({ name: NEW_NAME, creditCode: '91330106MA2CJ7K52K', contactPerson: '张联络', version: 3 });
    const alert = (await screen.findByText('变更审核中')).closest('.ant-alert') as HTMLElement;
    expect(within(alert).getByText(FIXTURE_UNIT_NAME)).toBeInTheDocument();
    expect(within(alert).getByText(NEW_NAME)).toBeInTheDocument();
    // The record still shows the approved name; the history has the change under review.
    const descriptions = screen.getByText('单位信息').closest('.ant-card') as HTMLElement;
    expect(within(descriptions).getByText(FIXTURE_UNIT_NAME)).toBeInTheDocument();
    expect(within(descriptions).queryByText(NEW_NAME)).toBeNull();
    expect(screen.getByText('单位信息变更 · 待审核')).toBeInTheDocument();
  });

  it('locks the key fields while a change waits, and sends only the other fields', async () => {
    setMemberInfoRecord({ pendingChange: { legalRepresentative: '李新' }, pendingChangeAt: '2026-11-12T02:20:00.000Z' });
    await openPage();
    expect(screen.getByText('变更审核中')).toBeInTheDocument();
    await openEdit();
    expect(document.getElementById('name')).toBeDisabled();
    expect(document.getElementById('legalRepresentative')).toBeDisabled();
    expect(screen.getAllByText(KEY_LOCKED_NOTE).length).toBe(3);
    fireEvent.change(document.getElementById('contactPerson') as HTMLInputElement, { target: { value: '赵新' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(putCalls()).toHaveLength(1));
    const body = putCalls()[0].body as Record<string, unknown>;
    expect(body).toMatchObject({ contactPerson: '赵新', version: 3 });
    expect(body).not.toHaveProperty('name');
    expect(body).not.toHaveProperty('legalRepresentative');
  });

  it('refuses a bad credit code in the form, in Chinese, and sends nothing', async () => {
    await openPage();
    await openEdit();
    fireEvent.change(document.getElementById('creditCode') as HTMLInputElement, { target: { value: '91330106MA2CJ7K520' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('统一社会信用代码校验位不正确')).toBeInTheDocument();
    expect(putCalls()).toHaveLength(0);
  });

  it('a rejected registration shows the reason and is resubmitted', async () => {
    setMemberInfoRecord({ status: 'rejected', rejectReason: '未提交业绩案例', memberNo: null, joinDate: null, validUntil: null, certificate: null });
    renderPage(<MemberInfoPage />, '/Manage/memberInfo', memberUnit);
    expect(await screen.findByText('入会申请已驳回')).toBeInTheDocument();
    expect(screen.getByText('驳回原因：未提交业绩案例')).toBeInTheDocument();
    expect(screen.getByText('通过入会审核后颁发会员证书')).toBeInTheDocument();
    // Before approval nothing is vouched for: no review note on the key fields.
    expect(screen.queryByText('需审核')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: '修改后重新提交' }));
    fireEvent.click(await screen.findByRole('button', { name: '重新提交' }));
    expect(await screen.findByText('入会申请待审核')).toBeInTheDocument();
    expect(memberInfoCalls.some((c) => c.method === 'POST' && c.path.endsWith('/member-units/mine/resubmit'))).toBe(true);
    expect(memberInfoDb.record.status).toBe('pending');
  });

  it('a stale version says so and offers 重新加载', async () => {
    await openPage();
    await openEdit();
    server.use(answerEnvelope('put', '/member-units/mine', failure(10, '数据已被他人修改，请刷新后重试'), 409));
    fireEvent.change(document.getElementById('contactPerson') as HTMLInputElement, { target: { value: '赵新' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('保存失败：数据已被他人修改')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /重新加载/ })).toBeInTheDocument();
  });

  it('is for unit accounts: staff see a note and nothing is requested', async () => {
    renderPage(<MemberInfoPage />, '/Manage/memberInfo', superAdmin);
    expect(await screen.findByText('本页面供会员单位账号使用')).toBeInTheDocument();
    expect(memberInfoCalls).toHaveLength(0);
  });

  it('says that a failed load failed, with 重试', async () => {
    server.use(answerEnvelope('get', '/member-units/mine', failure(10, '服务器内部错误'), 500));
    renderPage(<MemberInfoPage />, '/Manage/memberInfo', memberUnit);
    expect(await screen.findByText('单位信息加载失败')).toBeInTheDocument();
    server.resetHandlers();
    fireEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByText('已通过入会审核')).toBeInTheDocument();
  });
});
