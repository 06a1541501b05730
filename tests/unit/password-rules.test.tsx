/**
 * The password rule beside every password field (src/components/PasswordRules): the rule's
 * text, live ticks as the password is typed, the common-password check once the cheap parts
 * pass, and the form rule that refuses what the server would. zxcvbn is only ever imported
 * dynamically, so that pages without a password field never load it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { render, screen, waitFor, within } from '@testing-library/react';
import { App, Button, Form, Input } from 'antd';
import { fireEvent } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PASSWORD_MESSAGES, PASSWORD_RULE_TEXT } from '@common/passwordPolicy';
import PasswordRules, { strongPasswordRule } from '@/components/PasswordRules';

function items() {
  return within(screen.getByTestId('password-rules'))
    .queryAllByRole('listitem')
    .map((li) => (li.textContent ?? '').trim());
}

describe('PasswordRules', () => {
  it('shows the rule and nothing else while nothing is typed', () => {
    render(<PasswordRules loginAccount="zhangsan" />);
    expect(screen.getByText(`密码规则：${PASSWORD_RULE_TEXT}`)).toBeInTheDocument();
    expect(items()).toEqual([]);
  });

  it('ticks each part as the typed password meets it', () => {
    const { rerender } = render(<PasswordRules password="abc" loginAccount="zhangsan" />);
    expect(items()).toEqual([
      '8–64 位（未满足）',
      '大写字母、小写字母、数字、符号中至少三类（未满足）',
      '不包含登录账号（已满足）',
      '不是常见密码（满足以上各项后检查）',
    ]);
    rerender(<PasswordRules password="Zhangsan-2026x" loginAccount="zhangsan" />);
    expect(items().slice(0, 3)).toEqual([
      '8–64 位（已满足）',
      '大写字母、小写字母、数字、符号中至少三类（已满足）',
      '不包含登录账号（未满足）',
    ]);
  });

  it('says when a password is common, and when it is not', async () => {
    const { rerender } = render(<PasswordRules password="Password123!" loginAccount="zhangsan" />);
    expect(await screen.findByText(PASSWORD_MESSAGES.common)).toBeInTheDocument();
    rerender(<PasswordRules password="Harbor-Lamp-2026" loginAccount="zhangsan" />);
    expect(await screen.findByText('不是常见密码')).toBeInTheDocument();
    expect(screen.queryByText(PASSWORD_MESSAGES.common)).toBeNull();
  });
});

function RuleForm({ account }: { account: string }) {
  const [form] = Form.useForm<{ password: string }>();
  return (
    <App>
      <Form form={form} onFinish={() => undefined}>
        <Form.Item label="新密码" name="password" rules={[strongPasswordRule(() => account)]}>
          <Input.Password />
        </Form.Item>
        <Button htmlType="submit">提交</Button>
      </Form>
    </App>
  );
}

describe('strongPasswordRule', () => {
  it.each([
    ['abcdefghij', PASSWORD_MESSAGES.classes],
    ['My-zhangsan-2026', PASSWORD_MESSAGES.containsAccount],
    ['Qwerty@123', PASSWORD_MESSAGES.common],
  ])('refuses %s in the form', async (password, message) => {
    render(<RuleForm account="zhangsan" />);
    fireEvent.change(screen.getByLabelText('新密码'), { target: { value: password } });
    fireEvent.click(screen.getByRole('button', { name: '提 交' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('accepts a strong password', async () => {
    render(<RuleForm account="zhangsan" />);
    fireEvent.change(screen.getByLabelText('新密码'), { target: { value: 'Quiet#River-7713' } });
    fireEvent.click(screen.getByRole('button', { name: '提 交' }));
    await waitFor(() => expect(document.querySelector('.ant-form-item-explain-error')).toBeNull());
  });
});

describe('zxcvbn stays out of pages without a password field', () => {
  const root = path.resolve(__dirname, '../..');
  const sources = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return entry.name === '.umi' || entry.name.startsWith('.umi') ? [] : sources(full);
      return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
    });

  it('is imported nowhere but dynamically in common/passwordPolicy.ts', () => {
    const importers = [...sources(path.join(root, 'src')), ...sources(path.join(root, 'common'))].filter((file) =>
      fs.readFileSync(file, 'utf8').includes('@zxcvbn-ts/'),
    );
    expect(importers.map((f) => path.relative(root, f))).toEqual(['common/passwordPolicy.ts']);
    const policy = fs.readFileSync(path.join(root, 'common/passwordPolicy.ts'), 'utf8');
    expect(policy).not.toMatch(/^import[^;]*@zxcvbn-ts/m);
    expect(policy).toMatch(/import\('@zxcvbn-ts\/core'\)/);
  });
});
