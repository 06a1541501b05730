/**
 * The new practitioner's login account and initial password, shown once (passwords are never
 * stored recoverably), with copy buttons, for the unit to hand over. The practitioner must
 * change it at first login.
 */
import { Alert, Button, Descriptions, Modal, Typography } from 'antd';

export interface CreatedAccount {
  name: string;
  loginAccount: string;
  initialPassword: string;
}

export default function AccountModal({ account, onClose }: { account: CreatedAccount | null; onClose: () => void }) {
  return (
    <Modal
      open={!!account}
      title={account ? `「${account.name}」的登录账号已生成` : ''}
      onCancel={onClose}
      mask={{ closable: false }}
      destroyOnHidden
      footer={
        <Button type="primary" onClick={onClose}>
          我已记下，关闭
        </Button>
      }
    >
      {account && (
        <>
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 16 }}
            title="初始密码只显示这一次"
            description="关闭后无法再次查看。请立即复制，并通过安全渠道告知本人；其首次登录（选择“从业人员”登录）后须修改密码。"
          />
          <Descriptions column={1} bordered size="small">
            <Descriptions.Item label="登录账号">
              <Typography.Text copyable={{ text: account.loginAccount, tooltips: ['复制账号', '已复制'] }} data-testid="account-login">
                {account.loginAccount}
              </Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label="初始密码">
              <Typography.Text code copyable={{ text: account.initialPassword, tooltips: ['复制密码', '已复制'] }} data-testid="account-password">
                {account.initialPassword}
              </Typography.Text>
            </Descriptions.Item>
          </Descriptions>
        </>
      )}
    </Modal>
  );
}
