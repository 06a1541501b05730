/**
 * 抽取专家 / 重新抽取 / 补抽: what the draw will do (the panel's rules, the supervisor), a
 * reminder when the review is more than DRAW_EARLY_WARNING_DAYS days away (the server records
 * the same warning with the draw), the reason a new round needs, and the call. A pool too small
 * is refused by the server with how many are eligible and why the others are out: the dialog
 * shows those words and nothing was drawn.
 */
import { Alert, App, Descriptions, Form, Input, Modal } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { DRAW_EARLY_WARNING_DAYS, REVIEW_TEXT_MAX, type DrawAnswer, type ReviewTaskDetail } from '@common/schemas/reviewTasks';
import { labelOf, type Dictionary } from '@/hooks/useDictionaries';
import { drawReviewExperts, supplementReviewExperts } from '@/services/reviewTasks';

export type DrawKind = 'draw' | 'redraw' | 'supplement';

const TITLES: Record<DrawKind, string> = { draw: '抽取专家', redraw: '重新抽取', supplement: '补抽专家' };

export interface DrawModalProps {
  task: ReviewTaskDetail | null;
  kind: DrawKind;
  categories: Dictionary;
  specialties: Dictionary;
  onClose: () => void;
  onDone: () => void;
}

/** Days from today to the review day (negative once past). */
function daysUntil(reviewOn: string): number {
  return dayjs(reviewOn).startOf('day').diff(dayjs().startOf('day'), 'day');
}

export function drawDoneMessage(answer: DrawAnswer): string {
  const drawn = `第 ${answer.round} 轮抽取完成：从 ${answer.eligibleCount} 名可抽取专家中抽取评审专家 ${answer.panelCount} 名、备选 ${answer.backupCount} 名`;
  return answer.warning ? `${drawn}。注意：${answer.warning}` : drawn;
}

export default function DrawModal({ task, kind, categories, specialties, onClose, onDone }: DrawModalProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ reason?: string }>();
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const title = TITLES[kind];

  const submit = async () => {
    if (!task) return;
    // Only a new round has a field to check (the form is mounted only then).
    const values = kind === 'redraw' ? await form.validateFields().catch(() => null) : {};
    if (!values) return;
    setBusy(true);
    setRefusal(null);
    try {
      const answer =
        kind === 'supplement'
          ? await supplementReviewExperts(task.id, task.version)
          : await drawReviewExperts(task.id, task.version, kind === 'redraw' ? values.reason?.trim() : undefined);
      message.success(drawDoneMessage(answer), 6);
      onDone();
      onClose();
    } catch (err) {
      setRefusal(err instanceof Error && err.message ? err.message : '抽取失败，请稍后重试');
    } finally {
      setBusy(false);
    }
  };

  const days = task ? daysUntil(task.reviewOn) : 0;
  return (
    <Modal
      open={task !== null}
      title={task ? `${title}：${task.projectName}` : title}
      okText={title}
      cancelText="取消"
      okButtonProps={{ loading: busy, danger: kind === 'redraw' }}
      onOk={() => void submit()}
      onCancel={onClose}
      mask={{ closable: false }}
      destroyOnHidden
      afterClose={() => setRefusal(null)}
    >
      {task && (
        <>
          {refusal && <Alert type="error" showIcon title="未能抽取，未记录任何抽取结果" description={refusal} style={{ marginBottom: 16 }} />}
          {days > DRAW_EARLY_WARNING_DAYS && (
            <Alert
              type="warning"
              showIcon
              style={{ marginBottom: 16 }}
              title={`距评审日还有 ${days} 天`}
              description={`专家一般在评审前 ${DRAW_EARLY_WARNING_DAYS} 天内抽取；现在抽取将在抽取记录中留下提醒。`}
            />
          )}
          {kind === 'redraw' && (
            <Alert
              type="warning"
              showIcon
              style={{ marginBottom: 16 }}
              title="重新抽取为新的一轮"
              description="上一轮尚未答复和备选的专家席位将作废，上一轮的抽取记录保留不变。"
            />
          )}
          <Descriptions size="small" column={1} style={{ marginBottom: 16 }}>
            <Descriptions.Item label="评审日期">{task.reviewOn}</Descriptions.Item>
            <Descriptions.Item label="抽取人数">
              {kind === 'supplement' ? `空缺席位 ${task.vacantSeats} 个` : `评审专家 ${task.panelSize} 名，备选 ${task.backupCount} 名`}
            </Descriptions.Item>
            <Descriptions.Item label="类别要求">
              {task.requiredCategories.length ? task.requiredCategories.map((c) => labelOf(categories, c)).join('、') : '无'}
            </Descriptions.Item>
            <Descriptions.Item label="优先专业">
              {task.wantedSpecialties.length ? task.wantedSpecialties.map((s) => labelOf(specialties, s)).join('、') : '无'}
            </Descriptions.Item>
            <Descriptions.Item label="监督人">{task.supervisor}</Descriptions.Item>
          </Descriptions>
          <p>系统按回避规则排除有利害关系的专家后随机抽取，抽取记录（专家库、回避原因、随机种子、结果）保存后不可修改，可随时验证。</p>
          {kind === 'redraw' && (
            <Form form={form} layout="vertical" preserve={false}>
              <Form.Item
                name="reason"
                label="重新抽取原因"
                rules={[
                  { required: true, whitespace: true, message: '请填写重新抽取原因' },
                  { max: REVIEW_TEXT_MAX, message: `重新抽取原因不能超过 ${REVIEW_TEXT_MAX} 个字符` },
                ]}
              >
                <Input.TextArea rows={3} showCount maxLength={REVIEW_TEXT_MAX} placeholder="如：评审时间调整，原抽取专家多数无法参加" />
              </Form.Item>
            </Form>
          )}
        </>
      )}
    </Modal>
  );
}
