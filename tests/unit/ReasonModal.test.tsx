/**
 * <ReasonModal/> (src/components/ReasonModal): a required reason is asked for before any
 * call; an optional comment may stay empty; the effect shows as an Alert; a last confirmation
 * comes before the call when asked; fields of the step's own reach the call; a refusal keeps
 * the dialog open with the server's message.
 */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App, Form, Input } from 'antd';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import ReasonModal, { type ReasonRequest } from '@/components/ReasonModal';

function Harness<F extends object>({ request }: { request: ReasonRequest<unknown, F> }) {
  const [open, setOpen] = useState(true);
  return (
    <App>
      <ReasonModal<unknown, F> request={open ? request : null} onClose={() => setOpen(false)} />
      {!open && <p>已关闭</p>}
    </App>
  );
}

const dialog = () => screen.getByRole('dialog');
const reasonBox = () => within(dialog()).getByRole('textbox', { name: /原因|意见/ });

describe('ReasonModal', () => {
  it('asks for a required reason before the call, then calls with it trimmed and closes', async () => {
    const calls: string[] = [];
    render(
      <Harness
        request={{
          title: '驳回「张三」的登记',
          label: '驳回原因',
          okText: '驳回',
          danger: true,
          max: 20,
          run: async (reason) => calls.push(reason),
          successMessage: '已驳回「张三」',
          onDone: () => calls.push('done'),
        }}
      />,
    );
    expect(screen.getByText('驳回「张三」的登记')).toBeInTheDocument();
    fireEvent.click(within(dialog()).getByRole('button', { name: /驳\s*回/ }));
    expect(await screen.findByText('请填写驳回原因')).toBeInTheDocument();
    expect(calls).toEqual([]);
    fireEvent.change(reasonBox(), { target: { value: '  材料不全  ' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: /驳\s*回/ }));
    await waitFor(() => expect(calls).toEqual(['材料不全', 'done']));
    expect(await screen.findByText('已驳回「张三」')).toBeInTheDocument();
    expect(await screen.findByText('已关闭')).toBeInTheDocument();
  });

  it('an optional comment may stay empty; the effect shows as an Alert', async () => {
    const calls: string[] = [];
    render(
      <Harness
        request={{
          title: '放行：张三',
          alert: { type: 'info', title: '张三 从 甲单位 调往 乙单位', description: '放行后提交协会审批。' },
          label: '放行意见',
          optional: true,
          placeholder: '选填',
          okText: '确认放行',
          max: 20,
          run: async (reason) => calls.push(`[${reason}]`),
          onDone: () => undefined,
        }}
      />,
    );
    expect(within(dialog()).getByText('放行后提交协会审批。')).toBeInTheDocument();
    fireEvent.click(within(dialog()).getByRole('button', { name: '确认放行' }));
    await waitFor(() => expect(calls).toEqual(['[]']));
  });

  it('asks once more before the call, with the step’s own fields', async () => {
    const calls: string[] = [];
    render(
      <Harness<{ leftOn: string }>
        request={{
          title: '办理离职：张三',
          fields: (
            <Form.Item name="leftOn" label="离职日期">
              <Input />
            </Form.Item>
          ),
          initialValues: { leftOn: '2026-11-20' },
          label: '离职原因',
          okText: '办理离职',
          max: 20,
          confirm: { title: '确定为「张三」办理离职吗？', content: '不能撤销。', okText: '确定离职', danger: true },
          run: async (reason, { leftOn }) => calls.push(`${leftOn} ${reason}`),
          onDone: () => undefined,
        }}
      />,
    );
    fireEvent.change(reasonBox(), { target: { value: '合同到期' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: '办理离职' }));
    expect((await screen.findAllByText('确定为「张三」办理离职吗？')).length).toBeGreaterThan(0);
    expect(calls).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: '确定离职' }));
    await waitFor(() => expect(calls).toEqual(['2026-11-20 合同到期']));
  });

  it('a refusal keeps the dialog open with the server’s message', async () => {
    render(
      <Harness
        request={{
          title: '暂停会员资格',
          label: '暂停原因',
          okText: '暂停',
          max: 20,
          run: async () => {
            throw new Error('该单位已被注销');
          },
          onDone: () => undefined,
        }}
      />,
    );
    fireEvent.change(reasonBox(), { target: { value: '逾期未年检' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: /暂\s*停/ }));
    expect(await within(dialog()).findByText('该单位已被注销')).toBeInTheDocument();
    expect(screen.queryByText('已关闭')).toBeNull();
  });
});
