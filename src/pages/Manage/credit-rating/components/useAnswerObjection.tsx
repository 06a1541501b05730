/**
 * 答复异议 (ReasonModal): the objection's content and files above; 成立 with the events to
 * withdraw, chosen from that unit's items in the rating (those still in force), or 不成立; the
 * answer, required. Asked once more before it is sent (an answer is final; 成立 withdraws the
 * events and scores the unit again).
 */
import { Checkbox, Form, Radio, Space, Typography } from 'antd';
import { useCallback, useState, type ReactNode } from 'react';
import { CREDIT_POLARITY_LABELS } from '@common/credit';
import {
  CREDIT_ANSWER_MAX,
  CREDIT_MESSAGES as M,
  type CreditObjectionAnswered,
  type CreditObjectionDecision,
  type CreditObjectionDetail,
  type CreditObjectionRecord,
  type CreditScoreItem,
} from '@common/schemas/credit';
import { pointsText } from '@/components/CreditTags';
import ReasonModal, { type ReasonRequest } from '@/components/ReasonModal';
import RecordFiles from '@/components/RecordFiles';
import type { Said } from '@/services/api';
import { answerCreditObjection, getCreditObjection, getCreditRatingUnit } from '@/services/credit';

interface AnswerFields {
  decision?: CreditObjectionDecision;
  withdrawEventIds?: string[];
}

type AnswerRequest = ReasonRequest<Said<CreditObjectionAnswered>, AnswerFields>;

function itemLabel(item: CreditScoreItem): string {
  const who = item.practitionerName ? `（${item.practitionerName}）` : '';
  return `${item.occurredOn} ${item.kindLabel}${who} ${pointsText(item.points)} 分`;
}

function Fields({ items }: { items: readonly CreditScoreItem[] }) {
  const active = items.filter((i) => i.eventStatus === 'active');
  return (
    <>
      <Form.Item name="decision" label="答复结论" rules={[{ required: true, message: '请选择答复结论' }]}>
        <Radio.Group
          options={[
            { value: 'upheld', label: '异议成立（撤销所选信用记录并重算得分）' },
            { value: 'rejected', label: '异议不成立' },
          ]}
        />
      </Form.Item>
      <Form.Item noStyle shouldUpdate={(a: AnswerFields, b: AnswerFields) => a.decision !== b.decision}>
        {({ getFieldValue }) =>
          getFieldValue('decision') === 'upheld' ? (
            <Form.Item
              name="withdrawEventIds"
              label="要撤销的信用记录"
              rules={[{ required: true, type: 'array', min: 1, message: M.upheldNeedsEvents }]}
              extra={active.length === 0 ? '该单位本年度没有可撤销的信用记录，异议不能以成立答复' : undefined}
            >
              <Checkbox.Group style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
                {active.map((item) => (
                  <Checkbox key={item.eventId} value={item.eventId}>
                    <Space orientation="vertical" size={0}>
                      <span>
                        {itemLabel(item)} · {CREDIT_POLARITY_LABELS[item.polarity]}
                      </span>
                      <Typography.Text type="secondary">{item.description}</Typography.Text>
                    </Space>
                  </Checkbox>
                ))}
              </Checkbox.Group>
            </Form.Item>
          ) : null
        }
      </Form.Item>
    </>
  );
}

/** `ask(objection)` loads what the answer needs and opens the dialog; render `dialog` once. */
export function useAnswerObjection(onDone: () => void): { ask: (objection: CreditObjectionRecord) => Promise<void>; dialog: ReactNode } {
  const [request, setRequest] = useState<AnswerRequest | null>(null);

  const ask = useCallback(
    async (objection: CreditObjectionRecord) => {
      let detail: CreditObjectionDetail;
      let items: CreditScoreItem[];
      try {
        [detail, { items }] = await Promise.all([getCreditObjection(objection.id), getCreditRatingUnit(objection.ratingId, objection.unitId)]);
      } catch {
        return; // the request layer has said why
      }
      setRequest({
        title: `答复「${detail.unitName}」对${detail.year}年度评价的异议`,
        description: (
          <Space orientation="vertical" size={4} style={{ width: '100%' }}>
            <Typography.Text type="secondary">异议内容</Typography.Text>
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>{detail.content}</Typography.Paragraph>
            {detail.files.length > 0 && <RecordFiles files={detail.files} />}
          </Space>
        ),
        fields: <Fields items={items} />,
        label: '答复意见',
        max: CREDIT_ANSWER_MAX,
        okText: '提交答复',
        placeholder: '写明核查情况和结论，将通知该单位',
        extra: '答复后不能修改',
        confirm: { title: '提交答复？', content: '答复后不能修改，并通知该单位；异议成立时，所选信用记录随即撤销，该单位本年度得分和等级重新计算。', okText: '提交答复' },
        run: (answer, fields) => {
          const decision = fields.decision ?? 'rejected';
          return answerCreditObjection(detail.id, {
            version: detail.version,
            decision,
            answer,
            ...(decision === 'upheld' ? { withdrawEventIds: fields.withdrawEventIds ?? [] } : {}),
          });
        },
        successMessage: (said) => said.message || '已答复',
        onDone,
      });
    },
    [onDone],
  );

  return { ask, dialog: <ReasonModal request={request} onClose={() => setRequest(null)} /> };
}
