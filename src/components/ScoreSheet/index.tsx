/**
 * A review's score sheet as a form (the rubric's criteria, each with its maximum; the total as
 * the points are typed; comments; the conclusion), shared by staff entering a paper sheet
 * (src/pages/Manage/expert-review) and an expert filling their own through their link
 * (src/pages/expert-review-sheet). The limits are the rubric's and the schema's; the server
 * checks them again.
 */
import { Form, InputNumber, Radio, Input, Typography, Space } from 'antd';
import { REVIEW_CONCLUSION_LABELS, REVIEW_CONCLUSION_VALUES, type ReviewConclusion } from '@common/expertReview';
import { REVIEW_COMMENTS_MAX, type RubricCriterion, type SheetScore } from '@common/schemas/reviewTasks';
import styles from './index.less';

export interface ScoreSheetValues {
  /** criterion → points */
  scores: Record<string, number | null | undefined>;
  comments?: string;
  conclusion?: ReviewConclusion;
}

/** The form's values from a sheet already entered (or empty ones). */
export function toSheetValues(sheet: { scores: SheetScore[]; comments: string | null; conclusion: ReviewConclusion } | null | undefined): ScoreSheetValues {
  if (!sheet) return { scores: {} };
  return {
    scores: Object.fromEntries(sheet.scores.map((s) => [s.criterion, s.points])),
    comments: sheet.comments ?? '',
    conclusion: sheet.conclusion,
  };
}

/** The body's scores, in the rubric's order. */
export function toSheetScores(values: ScoreSheetValues, rubric: readonly RubricCriterion[]): SheetScore[] {
  return rubric.map((c) => ({ criterion: c.criterion, points: Number(values.scores?.[c.criterion] ?? 0) }));
}

/** The sum of the points typed so far. */
export function sheetTotal(scores: ScoreSheetValues['scores'] | undefined): number {
  return Object.values(scores ?? {}).reduce<number>((sum, p) => sum + (typeof p === 'number' ? p : 0), 0);
}

export default function ScoreSheetFields({ rubric, disabled = false }: { rubric: readonly RubricCriterion[]; disabled?: boolean }) {
  const scores = Form.useWatch<ScoreSheetValues['scores'] | undefined>('scores');
  const max = rubric.reduce((sum, c) => sum + c.max, 0);
  return (
    <>
      <div className={styles.criteria} role="group" aria-label="评分">
        {rubric.map((c) => (
          <Form.Item
            key={c.criterion}
            name={['scores', c.criterion]}
            label={`${c.label}（满分 ${c.max}）`}
            className={styles.criterion}
            rules={[
              { required: true, message: `请给「${c.label}」打分` },
              { type: 'integer', min: 0, max: c.max, message: `「${c.label}」的得分应为 0–${c.max} 的整数` },
            ]}
          >
            <InputNumber min={0} max={c.max} precision={0} disabled={disabled} suffix={`/ ${c.max}`} style={{ width: 160 }} aria-label={`${c.label}得分`} />
          </Form.Item>
        ))}
      </div>
      <Space className={styles.total} aria-live="polite">
        <Typography.Text strong>合计</Typography.Text>
        <Typography.Text strong data-testid="sheet-total">
          {sheetTotal(scores)} / {max} 分
        </Typography.Text>
      </Space>
      <Form.Item name="conclusion" label="评审结论" rules={[{ required: true, message: '请选择评审结论' }]}>
        <Radio.Group disabled={disabled} options={REVIEW_CONCLUSION_VALUES.map((value) => ({ value, label: REVIEW_CONCLUSION_LABELS[value] }))} />
      </Form.Item>
      <Form.Item name="comments" label="评审意见" rules={[{ max: REVIEW_COMMENTS_MAX, message: `评审意见不能超过 ${REVIEW_COMMENTS_MAX} 个字符` }]}>
        <Input.TextArea rows={4} disabled={disabled} showCount maxLength={REVIEW_COMMENTS_MAX} placeholder="主要问题与修改建议" />
      </Form.Item>
    </>
  );
}
