/**
 * 录入评分表: staff type in one confirmed expert's paper sheet (the rubric's criteria with their
 * maximum points, the total as they type, comments, conclusion). A sheet already entered is
 * shown to be corrected; until the review closes a new one replaces it.
 */
import { Alert, App, Form, Modal } from 'antd';
import { useState } from 'react';
import type { ReviewSeat, ReviewTaskDetail } from '@common/schemas/reviewTasks';
import ScoreSheetFields, { toSheetScores, toSheetValues, type ScoreSheetValues } from '@/components/ScoreSheet';
import { orNull } from '@/components/ListPage';
import { enterReviewSheet } from '@/services/reviewTasks';
import { seatName } from './SeatList';

export interface SheetModalProps {
  task: ReviewTaskDetail;
  seat: ReviewSeat | null;
  onClose: () => void;
  onDone: () => void;
}

export default function SheetModal({ task, seat, onClose, onDone }: SheetModalProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<ScoreSheetValues>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const earlier = seat ? task.sheets.find((s) => s.seatId === seat.id) : undefined;

  const submit = async () => {
    if (!seat) return;
    const values = await form.validateFields().catch(() => null);
    if (!values?.conclusion) return; // the form shows what is missing
    setBusy(true);
    setError(null);
    try {
      await enterReviewSheet(task.id, {
        version: task.version,
        seatId: seat.id,
        scores: toSheetScores(values, task.rubric),
        comments: orNull(values.comments),
        conclusion: values.conclusion,
      });
      message.success(`${seatName(seat)}的评分表已保存`);
      onDone();
      onClose();
    } catch (err) {
      setError(err instanceof Error && err.message ? err.message : '保存失败，请稍后重试');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={seat !== null}
      title={seat ? `评分表：${seatName(seat)}` : '评分表'}
      okText="保存评分表"
      cancelText="取消"
      okButtonProps={{ loading: busy }}
      onOk={() => void submit()}
      onCancel={onClose}
      mask={{ closable: false }}
      width={760}
      destroyOnHidden
      afterClose={() => setError(null)}
    >
      {earlier && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={`已有${earlier.source === 'expert' ? '专家本人提交' : '录入'}的评分表（${earlier.total} 分）`}
          description="保存后替换原评分表。"
        />
      )}
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      <Form form={form} layout="vertical" preserve={false} initialValues={toSheetValues(earlier)}>
        <ScoreSheetFields rubric={task.rubric} />
      </Form>
    </Modal>
  );
}
