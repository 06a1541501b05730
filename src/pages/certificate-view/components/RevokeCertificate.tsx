/**
 * 吊销证书 for staff holding certificate:view and certificate:revoke: a reason (required),
 * then a last confirmation, then the page shows the certificate as 已吊销 with the reason at
 * once (`onRevoked` reloads it). Loaded lazily: the public page never loads it.
 */
import { Alert, App, Button, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { CERTIFICATE_REVOKE_REASON_MAX, type PublicCertificate } from '@common/schemas/certificates';
import { listCertificates, revokeCertificate } from '@/services/certificates';

export interface RevokeCertificateProps {
  certificate: PublicCertificate;
  onRevoked: () => void;
}

/** The staff record of a number (the public answer carries no id). */
async function idOf(number: string): Promise<string | undefined> {
  const page = await listCertificates({ keyword: number, pageSize: 20 });
  return page.list.find((c) => c.number === number)?.id;
}

export default function RevokeCertificate({ certificate, onRevoked }: RevokeCertificateProps) {
  const { message, modal } = App.useApp();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<{ reason: string }>();

  if (certificate.state === 'revoked') return null;

  const revoke = async (reason: string) => {
    setBusy(true);
    try {
      const id = await idOf(certificate.number);
      if (!id) {
        message.error('未找到该证书，请刷新后重试');
        return;
      }
      await revokeCertificate(id, { reason });
      message.success('证书已吊销');
      setOpen(false);
      onRevoked();
    } catch {
      // The request layer has shown the server's message.
    } finally {
      setBusy(false);
    }
  };

  const submit = async () => {
    let reason: string;
    try {
      ({ reason } = await form.validateFields());
    } catch {
      // The form shows what is missing.
      return;
    }
    modal.confirm({
      title: `确定吊销证书 ${certificate.number} 吗？`,
      content: '吊销后证书立即失效，公开查验显示“已吊销”及原因。此操作不可撤销。',
      okText: '确认吊销',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: () => revoke(reason.trim()),
    });
  };

  return (
    <>
      <Button danger onClick={() => setOpen(true)}>
        吊销证书
      </Button>
      <Modal
        open={open}
        title={`吊销证书：${certificate.number}`}
        okText="吊销"
        okButtonProps={{ danger: true, loading: busy }}
        cancelText="取消"
        onOk={() => void submit()}
        onCancel={() => setOpen(false)}
        maskClosable={false}
        destroyOnHidden
      >
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={`持证人：${certificate.holderName}`}
          description="吊销原因将显示在公开的证书查验页面上。"
        />
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item
            name="reason"
            label="吊销原因"
            rules={[
              { required: true, whitespace: true, message: '请填写吊销原因' },
              { max: CERTIFICATE_REVOKE_REASON_MAX, message: `吊销原因不能超过 ${CERTIFICATE_REVOKE_REASON_MAX} 个字符` },
            ]}
          >
            <Input.TextArea rows={4} showCount maxLength={CERTIFICATE_REVOKE_REASON_MAX} placeholder="如：出借证书，违反行业自律公约" />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
