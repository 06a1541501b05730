/**
 * 评分链接: a confirmed expert's personal link to fill in their own score sheet without an
 * account. The server keeps only the token's hash, so the link is shown this once; it works
 * until the review closes, and a new link replaces the seat's earlier one.
 */
import CopyOutlined from '@ant-design/icons/CopyOutlined';
import { Alert, App, Button, Input, Modal, Space, Typography } from 'antd';
import { useState } from 'react';
import type { ReviewLinkAnswer, ReviewSeat, ReviewTaskDetail } from '@common/schemas/reviewTasks';
import { createReviewLink } from '@/services/reviewTasks';
import { seatName } from './SeatList';

export interface LinkModalProps {
  task: ReviewTaskDetail;
  seat: ReviewSeat | null;
  onClose: () => void;
  onDone: () => void;
}

/** The whole address to send: this site's origin and the page's path with the token after '#'. */
export const linkAddress = (answer: ReviewLinkAnswer) => `${window.location.origin}${answer.path}`;

export default function LinkModal({ task, seat, onClose, onDone }: LinkModalProps) {
  const { message } = App.useApp();
  const [link, setLink] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const create = async () => {
    if (!seat) return;
    setBusy(true);
    try {
      const answer = await createReviewLink(task.id, task.version, seat.id);
      setLink(linkAddress(answer));
      onDone();
    } catch {
      // The request layer has said why.
    } finally {
      setBusy(false);
    }
  };

  const copy = async () => {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link);
      message.success('链接已复制');
    } catch {
      message.warning('无法自动复制，请选中链接后手动复制');
    }
  };

  return (
    <Modal
      open={seat !== null}
      title={seat ? `评分链接：${seatName(seat)}` : '评分链接'}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{link ? '完成' : '取消'}</Button>}
      destroyOnHidden
      afterClose={() => setLink(null)}
    >
      {link ? (
        <Space orientation="vertical" size={12} style={{ width: '100%' }}>
          <Alert type="success" showIcon title="链接已生成，评审结束前有效" description="链接只显示这一次，请立即复制并发送给专家本人；不要转发给他人。" />
          <Space.Compact style={{ width: '100%' }}>
            <Input readOnly value={link} aria-label="评分链接" onFocus={(e) => e.target.select()} />
            <Button icon={<CopyOutlined />} onClick={() => void copy()}>
              复制
            </Button>
          </Space.Compact>
        </Space>
      ) : (
        <Space orientation="vertical" size={12} style={{ width: '100%' }}>
          <Typography.Paragraph style={{ marginBottom: 0 }}>
            专家打开链接后无需登录，即可查看评审事项并提交本人的评分表；评审结束后链接失效。
          </Typography.Paragraph>
          {seat?.hasLink && <Alert type="warning" showIcon title="该专家已有评分链接：生成新链接后，原链接立即失效。" />}
          <Button type="primary" loading={busy} onClick={() => void create()}>
            {seat?.hasLink ? '重新生成链接' : '生成链接'}
          </Button>
        </Space>
      )}
    </Modal>
  );
}
