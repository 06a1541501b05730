/**
 * 录入评分表: staff type in one confirmed expert's paper sheet (the rubric's criteria with their
 * maximum points, the total as they type, comments, conclusion). A sheet already entered is
 * shown to be corrected; until the review closes a new one replaces it.
 */
import { Alert, Form } from 'antd';
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
  const [form] = Form.useForm<ScoreSheetValues>();
  const earlier = seat ? task.sheets.find((s) => s.seatId === seat.id) : undefined;

  return (
    <FormModal
      open={seat !== null}
      title={seat ? `评分表：${seatName(seat)}` : '评分表'}
      okText="保存评分表"
      form={form}
      initialValues={toSheetValues(earlier)}
      width={760}
      intro={
        earlier && (
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 16 }}
            title={`已有${earlier.source === 'expert' ? '专家本人提交' : '录入'}的评分表（${earlier.total} 分）`}
            description="保存后替换原评分表。"
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
        });
      }}
      successMessage={() => (seat ? `${seatName(seat)}的评分表已保存` : null)}
      onClose={onClose}
      onDone={onDone}
    >
      <ScoreSheetFields rubric={task.rubric} />
    </FormModal>
  );
}
