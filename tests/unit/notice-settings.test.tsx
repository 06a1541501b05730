/**
 * 通知设置 (src/pages/Manage/notice-settings) against mock/notifications.ts: a dated rule edited
 * in its drawer (days, channels, mandatory) sends the version it read and the list shows the
 * change; an event rule has no days and sends none; a stale version shows the conflict and
 * 重新加载; a template edited with its placeholders listed, and one the server refuses
 * (an unknown placeholder) shows the server's words; 立即检查 says what the scan found; staff
 * without notice:manage see no 编辑 and no 立即检查.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import NoticeSettingsPage from '@/pages/Manage/notice-settings';
import { CONFLICT_MESSAGE } from '@/components/ListPage';
import { limitedStaff } from '../../mock';
import { notificationCallsTo, notificationsDb } from '../../mock/notifications';
import { drawer, renderPage } from './contentTestKit';


const PATH = '/Manage/notice-settings';

/** The drawer's form item labelled `label`. */
function field(label: string): HTMLElement {
  const item = within(drawer())
    .getAllByText(label)
    .map((el) => el.closest('.ant-form-item'))
    .find((el): el is HTMLElement => el instanceof HTMLElement);
  if (!item) throw new Error(`no field ${label}`);
  return item;
}

/** The rules' table (a template may share a rule's name). */
const rulesTable = () => screen.getByText('通知规则').closest('.ant-pro-table') as HTMLElement;
const templatesTable = () => screen.getByText('通知模板').closest('.ant-card') as HTMLElement;

/** The row of the rules' table that names this rule. */
async function ruleRow(name: string): Promise<HTMLElement> {
  // Its template may carry the same name in the same row.
  const [cell] = await within(rulesTable()).findAllByText(name);
  return cell.closest('tr') as HTMLElement;
}

async function openRule(name: string) {
  renderPage(<NoticeSettingsPage />, PATH);
  fireEvent.click(within(await ruleRow(name)).getByText('编辑'));
  await screen.findByText('编辑通知规则', { selector: '.ant-drawer-title' });
  await waitFor(() => expect(within(drawer()).getByDisplayValue(name)).toBeInTheDocument());
}

const save = () => fireEvent.click(within(drawer()).getByText('保 存'));

/** A loaded machine (other suites, a build) may take seconds per drawer: wait as long. */

describe('通知设置', () => {
  it('edits a dated rule: days, channels and mandatory go to the server with the version read', async () => {
    await openRule('证书到期前 60 天提醒');
    const days = within(field('提前天数')).getByRole('spinbutton');
    expect(days).toHaveValue('60');
    fireEvent.change(days, { target: { value: '90' } });
    fireEvent.click(within(field('发送渠道')).getByLabelText('站内消息'));
    fireEvent.click(within(field('必要通知')).getByRole('switch'));
    // What this kind may send to is the server's: a certificate's holder and unit, no expert.
    expect(within(field('发送对象')).queryByLabelText('评审专家')).toBeNull();
    save();
    await waitFor(() => expect(notificationCallsTo('put', '/notice-rules/rule-cert-60')).toHaveLength(1));
    expect(notificationCallsTo('put', '/notice-rules/rule-cert-60')[0].body).toEqual({
      name: '证书到期前 60 天提醒',
      description: null,
      days: 90,
      audiences: ['holder', 'unit'],
      channels: ['email'],
      templateId: 'tpl-cert',
      mandatory: true,
      enabled: true,
      graceDays: 1,
      catchUpDays: 30,
      version: 0,
    });
    await waitFor(async () => expect(within(await ruleRow('证书到期前 60 天提醒')).getByText('到期前 90 天')).toBeInTheDocument());
    expect(within(await ruleRow('证书到期前 60 天提醒')).getByText('必要通知')).toBeInTheDocument();
  });

  it('an event rule has no days and sends none', async () => {
    await openRule('评审专家抽取通知');
    expect(within(drawer()).queryByText('提前天数')).toBeNull();
    expect(within(field('发送渠道')).queryByLabelText('站内消息')).toBeNull();
    save();
    await waitFor(() => expect(notificationCallsTo('put', '/notice-rules/rule-drawn')).toHaveLength(1));
    const body = notificationCallsTo('put', '/notice-rules/rule-drawn')[0].body;
    expect(body).toMatchObject({ days: null, channels: ['email', 'sms'], mandatory: true, version: 0 });
    expect(body).not.toHaveProperty('graceDays');
  });

  it('a rule changed by someone else meanwhile: the conflict is explained and 重新加载 loads the latest', async () => {
    await openRule('证书到期前 7 天提醒');
    const i = notificationsDb.rules.findIndex((r) => r.id === 'rule-cert-7');
    notificationsDb.rules[i] = { ...notificationsDb.rules[i], name: '证书到期前 7 天提醒（已改）', version: 1 };
    save();
    expect(await within(drawer()).findByText(CONFLICT_MESSAGE)).toBeInTheDocument();
    fireEvent.click(within(drawer()).getByText('重新加载'));
    await waitFor(() => expect(within(drawer()).getByDisplayValue('证书到期前 7 天提醒（已改）')).toBeInTheDocument());
    save();
    await waitFor(() => expect(notificationCallsTo('put', '/notice-rules/rule-cert-7')).toHaveLength(2));
    expect(notificationCallsTo('put', '/notice-rules/rule-cert-7')[1].body).toMatchObject({ version: 1 });
  });

  it('edits a template with its placeholders shown; an unknown placeholder is refused in the server words', async () => {
    renderPage(<NoticeSettingsPage />, PATH);
    await within(templatesTable()).findByText('证书到期提醒');
    fireEvent.click(screen.getByRole('button', { name: '编辑模板「证书到期提醒」' }));
    await screen.findByText('编辑通知模板', { selector: '.ant-drawer-title' });
    await waitFor(() => expect(within(drawer()).getByText('{{validUntil}}')).toBeInTheDocument());
    expect(within(drawer()).getByText('{{associationName}}')).toBeInTheDocument();
    const subject = within(field('标题')).getByRole('textbox');
    fireEvent.change(subject, { target: { value: '证书将于 {{validUntil}} 到期：{{projectName}}' } });
    save();
    expect(await within(drawer()).findByText(/占位符 \{\{projectName\}\} 不可用/)).toBeInTheDocument();
    fireEvent.change(subject, { target: { value: '您的{{certificateKind}}将于 {{validUntil}} 到期' } });
    fireEvent.change(within(field('短信模板编号')).getByRole('textbox'), { target: { value: 'SMS_100200300' } });
    save();
    await waitFor(() => expect(notificationCallsTo('put', '/notice-templates/tpl-cert')).toHaveLength(2));
    expect(notificationCallsTo('put', '/notice-templates/tpl-cert')[1].body).toMatchObject({
      subject: '您的{{certificateKind}}将于 {{validUntil}} 到期',
      smsTemplateCode: 'SMS_100200300',
      smsParams: ['holderName', 'validUntil'],
      version: 0,
    });
    await waitFor(() => expect(within(templatesTable()).getByText('您的{{certificateKind}}将于 {{validUntil}} 到期')).toBeInTheDocument());
  });

  it('立即检查 runs the scan and says what it found in the server words', async () => {
    renderPage(<NoticeSettingsPage />, PATH);
    await ruleRow('证书到期前 60 天提醒');
    fireEvent.click(screen.getByRole('button', { name: /立即检查/ }));
    expect(await screen.findByText(/^已检查 \d+ 条规则，没有新的到期通知$/)).toBeInTheDocument();
    expect(notificationCallsTo('post', '/notice-rules/scan')).toHaveLength(1);
  });

  it('staff who may only read see no 编辑 and no 停用', async () => {
    // The mock answers by the fixture account of the token: limitedStaff reads notices for this test.
    limitedStaff.user.permissions.push('notice:view');
    try {
      renderPage(<NoticeSettingsPage />, PATH, limitedStaff);
      await ruleRow('证书到期前 60 天提醒');
      await within(templatesTable()).findByText('证书到期提醒');
      expect(screen.queryByText('编辑')).toBeNull();
      expect(screen.queryByText('停用')).toBeNull();
      expect(screen.queryByRole('button', { name: /编辑模板/ })).toBeNull();
      expect(screen.queryByText('立即检查')).toBeNull();
    } finally {
      limitedStaff.user.permissions.pop();
    }
  });
});
