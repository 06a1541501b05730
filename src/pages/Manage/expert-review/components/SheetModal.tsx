/**
 * 录入评分表: staff type in one confirmed expert's paper sheet (the rubric's criteria with their
 * maximum points, the total as they type, comments, conclusion). The sheet is the expert's: a
 * seat that has one (the seat's action `replaceSheet`, server/modules/expert-reviews/queries.ts)
 * is replaced only with a reason; the replaced sheet is kept whole and the expert is told.
 */
import { Alert, Form, Input } from 'antd';
import { REVIEW_TEXT_MAX } from '@common/schemas/reviewTasks';
import type { ReviewSeat, ReviewTaskDetail } from '@common/schemas/reviewTasks';
import FormModal from '@/components/FormModal';
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
  const [form] = Form.useForm<ScoreSheetValues & { reason?: string }>();
  const earlier = seat ? task.sheets.find((s) => s.seatId === seat.id) : undefined;
  const replacing = !!seat?.actions.includes('replaceSheet');

  return (
    <FormModal
      open={seat !== null}
      title={seat ? `评分表：${seatName(seat)}` : '评分表'}
      okText={replacing ? '替换评分表' : '保存评分表'}
      form={form}
      initialValues={toSheetValues(earlier)}
      width={760}
      intro={
        replacing &&
        earlier && (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 16 }}
            title={`已有${earlier.source === 'expert' ? '专家本人提交' : '录入'}的评分表（${earlier.total} 分）`}
            description="替换须填写原因：原评分表完整保留在评审记录中，评审结果注明替换，专家本人会收到通知。"
          />
        )
      }
      send={async (values) => {
        // The fields require the conclusion; this only narrows its type.
        if (!seat || !values.conclusion) throw new Error('请选择评审结论');
        await enterReviewSheet(task.id, {
          version: task.version,
          seatId: seat.id,
          scores: toSheetScores(values, task.rubric),
          comments: orNull(values.comments),
          conclusion: values.conclusion,
          ...(replacing ? { reason: values.reason?.trim() ?? '' } : {}),
        });
      }}
      successMessage={() => (seat ? `${seatName(seat)}的评分表已保存` : null)}
      onClose={onClose}
      onDone={onDone}
    >
      <ScoreSheetFields rubric={task.rubric} />
      {replacing && (
        <Form.Item name="reason" label="替换原因" rules={[{ required: true, whitespace: true, message: '请填写替换原因' }]}>
          <Input.TextArea rows={3} maxLength={REVIEW_TEXT_MAX} showCount placeholder="例如：专家本人来函更正评分（附来函）" />
        </Form.Item>
      )}
    </FormModal>
  );
}
