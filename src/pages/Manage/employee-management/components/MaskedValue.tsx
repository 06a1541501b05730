/**
 * A masked ID number or phone with a 查看 button for viewers allowed to see the whole value
 * (staff with the reveal permission, the practitioner's own unit). The whole value is fetched
 * only on request, shown in a dialog that says the look-up was recorded, and never kept.
 */
import EyeOutlined from '@ant-design/icons/EyeOutlined';
import { Alert, Button, Modal, Space, Typography } from 'antd';
import { useState } from 'react';
import type { RevealBody } from '@common/schemas/membership';
import { revealPractitioner } from '@/services/practitioners';

export const FIELD_LABELS: Record<RevealBody['field'], string> = { idCardNo: '身份证号码', phone: '手机号码' };

export interface MaskedValueProps {
  practitionerId: string;
  name: string;
  field: RevealBody['field'];
  value: string | null;
  canReveal: boolean;
}

export default function MaskedValue({ practitionerId, name, field, value, canReveal }: MaskedValueProps) {
  const [loading, setLoading] = useState(false);
  const [whole, setWhole] = useState<string | null | undefined>(undefined);
  if (!value) return <span>-</span>;

  const reveal = async () => {
    setLoading(true);
    try {
      const result = await revealPractitioner(practitionerId, field);
      setWhole(result.value);
    } catch {
      // The request layer has shown why (no permission, not found).
    } finally {
      setLoading(false);
    }
  };

  return (
    <Space size={4}>
      <span className="masked-value">{value}</span>
      {canReveal && (
        <Button
          type="link"
          size="small"
          icon={<EyeOutlined />}
          loading={loading}
          style={{ paddingInline: 2, height: 'auto' }}
          aria-label={`查看${name}的完整${FIELD_LABELS[field]}`}
          onClick={() => void reveal()}
        >
          查看
        </Button>
      )}
      <Modal
        open={whole !== undefined}
        title={`${name}的${FIELD_LABELS[field]}`}
        onCancel={() => setWhole(undefined)}
        footer={
          <Button type="primary" onClick={() => setWhole(undefined)}>
            关闭
          </Button>
        }
        destroyOnHidden
      >
        <Typography.Paragraph copyable={whole ? { text: whole, tooltips: ['复制', '已复制'] } : false} style={{ fontSize: 18 }} data-testid="revealed-value">
          {whole ?? '（未填写）'}
        </Typography.Paragraph>
        <Alert type="info" showIcon title="本次查看已记入审计日志。个人信息仅限工作需要使用，请勿外传。" />
      </Modal>
    </Space>
  );
}
