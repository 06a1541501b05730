/**
 * The audit trail's export: the export itself is an audited event, written before the first
 * byte streams (a download broken off midway is still on record).
 */
import type { FastifyRequest } from 'fastify';
import type { OperationLogQuery } from '@common/schemas/operationLogs';
import { exportFileName, type XlsxExport } from '../../excel';
import { logOperation } from '../../oplog';
import { OPERATION_LOG_EXPORT_COLUMNS, operationLogExportRows } from './queries';

/** Writes the audit row of the export and hands back the workbook's spec. */
export async function prepareOperationLogExport(request: FastifyRequest, query: OperationLogQuery): Promise<XlsxExport> {
  const { db } = request.server;
  await logOperation(db, request, { entity: 'audit', entityId: null, action: 'export', summary: '导出审计日志' });
  return {
    fileName: exportFileName('审计日志', request.server.clock()),
    sheetName: '审计日志',
    columns: OPERATION_LOG_EXPORT_COLUMNS,
    rows: operationLogExportRows(db, query),
  };
}
