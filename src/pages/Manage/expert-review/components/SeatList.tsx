/**
 * The panel's seats in a task's detail: the seats in use (invited or confirmed), the backups
 * waiting in rank order, and the seats that ended (declined, no answer, voided by a new round).
 * A seat names its expert only when the server sends the name (sealing: common/schemas/reviewTasks.ts);
 * otherwise it reads 专家1…专家N. Each seat's buttons are the seat's `actions`: 确认参加,
 * 婉拒 (with a reason), 未答复, 录入评分表, 评分链接.
 */
import { App, Button, Form, Popconfirm, Radio, Rate, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { REVIEW_TEXT_MAX, type ReviewSeat, type ReviewTaskDetail } from '@common/schemas/reviewTasks';
import { formatDateTime } from '@/components/ListPage';
import ReasonModal, { type ReasonRequest } from '@/components/ReasonModal';
import { labelOf, optionsOf, type Dictionary } from '@/hooks/useDictionaries';
import { recordReviewResponse } from '@/services/reviewTasks';
import { SEAT_STATUS_COLORS, seatStatusLabel } from './reviewWords';
import styles from './SeatList.less';

const IN_USE = new Set(['invited', 'confirmed']);

/** 专家2（张三） where the name is sent, 专家2 where it is sealed. */
export function seatName(seat: Pick<ReviewSeat, 'label' | 'expertName'>): string {
  return seat.expertName ? `${seat.label}（${seat.expertName}）` : seat.label;
}

export interface SeatListProps {
  task: ReviewTaskDetail;
  categories: Dictionary;
  declineReasons: Dictionary;
  onChanged: () => void;
  onSheet: (seat: ReviewSeat) => void;
  onLink: (seat: ReviewSeat) => void;
}

interface DeclineFields {
  kind?: string;
}

function SeatItem({ seat, task, categories, onChanged, onSheet, onLink, onDecline }: Omit<SeatListProps, 'declineReasons'> & { seat: ReviewSeat; onDecline: (seat: ReviewSeat) => void }) {
  const { message } = App.useApp();
  const answer = async (kind: 'confirmed' | 'no_answer', done: string) => {
    try {
      await recordReviewResponse(task.id, task.version, seat.id, kind);
      message.success(done);
      onChanged();
    } catch {
      // The request layer has said why.
    }
  };
  const name = seatName(seat);
  const facts = [seat.expertWorkUnit, seat.expertCategory ? labelOf(categories, seat.expertCategory) : null, seat.expertPhone].filter(Boolean);
  return (
    <li className={styles.seat} aria-label={name}>
      <div className={styles.head}>
        <Space wrap size={[8, 4]}>
          <Typography.Text strong>{name}</Typography.Text>
          <Tag color={SEAT_STATUS_COLORS[seat.status]}>{seatStatusLabel(seat.status)}</Tag>
          {seat.round > 1 && <Tag>第 {seat.round} 轮</Tag>}
          {seat.hasSheet && <Tag color="blue">已交评分表</Tag>}
          {seat.hasLink && <Tag color="cyan">已发评分链接</Tag>}
        </Space>
      </div>
      {facts.length > 0 && <Typography.Text type="secondary">{facts.join(' · ')}</Typography.Text>}
      <div className={styles.meta}>
        {seat.status === 'invited' && seat.answerDeadline && <span>答复期限：{formatDateTime(seat.answerDeadline)}</span>}
        {seat.answeredAt && <span>答复时间：{formatDateTime(seat.answeredAt)}</span>}
        {seat.answerReason && <span>婉拒原因：{seat.answerReason}</span>}
        {seat.rating !== null && (
          <span>
            评价：<Rate disabled value={seat.rating} style={{ fontSize: 14 }} />
            {seat.ratingComment ? ` ${seat.ratingComment}` : ''}
          </span>
        )}
      </div>
      {seat.actions.length > 0 && (
        <Space wrap size={8} className={styles.actions}>
          {seat.actions.includes('confirm') && (
            <Popconfirm title={`记录${name}确认参加评审？`} okText="确认参加" cancelText="取消" onConfirm={() => answer('confirmed', `${name}已确认参加`)}>
              <Button size="small" type="primary">
                确认参加
              </Button>
            </Popconfirm>
          )}
          {seat.actions.includes('decline') && (
            <Button size="small" danger onClick={() => onDecline(seat)}>
              婉拒
            </Button>
          )}
          {seat.actions.includes('noAnswer') && (
            <Popconfirm
              title={`记录${name}逾期未答复？`}
              description="记录后由下一名备选专家递补。"
              okText="记录未答复"
              cancelText="取消"
              onConfirm={() => answer('no_answer', `已记录${name}未答复`)}
            >
              <Button size="small">未答复</Button>
            </Popconfirm>
          )}
          {seat.actions.includes('sheet') && (
            <Button size="small" type="primary" onClick={() => onSheet(seat)}>
              录入评分表
            </Button>
          )}
          {seat.actions.includes('replaceSheet') && (
            <Button size="small" onClick={() => onSheet(seat)}>
              替换评分表
            </Button>
          )}
          {seat.actions.includes('link') && (
            <Button size="small" onClick={() => onLink(seat)}>
              评分链接
            </Button>
          )}
        </Space>
      )}
    </li>
  );
}

export default function SeatList(props: SeatListProps) {
  const { task, declineReasons, onChanged } = props;
  const [declining, setDeclining] = useState<ReasonRequest<null, DeclineFields> | null>(null);

  const onDecline = (seat: ReviewSeat) => {
    const name = seatName(seat);
    setDeclining({
      title: `记录${name}婉拒`,
      alert: { type: 'info', title: '婉拒后由排名最前的备选专家递补；备选用完时可补抽。' },
      fields: (
        <Form.Item name="kind" label="婉拒原因" rules={[{ required: true, message: '请选择婉拒原因' }]}>
          <Radio.Group options={optionsOf(declineReasons)} />
        </Form.Item>
      ),
      label: '补充说明',
      optional: true,
      placeholder: '选填，如：当天已有其他评审安排',
      max: REVIEW_TEXT_MAX,
      okText: '记录婉拒',
      danger: true,
      run: (details, fields) => {
        const kind = labelOf(declineReasons, fields.kind);
        return recordReviewResponse(task.id, task.version, seat.id, 'declined', details ? `${kind}：${details}` : kind);
      },
      successMessage: `已记录${name}婉拒`,
      onDone: onChanged,
    });
  };

  const inUse = task.seats.filter((s) => IN_USE.has(s.status)).sort((a, b) => (a.seatNo ?? 0) - (b.seatNo ?? 0));
  const standby = task.seats.filter((s) => s.status === 'standby').sort((a, b) => (a.backupRank ?? 0) - (b.backupRank ?? 0));
  const ended = task.seats.filter((s) => !IN_USE.has(s.status) && s.status !== 'standby');
  const item = (seat: ReviewSeat) => <SeatItem key={seat.id} seat={seat} {...props} onDecline={onDecline} />;

  return (
    <>
      <ul className={styles.list} aria-label="评审专家">
        {inUse.map(item)}
      </ul>
      {standby.length > 0 && (
        <>
          <Typography.Title level={5} className={styles.group}>
            备选专家（按递补顺序）
          </Typography.Title>
          <ul className={styles.list} aria-label="备选专家">
            {standby.map(item)}
          </ul>
        </>
      )}
      {ended.length > 0 && (
        <>
          <Typography.Title level={5} className={styles.group}>
            已婉拒、未答复或作废
          </Typography.Title>
          <ul className={styles.list} aria-label="已结束的席位">
            {ended.map(item)}
          </ul>
        </>
      )}
      <ReasonModal<null, DeclineFields> request={declining} onClose={() => setDeclining(null)} />
    </>
  );
}
