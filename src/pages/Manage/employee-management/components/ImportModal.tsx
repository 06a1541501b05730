/**
 * 导入: download the template, (staff) choose the unit, upload the filled .xlsx with the MD5
 * upload, import; then the row-by-row report: how many rows were saved, each failing row
 * with its problems (nothing of it was saved), and the new accounts with their initial
 * passwords, shown this once (copy, or save as a list).
 */
import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import { Alert, App, Button, Form, Modal, Select, Space, Steps, Table, Typography } from 'antd';
import { useState } from 'react';
import { IMPORT_MAX_ROWS, type ImportedAccount, type PractitionerImportResult } from '@common/schemas/practitioners';
import FileUpload, { type FileUploadItem } from '@/components/FileUpload';
import { downloadImportTemplate, importPractitioners } from '@/services/practitioners';

export interface ImportModalProps {
  open: boolean;
  onClose: () => void;
  /** After an import that saved rows: the page reloads its list. */
  onImported: () => void;
  /** Staff choose the unit; a unit imports into its own. */
  unitOptions?: { label: string; value: string }[];
  defaultUnitId?: string;
}

const MAX_SIZE = 20 * 1024 * 1024;

/** The accounts as a CSV list (UTF-8 with BOM, so that Excel reads the Chinese names). */
export function accountsCsv(accounts: readonly ImportedAccount[]): string {
  const cell = (v: string | number) => `"${String(v).replace(/"/g, '""')}"`;
  const lines = [['行号', '姓名', '登录账号', '初始密码'], ...accounts.map((a) => [a.rowNumber, a.name, a.loginAccount, a.initialPassword])];
  return `\uFEFF${lines.map((l) => l.map(cell).join(',')).join('\r\n')}`;
}

function saveCsv(text: string, name: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export default function ImportModal(props: ImportModalProps) {
  if (!props.open) return null;
  return <ImportSession {...props} />;
}

function ImportSession({ onClose, onImported, unitOptions, defaultUnitId }: ImportModalProps) {
  const { message } = App.useApp();
  const [files, setFiles] = useState<FileUploadItem[]>([]);
  const [unitId, setUnitId] = useState<string | undefined>(defaultUnitId);
  const [running, setRunning] = useState(false);
  const [result, setResult] = useState<PractitionerImportResult | null>(null);
  const [downloading, setDownloading] = useState(false);

  const file = files.find((f) => f.status === 'done');
  const needsUnit = !!unitOptions;
  const ready = !!file && (!needsUnit || !!unitId);

  const run = async () => {
    if (!file) return;
    setRunning(true);
    try {
      const answer = await importPractitioners({ fileId: file.fileId, ...(needsUnit && unitId ? { unitId } : {}) });
      setResult(answer);
      if (answer.created > 0) onImported();
    } catch {
      // The request layer has shown why (not a spreadsheet, too many rows, a cell too long…).
    } finally {
      setRunning(false);
    }
  };

  const template = async () => {
    setDownloading(true);
    try {
      await downloadImportTemplate();
    } catch {
      // Shown by the request layer.
    } finally {
      setDownloading(false);
    }
  };

  const footer = result
    ? [
        <Button key="again" onClick={() => { setResult(null); setFiles([]); }}>
          继续导入
        </Button>,
        <Button key="close" type="primary" onClick={onClose}>
          {result.accounts.length ? '我已保存账号，关闭' : '关闭'}
        </Button>,
      ]
    : [
        <Button key="cancel" onClick={onClose} disabled={running}>
          取消
        </Button>,
        <Button key="run" type="primary" loading={running} disabled={!ready} onClick={() => void run()}>
          开始导入
        </Button>,
      ];

  return (
    <Modal open title="导入从业人员" width={860} onCancel={running ? undefined : onClose} closable={!running} mask={{ closable: false }} footer={footer} destroyOnHidden>
      {result ? (
        <ImportReport result={result} onSave={() => { saveCsv(accountsCsv(result.accounts), '从业人员账号清单.csv'); message.success('账号清单已下载，请妥善保管'); }} />
      ) : (
        <>
          <Steps
            size="small"
            style={{ marginBottom: 24 }}
            items={[{ title: '下载模板并填写' }, { title: '上传表格' }, { title: '查看导入结果' }]}
            current={file ? 1 : 0}
          />
          <Space orientation="vertical" style={{ width: '100%' }} size={16}>
            <Space wrap>
              <Button icon={<DownloadOutlined />} loading={downloading} onClick={() => void template()}>
                下载导入模板
              </Button>
              <Typography.Text type="secondary">模板第二页“说明”列出每列的填法和可填的值；一次最多 {IMPORT_MAX_ROWS} 行。</Typography.Text>
            </Space>
            {needsUnit && (
              <Form.Item label="导入到单位" required style={{ marginBottom: 0 }}>
                <Select
                  aria-label="导入到单位"
                  value={unitId}
                  onChange={setUnitId}
                  options={unitOptions}
                  showSearch={{ optionFilterProp: 'label' }}
                  placeholder="请选择已通过审核的会员单位"
                  style={{ width: 360 }}
                />
              </Form.Item>
            )}
            <FileUpload value={files} onChange={setFiles} accept=".xlsx" maxCount={1} maxSize={MAX_SIZE} buttonText="选择填好的表格（.xlsx）" />
            {running && <Alert type="info" showIcon title="正在逐行校验并保存，每行生成一个登录账号，行数较多时需要几分钟，请勿关闭页面。" />}
          </Space>
        </>
      )}
    </Modal>
  );
}

function ImportReport({ result, onSave }: { result: PractitionerImportResult; onSave: () => void }) {
  return (
    <Space orientation="vertical" style={{ width: '100%' }} size={16}>
      <Alert
        type={result.failed === 0 ? 'success' : result.created === 0 ? 'error' : 'warning'}
        showIcon
        title={`共 ${result.total} 行：成功导入 ${result.created} 行，失败 ${result.failed} 行`}
        description={result.failed > 0 ? '失败的行未保存任何内容。请按下表改正后，只把这些行重新导入。' : undefined}
      />
      {result.errors.length > 0 && (
        <Table
          size="small"
          rowKey="rowNumber"
          title={() => '失败的行'}
          pagination={result.errors.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
          dataSource={result.errors}
          columns={[
            { title: '行号', dataIndex: 'rowNumber', width: 80 },
            { title: '问题', dataIndex: 'messages', render: (messages: string[]) => messages.join('；') },
          ]}
        />
      )}
      {result.accounts.length > 0 && (
        <>
          <Alert
            type="warning"
            showIcon
            title="以下初始密码只显示这一次"
            description="关闭后无法再次查看。请下载账号清单或逐一复制，通过安全渠道告知本人；首次登录后须修改密码。"
            action={
              <Button size="small" onClick={onSave}>
                下载账号清单
              </Button>
            }
          />
          <Table
            size="small"
            rowKey="rowNumber"
            title={() => '已生成的登录账号'}
            pagination={result.accounts.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
            dataSource={result.accounts}
            columns={[
              { title: '行号', dataIndex: 'rowNumber', width: 80 },
              { title: '姓名', dataIndex: 'name', width: 120 },
              { title: '登录账号', dataIndex: 'loginAccount', render: (v: string) => <Typography.Text copyable>{v}</Typography.Text> },
              { title: '初始密码', dataIndex: 'initialPassword', render: (v: string) => <Typography.Text code copyable>{v}</Typography.Text> },
            ]}
          />
        </>
      )}
    </Space>
  );
}
