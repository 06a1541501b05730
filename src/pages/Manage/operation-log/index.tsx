/**
 * 审计日志 (等保 2.0 安全审计): the operation log for staff holding system:log:view,
 * searched by actor, event, object, result, address, time and keyword; 导出 (system:log:export)
 * takes the same filters; 完整性校验 checks the hash chain. Read only: no row can be changed here.
 */
import { useMemo } from 'react';
import type { OperationLogRecord } from '@common/schemas/operationLogs';
import { ManagePageContainer, ResourceTable, type ExportAction } from '@/components/ListPage';
import { exportOperationLogs, listOperationLogs } from '@/services/operationLogs';
import { operationLogColumns } from './components/columns';
import VerifyChainButton from './components/VerifyChainButton';

/** The export takes the filters only: it always runs newest first. */
const EXPORTS: ExportAction[] = [
  { key: 'export', label: '导出', code: 'system:log:export', icon: true, run: ({ sort: _sort, ...filters }) => exportOperationLogs(filters) },
];

export default function OperationLogPage() {
  const columns = useMemo(() => operationLogColumns(), []);
  return (
    <ManagePageContainer path="/Manage/operation-log">
      <ResourceTable<OperationLogRecord>
        headerTitle="审计日志"
        columns={columns}
        fetch={listOperationLogs}
        toolbarExtra={[<VerifyChainButton key="verify" />]}
        exports={EXPORTS}
      />
    </ManagePageContainer>
  );
}
