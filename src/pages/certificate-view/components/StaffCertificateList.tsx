/**
 * Certificate preview for staff (certificate:view): a drawer that searches every certificate by
 * number or holder, with kind and state filters, so that staff find one without knowing its
 * number; choosing one opens it on this page. Loaded lazily: the public page never loads it.
 * Plain antd only (no pro-components), to stay small.
 */
import { Button, Drawer, Input, Select, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useCallback, useEffect, useState } from 'react';
import {
  CERTIFICATE_KIND_LABELS,
  CERTIFICATE_STATE_LABELS,
  type CertificateListQuery,
  type CertificateRecord,
  type CertificateState,
} from '@common/schemas/certificates';
import type { Page } from '@common/schemas/common';
import { listCertificates } from '@/services/certificates';

export interface StaffCertificateListProps {
  /** Opens a certificate on the page (puts its number in the URL). */
  onOpen: (number: string) => void;
}

const STATE_COLORS: Record<CertificateState, string> = { valid: 'green', expired: 'orange', revoked: 'red' };
const PAGE_SIZE = 10;

type Filters = Pick<CertificateListQuery, 'keyword' | 'kind' | 'state'>;

export default function StaffCertificateList({ onOpen }: StaffCertificateListProps) {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [filters, setFilters] = useState<Filters>({});
  const [current, setCurrent] = useState(1);
  const [page, setPage] = useState<Page<CertificateRecord> | null>(null);
  const [status, setStatus] = useState<'idle' | 'loading' | 'failed'>('idle');

  const load = useCallback(async (query: Filters, pageNo: number) => {
    setStatus('loading');
    try {
      setPage(await listCertificates({ ...query, current: pageNo, pageSize: PAGE_SIZE }));
      setStatus('idle');
    } catch {
      // The request layer has said why.
      setStatus('failed');
    }
  }, []);

  useEffect(() => {
    if (open) void load(filters, current);
  }, [open, filters, current, load]);

  const columns: ColumnsType<CertificateRecord> = [
    {
      title: '证书编号',
      dataIndex: 'number',
      render: (number: string) => (
        <Button
          type="link"
          size="small"
          style={{ padding: 0 }}
          onClick={() => {
            onOpen(number);
            setOpen(false);
          }}
        >
          {number}
        </Button>
      ),
    },
    { title: '类型', dataIndex: 'kind', render: (kind: CertificateRecord['kind']) => CERTIFICATE_KIND_LABELS[kind] },
    { title: '持证人', dataIndex: 'holderName' },
    { title: '所属单位', dataIndex: 'unitName', ellipsis: true, render: (name: string | null) => name ?? '-' },
    { title: '有效期至', dataIndex: 'validUntil' },
    {
      title: '状态',
      dataIndex: 'state',
      render: (state: CertificateState) => <Tag color={STATE_COLORS[state]}>{CERTIFICATE_STATE_LABELS[state]}</Tag>,
    },
  ];

  const change = (next: Filters) => {
    setCurrent(1);
    setFilters(next);
  };

  return (
    <>
      <Button onClick={() => setOpen(true)}>证书列表</Button>
      <Drawer title="证书列表" open={open} onClose={() => setOpen(false)} size="large" destroyOnHidden>
        <Space wrap style={{ marginBottom: 16 }}>
          <Input.Search
            aria-label="证书编号或持证人"
            placeholder="证书编号或持证人"
            allowClear
            maxLength={100}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            onSearch={(value) => change({ ...filters, keyword: value.trim() || undefined })}
            style={{ width: 240 }}
          />
          <Select
            aria-label="证书类型"
            placeholder="证书类型"
            allowClear
            style={{ width: 140 }}
            value={filters.kind}
            onChange={(kind?: CertificateRecord['kind']) => change({ ...filters, kind })}
            options={Object.entries(CERTIFICATE_KIND_LABELS).map(([value, label]) => ({ value, label }))}
          />
          <Select
            aria-label="证书状态"
            placeholder="状态"
            allowClear
            style={{ width: 120 }}
            value={filters.state}
            onChange={(state?: CertificateState) => change({ ...filters, state })}
            options={Object.entries(CERTIFICATE_STATE_LABELS).map(([value, label]) => ({ value, label }))}
          />
        </Space>
        <Table<CertificateRecord>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={page?.list ?? []}
          loading={status === 'loading'}
          locale={{
            emptyText:
              status === 'failed' ? (
                <Space orientation="vertical">
                  <span>数据加载失败</span>
                  <Button size="small" onClick={() => void load(filters, current)}>
                    重试
                  </Button>
                </Space>
              ) : (
                '暂无证书'
              ),
          }}
          pagination={{
            current,
            pageSize: PAGE_SIZE,
            total: page?.total ?? 0,
            showSizeChanger: false,
            showTotal: (total) => `共 ${total} 条`,
            onChange: setCurrent,
          }}
        />
      </Drawer>
    </>
  );
}
