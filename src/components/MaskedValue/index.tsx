/**
 * A masked personal value (an ID number, a phone, an e-mail) with 查看 for those allowed to see
 * it whole. The whole value is fetched only on request (`reveal`, a server call that records the
 * look-up), shown in a dialog that says so and what it may be used for, and never kept.
 */
import EyeOutlined from '@ant-design/icons/EyeOutlined';
import { Alert, Button, Modal, Space, Typography } from 'antd';
import { useState } from 'react';

export interface MaskedValueProps {
  /** The masked value as the server sent it; nothing shows "-". */
  value: string | null;
  /** Whose value (张三, 投诉人) and what it is (手机号码), for the button and the dialog. */
  owner: string;
  what: string;
  canReveal: boolean;
  reveal: () => Promise<string | null>;
  /** What the dialog says after "本次查看已记入审计日志。". */
  notice: string;
}

export default function MaskedValue({ value, owner, what, canReveal, reveal, notice }: MaskedValueProps) {
  const [loading, setLoading] = useState(false);
  const [whole, setWhole] = useState<string | null | undefined>(undefined);
  if (!value) return <span>-</span>;

  const show = async () => {
    setLoading(true);
    try {
      setWhole(await reveal());
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
          aria-label={`查看${owner}的完整${what}`}
          onClick={() => void show()}
        >
          查看
        </Button>
      )}
      <Modal
        open={whole !== undefined}
        title={`${owner}的${what}`}
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
        <Alert type="info" showIcon title={`本次查看已记入审计日志。${notice}`} />
      </Modal>
    </Space>
  );
}
