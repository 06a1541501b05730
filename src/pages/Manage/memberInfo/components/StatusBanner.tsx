/**
 * Where the unit stands: 待审核 / 已驳回 (with the reason and 修改后重新提交) / 已通过 (member
 * number, join date, valid until) / 已暂停 / 已注销.
 */
import { Alert, Button, Popconfirm, Space } from 'antd';
import type { MemberInfoRecord } from '@common/schemas/memberInfo';

interface StatusBannerProps {
  record: MemberInfoRecord;
  onEdit: () => void;
  onResubmit: () => Promise<void>;
  resubmitting: boolean;
}

/** The reason of the last rejected registration, when the record itself no longer carries it. */
function rejectReasonOf(record: MemberInfoRecord): string | null {
  if (record.rejectReason) return record.rejectReason;
  const last = [...record.reviewHistory].reverse().find((r) => r.what === 'registration' && r.status === 'rejected');
  return last?.comment ?? null;
}

export default function StatusBanner({ record, onEdit, onResubmit, resubmitting }: StatusBannerProps) {
  switch (record.status) {
    case 'pending':
      return (
        <Alert
          type="info"
          showIcon
          title="入会申请待审核"
          description="协会正在审核您提交的入会材料，审核结果将在本页显示。审核前您仍可修改单位信息和材料。"
        />
      );
    case 'rejected':
      return (
        <Alert
          type="error"
          showIcon
          title="入会申请已驳回"
          description={
            <Space orientation="vertical" size={4}>
              <span>驳回原因：{rejectReasonOf(record) ?? '（未填写）'}</span>
              <span>请按驳回原因修改单位信息或补充材料后重新提交。</span>
            </Space>
          }
          action={
            <Space orientation="vertical">
              <Button size="small" onClick={onEdit}>
                修改信息
              </Button>
              <Popconfirm title="确认重新提交入会申请？" description="提交后将由协会重新审核。" okText="重新提交" cancelText="取消" onConfirm={onResubmit}>
                <Button size="small" type="primary" loading={resubmitting}>
                  修改后重新提交
                </Button>
              </Popconfirm>
            </Space>
          }
        />
      );
    case 'approved':
      return (
        <Alert
          type="success"
          showIcon
          title="已通过入会审核"
          description={
            <Space wrap size={24}>
              <span>会员编号：{record.memberNo ?? '-'}</span>
              <span>入会日期：{record.joinDate ?? '-'}</span>
              <span>有效期至：{record.validUntil ?? '-'}</span>
            </Space>
          }
        />
      );
    case 'suspended':
      return (
        <Alert
          type="warning"
          showIcon
          title="会员资格已暂停"
          description={`会员编号：${record.memberNo ?? '-'}。暂停期间单位不在会员风采中展示，如有疑问请联系协会。`}
        />
      );
    case 'cancelled':
      return <Alert type="error" showIcon title="会员资格已注销" description="单位已注销，信息仅供查看，不能再修改。" />;
  }
}
