/** 变更审核中: the key fields a unit changed, old → new, while the association reviews them. */
import { Alert, Typography } from 'antd';
import type { MemberInfoRecord } from '@common/schemas/memberInfo';
import { formatDateTime } from '@/components/ListPage';
import { pendingChangeLines } from './changeLines';

export default function PendingChangeAlert({ record }: { record: MemberInfoRecord }) {
  if (!record.pendingChange) return null;
  const lines = pendingChangeLines(record, record.pendingChange);
  return (
    <Alert
      type="warning"
      showIcon
      title="变更审核中"
      description={
        <>
          <Typography.Paragraph style={{ marginBottom: 4 }}>
            以下关键信息的变更已于 {formatDateTime(record.pendingChangeAt)} 提交协会审核，审核通过前仍显示原信息：
          </Typography.Paragraph>
          <ul style={{ margin: 0, paddingInlineStart: 20 }}>
            {lines.map((line) => (
              <li key={line.label}>
                {line.label}：<Typography.Text delete>{line.before}</Typography.Text> → <Typography.Text strong>{line.after}</Typography.Text>
              </li>
            ))}
          </ul>
        </>
      }
    />
  );
}
