/**
 * 评价专家: after the review closes, staff rate each expert of the panel 1–5 with a comment
 * (the expert library shows the average; a low one flags the expert). The seats offered are
 * those whose `actions` hold 'rate'; a seat already rated shows its rating to be changed.
 */
import { Form, Input, Rate, Typography } from 'antd';
import { EXPERT_RATING_MAX, STANDING_RATING_THRESHOLD } from '@common/expertReview';
import { REVIEW_TEXT_MAX, type ReviewTaskDetail } from '@common/schemas/reviewTasks';
import FormModal from '@/components/FormModal';
import { orNull } from '@/components/ListPage';
import { rateReviewExperts } from '@/services/reviewTasks';
import { seatName } from './SeatList';

type RatingValues = Record<string, { rating?: number; comment?: string }>;

export interface RatingModalProps {
  task: ReviewTaskDetail;
  open: boolean;
  onClose: () => void;
  onDone: () => void;
}

export default function RatingModal({ task, open, onClose, onDone }: RatingModalProps) {
  const [form] = Form.useForm<RatingValues>();
  const seats = task.seats.filter((s) => s.actions.includes('rate'));
  const initialValues: RatingValues = Object.fromEntries(seats.map((s) => [s.id, { rating: s.rating ?? undefined, comment: s.ratingComment ?? '' }]));

  return (
    <FormModal
      open={open}
      title="评价评审专家"
      okText="保存评价"
      form={form}
      initialValues={initialValues}
      intro={
        <Typography.Paragraph type="secondary">
          按专家在本次评审中的履职情况打 1–{EXPERT_RATING_MAX} 分；近期平均低于 {STANDING_RATING_THRESHOLD} 分的专家会在专家库中标出。
        </Typography.Paragraph>
      }
      send={async (values) => {
        const ratings = seats.flatMap((s) => {
          const v = values[s.id];
          return v?.rating ? [{ seatId: s.id, rating: v.rating, comment: orNull(v.comment) }] : [];
        });
        if (ratings.length === 0) throw new Error('请至少为一名专家打分');
        await rateReviewExperts(task.id, { version: task.version, ratings });
        return ratings.length;
      }}
      successMessage={(rated) => `已评价 ${rated} 名专家`}
      onClose={onClose}
      onDone={onDone}
    >
      {seats.map((s) => (
        <div key={s.id}>
          <Form.Item name={[s.id, 'rating']} label={seatName(s)} style={{ marginBottom: 4 }}>
            <Rate count={EXPERT_RATING_MAX} aria-label={`${seatName(s)}的评价`} />
          </Form.Item>
          <Form.Item name={[s.id, 'comment']} rules={[{ max: REVIEW_TEXT_MAX, message: `评价说明不能超过 ${REVIEW_TEXT_MAX} 个字符` }]}>
            <Input placeholder="评价说明（选填）" maxLength={REVIEW_TEXT_MAX} aria-label={`${seatName(s)}的评价说明`} />
          </Form.Item>
        </div>
      ))}
    </FormModal>
  );
}
