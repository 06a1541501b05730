/**
 * 同意记录: what the account agreed to, which versions, when and from where, and whether it was
 * withdrawn. A practitioner may withdraw the separate consent to the processing of their ID
 * number and photo: asked first, with what follows (a deletion request the association handles).
 */
import { App, Button, Card, Empty, List, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { CONSENT_KIND_LABELS, DELETION_REQUEST_STATUS_LABELS, PROFILE_MESSAGES, type PersonalData } from '@common/schemas/profile';
import { formatDateTime } from '@/components/ListPage';
import { withdrawSensitiveConsent } from '@/services/profile';
import { CONSENT_DOCUMENT_LABELS } from './labels';

const versionsText = (versions: Record<string, string>) =>
  Object.entries(versions)
    .map(([doc, version]) => `${CONSENT_DOCUMENT_LABELS[doc] ?? doc}（版本 ${version.length > 10 ? formatDateTime(version) : version}）`)
    .join('、');

export default function ConsentList({ data, onChanged }: { data: PersonalData; onChanged: () => void }) {
  const { modal, message } = App.useApp();
  const [busy, setBusy] = useState(false);

  const confirmWithdraw = () =>
    modal.confirm({
      title: '撤回敏感个人信息处理同意？',
      okText: '确认撤回',
      okButtonProps: { danger: true },
      cancelText: '取消',
      content: (
        <Space direction="vertical">
          <span>撤回后，协会将不再为从业人员登记、证书发放与查验处理您的身份证号码和照片，并将您的撤回作为个人信息删除请求处理：</span>
          <span>· 删除后，您的姓名仅保留姓氏，身份证号码、手机号码、照片和证明材料将被删除；</span>
          <span>· 您的从业人员证书将被注销（证书编号仍可查验，显示为已注销），登录账号将被停用；</span>
          <span>· 如法律法规规定协会须保存相关信息，协会可不予删除，并告知理由。</span>
          <span>撤回不影响撤回前基于您的同意已进行的处理。</span>
        </Space>
      ),
      onOk: async () => {
        setBusy(true);
        try {
          await withdrawSensitiveConsent();
          message.success(PROFILE_MESSAGES.withdrawn);
          onChanged();
        } finally {
          setBusy(false);
        }
      },
    });

  const pending = data.deletionRequests.find((r) => r.status === 'pending');
  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      <Card title="同意记录" size="small">
        {data.consents.length === 0 ? (
          <Empty description="暂无同意记录" />
        ) : (
          <List
            dataSource={data.consents}
            renderItem={(c) => (
              <List.Item
                actions={
                  c.kind === 'sensitive_pi' && !c.withdrawnAt && data.canWithdrawSensitiveConsent
                    ? [
                        <Button key="withdraw" danger size="small" loading={busy} onClick={confirmWithdraw}>
                          撤回同意
                        </Button>,
                      ]
                    : []
                }
              >
                <List.Item.Meta
                  title={
                    <Space wrap>
                      <span>{CONSENT_KIND_LABELS[c.kind] ?? c.kind}</span>
                      {c.withdrawnAt ? <Tag color="default">已于 {formatDateTime(c.withdrawnAt)} 撤回</Tag> : <Tag color="success">有效</Tag>}
                    </Space>
                  }
                  description={
                    <Typography.Text type="secondary">
                      {formatDateTime(c.agreedAt)} 同意{c.ip ? `（地址 ${c.ip}）` : ''}
                      {Object.keys(c.versions).length > 0 ? `：${versionsText(c.versions)}` : ''}
                    </Typography.Text>
                  }
                />
              </List.Item>
            )}
          />
        )}
      </Card>
      {data.deletionRequests.length > 0 && (
        <Card title="个人信息删除请求" size="small">
          {pending && <Typography.Paragraph>您的删除请求已于 {formatDateTime(pending.submittedAt)} 提交，协会正在处理。</Typography.Paragraph>}
          <List
            dataSource={data.deletionRequests}
            renderItem={(r) => (
              <List.Item>
                <List.Item.Meta
                  title={`${formatDateTime(r.submittedAt)} 提交 · ${DELETION_REQUEST_STATUS_LABELS[r.status] ?? r.status}`}
                  description={r.decidedAt ? `${formatDateTime(r.decidedAt)} 处理${r.comment ? `：${r.comment}` : ''}` : null}
                />
              </List.Item>
            )}
          />
        </Card>
      )}
    </Space>
  );
}
