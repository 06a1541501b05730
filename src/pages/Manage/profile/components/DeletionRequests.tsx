/**
 * 个人信息删除请求 (staff holding system:personal-data:handle): the practitioners who withdrew
 * their consent. 同意删除 erases their personal data (asked first, it cannot be undone);
 * 不予删除 needs the reason (e.g. a legal duty to keep the record).
 */
import { App, Button, Form, Input, Modal, Space, Table, Typography, type TableColumnsType } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import type { DeletionRequestRecord } from '@common/schemas/profile';
import { formatDateTime } from '@/components/ListPage';
import { approveDeletion, deletionRequests, rejectDeletion } from '@/services/profile';

export default function DeletionRequests() {
  const { modal, message } = App.useApp();
  const [rows, setRows] = useState<DeletionRequestRecord[]>([]);
  const [loading, setLoading] = useState(false);
  const [rejecting, setRejecting] = useState<DeletionRequestRecord | null>(null);
  const [form] = Form.useForm<{ reason: string }>();

  const load = useCallback(async () => {
    setLoading(true);
    try {
      setRows((await deletionRequests({ status: 'pending', pageSize: 100 })).list);
    } catch {
      // The request layer has shown why.
    } finally {
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  const approve = (r: DeletionRequestRecord) =>
    modal.confirm({
      title: `同意删除「${r.practitionerName}」的个人信息？`,
      content: '其姓名将仅保留姓氏，身份证号码、手机号码、照片和证明材料将被删除，证书注销，登录账号停用。此操作不可撤销。',
      okText: '同意删除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: async () => {
        await approveDeletion(r.practitionerId, {});
        message.success('已删除该从业人员的个人信息');
        await load();
      },
    });

  const submitReject = async () => {
    if (!rejecting) return;
    const { reason } = await form.validateFields();
    await rejectDeletion(rejecting.practitionerId, { reason: reason.trim() });
    message.success('已处理：不予删除');
    setRejecting(null);
    form.resetFields();
    await load();
  };

  const columns: TableColumnsType<DeletionRequestRecord> = [
    { title: '从业人员', dataIndex: 'practitionerName' },
    { title: '所在单位', dataIndex: 'unitName', render: (v: string | null) => v ?? '—' },
    { title: '提交时间', dataIndex: 'submittedAt', width: 150, render: (v: string) => formatDateTime(v) },
    {
      title: '操作',
      key: 'actions',
      width: 180,
      render: (_v, r) => (
        <Space>
          <Button type="link" size="small" danger onClick={() => approve(r)}>
            同意删除
          </Button>
          <Button type="link" size="small" onClick={() => setRejecting(r)}>
            不予删除
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <>
      <Typography.Paragraph type="secondary">从业人员在个人中心撤回敏感个人信息处理同意后，在此处理其删除请求。</Typography.Paragraph>
      <Table<DeletionRequestRecord>
        size="small"
        rowKey="id"
        loading={loading}
        columns={columns}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 560 }}
        locale={{ emptyText: '暂无待处理的删除请求' }}
      />
      <Modal
        open={!!rejecting}
        title={rejecting ? `不予删除「${rejecting.practitionerName}」的个人信息` : ''}
        okText="确定"
        cancelText="取消"
        onOk={() => submitReject().catch(() => undefined)}
        onCancel={() => setRejecting(null)}
        destroyOnHidden
      >
        <Form form={form} layout="vertical">
          <Form.Item name="reason" label="理由" rules={[{ required: true, whitespace: true, message: '请填写不予删除的理由' }, { max: 500 }]}>
            <Input.TextArea rows={3} placeholder="如：依据档案管理规定，须保存至证书有效期届满" />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
