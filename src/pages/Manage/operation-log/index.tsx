/**
 * 审计日志 (等保 2.0 安全审计; issue 12): the operation log for staff holding system:log:view,
 * searched by actor, event, object, result, address, time and keyword; 导出 (system:log:export)
 * takes the same filters; 完整性校验 checks the hash chain. Read only: no row can be changed here.
 */
import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import { useAccess } from '@umijs/max';
import { App, Button } from 'antd';
import { useMemo, useRef, useState } from 'react';
import type { OperationLogRecord } from '@common/schemas/operationLogs';
import type { AccessFlags } from '@/access';
import { ManagePageContainer, ResourceTable } from '@/components/ListPage';
import { exportOperationLogs, listOperationLogs } from '@/services/operationLogs';
import { operationLogColumns } from './components/columns';
import VerifyChainButton from './components/VerifyChainButton';

type Query = Record<string, string | number>;

/** The list's filters without paging: what the export takes. */
function filtersOf(query: Query): Query {
  const { current: _current, pageSize: _pageSize, sort: _sort, ...rest } = query;
  return rest;
}

export default function OperationLogPage() {
  const access = useAccess() as AccessFlags;
  const { message } = App.useApp();
  const columns = useMemo(() => operationLogColumns(), []);
  const lastQuery = useRef<Query>({});
  const [exporting, setExporting] = useState(false);

  const runExport = async () => {
    setExporting(true);
    try {
      const name = await exportOperationLogs(filtersOf(lastQuery.current));
      message.success(`已导出 ${name}`);
    } catch {
      // The request layer has shown why.
    } finally {
      setExporting(false);
    }
  };

  const toolbarExtra = [
    <VerifyChainButton key="verify" />,
    ...(access.can('system:log:export')
      ? [
          <Button key="export" icon={<DownloadOutlined />} loading={exporting} onClick={() => void runExport()}>
            导出
          </Button>,
        ]
      : []),
  ];

  return (
    <ManagePageContainer path="/Manage/operation-log">
      <ResourceTable<OperationLogRecord>
        headerTitle="审计日志"
        columns={columns}
        fetch={(query) => {
          lastQuery.current = query;
          return listOperationLogs(query);
        }}
        toolbarExtra={toolbarExtra}
        scrollX={1100}
      />
    </ManagePageContainer>
  );
}
