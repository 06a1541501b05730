/**
 * 验证: recomputes a draw (or a sampling) from its record on the server and says whether it
 * matches: the result, the record's digest, and the audit trail's entry written with it.
 */
import SafetyCertificateOutlined from '@ant-design/icons/SafetyCertificateOutlined';
import { Alert, Button, Descriptions, Space, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import type { DrawVerification } from '@common/schemas/reviewTasks';

const yesNo = (ok: boolean) => (ok ? <Typography.Text type="success">一致</Typography.Text> : <Typography.Text type="danger">不一致</Typography.Text>);

export function VerificationResult({ answer }: { answer: DrawVerification }) {
  return (
    <Alert
      type={answer.matches ? 'success' : 'error'}
      showIcon
      title={answer.matches ? '验证一致：按记录重新计算的结果与保存的结果相同' : '验证不一致：记录可能被改动，请立即核查'}
      description={
        <Space orientation="vertical" size={4} style={{ width: '100%' }}>
          <span>{answer.message}</span>
          <Descriptions size="small" column={{ xs: 1, md: 3 }}>
            <Descriptions.Item label="抽取结果">{yesNo(answer.resultMatches)}</Descriptions.Item>
            <Descriptions.Item label="记录摘要">{yesNo(answer.digestMatches)}</Descriptions.Item>
            <Descriptions.Item label="审计日志">{yesNo(answer.auditMatches)}</Descriptions.Item>
            <Descriptions.Item label="算法版本">{answer.algorithmVersion}</Descriptions.Item>
            <Descriptions.Item label="保存的摘要" span={2}>
              <Typography.Text code copyable style={{ wordBreak: 'break-all' }}>
                {answer.storedDigest}
              </Typography.Text>
            </Descriptions.Item>
          </Descriptions>
        </Space>
      }
    />
  );
}

/** A 验证 button (after `before`, other buttons of the same record) and, once answered, the answer under it. */
export default function VerifyButton({ verify, label = '验证', before }: { verify: () => Promise<DrawVerification>; label?: string; before?: ReactNode }) {
  const [answer, setAnswer] = useState<DrawVerification | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      setAnswer(await verify());
    } catch {
      // The request layer has said why.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Space orientation="vertical" size={8} style={{ width: '100%' }}>
      <Space wrap>
        {before}
        <Button size="small" icon={<SafetyCertificateOutlined />} loading={busy} onClick={() => void run()}>
          {label}
        </Button>
      </Space>
      {answer && <VerificationResult answer={answer} />}
    </Space>
  );
}
