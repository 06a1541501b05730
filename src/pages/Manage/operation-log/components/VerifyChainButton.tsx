/**
 * 完整性校验: walks the audit trail's hash chain on the server (GET /operation-logs/verify) and
 * says either "日志链完整（N 条）" or which row is the first that no longer fits, and why.
 */
import SafetyCertificateOutlined from '@ant-design/icons/SafetyCertificateOutlined';
import { App, Button } from 'antd';
import { useState } from 'react';
import type { AuditVerifyResult } from '@common/schemas/operationLogs';
import { formatDateTime } from '@/components/ListPage';
import { verifyOperationLogs } from '@/services/operationLogs';

export function verifyMessage(result: AuditVerifyResult): string {
  if (result.ok) return `日志链完整（${result.checked} 条）`;
  const bad = result.firstBad;
  return bad
    ? `日志链不完整：第 ${bad.id} 条（${formatDateTime(bad.createdAt)}）起与链不符：${bad.reason}`
    : `日志链不完整（已校验 ${result.checked} 条）`;
}

export default function VerifyChainButton() {
  const { modal } = App.useApp();
  const [running, setRunning] = useState(false);
  const run = async () => {
    setRunning(true);
    try {
      const result = await verifyOperationLogs();
      const show = result.ok ? modal.success : modal.error;
      show({
        title: result.ok ? '完整性校验通过' : '完整性校验未通过',
        content: <span data-testid="verify-result">{verifyMessage(result)}</span>,
        okText: '知道了',
      });
    } catch {
      // The request layer has shown why.
    } finally {
      setRunning(false);
    }
  };
  return (
    <Button icon={<SafetyCertificateOutlined />} loading={running} onClick={() => void run()}>
      完整性校验
    </Button>
  );
}
