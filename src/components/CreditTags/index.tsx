/**
 * How the back office shows credit's words (common/credit.ts): polarity, points, an event's and a
 * rating's state, a tier, an objection's state. One place, so that 信用记录 and 信用评价 read alike.
 * Back-office pages only (antd); the public page has its own plain markup.
 */
import { Tag, Typography } from 'antd';
import {
  CREDIT_EVENT_STATUS_LABELS,
  CREDIT_OBJECTION_STATUS_LABELS,
  CREDIT_POLARITY_LABELS,
  CREDIT_RATING_STATUS_LABELS,
  CREDIT_TIER_LABELS,
  type CreditEventStatus,
  type CreditObjectionStatus,
  type CreditPolarity,
  type CreditRatingStatus,
  type CreditTier,
} from '@common/credit';

export function PolarityTag({ polarity }: { polarity: CreditPolarity }) {
  return <Tag color={polarity === 'bad' ? 'red' : 'green'}>{CREDIT_POLARITY_LABELS[polarity]}</Tag>;
}

/** -10 in red, +5 in green, 0 plain; always signed, so a glance tells which way it counts. */
export function pointsText(points: number): string {
  return points > 0 ? `+${points}` : String(points);
}

export function Points({ points, strong }: { points: number; strong?: boolean }) {
  const type = points < 0 ? 'danger' : points > 0 ? 'success' : undefined;
  return (
    <Typography.Text type={type} strong={strong}>
      {pointsText(points)}
    </Typography.Text>
  );
}

export function EventStatusTag({ status }: { status: CreditEventStatus }) {
  return <Tag color={status === 'active' ? 'blue' : 'default'}>{CREDIT_EVENT_STATUS_LABELS[status]}</Tag>;
}

const RATING_COLORS: Record<CreditRatingStatus, string> = { initial: 'processing', publicity: 'orange', final: 'green' };

export function RatingStatusTag({ status }: { status: CreditRatingStatus }) {
  return <Tag color={RATING_COLORS[status]}>{CREDIT_RATING_STATUS_LABELS[status]}</Tag>;
}

const TIER_COLORS: Record<CreditTier, string> = { A: 'green', B: 'blue', C: 'gold', D: 'red' };

/** `short`: "B 级"; otherwise the label with its word, "B 级（良好）". */
export function TierTag({ tier, short }: { tier: CreditTier; short?: boolean }) {
  return <Tag color={TIER_COLORS[tier]}>{short ? `${tier} 级` : CREDIT_TIER_LABELS[tier]}</Tag>;
}

const OBJECTION_COLORS: Record<CreditObjectionStatus, string> = { pending: 'orange', upheld: 'green', rejected: 'default' };

export function ObjectionStatusTag({ status }: { status: CreditObjectionStatus }) {
  return <Tag color={OBJECTION_COLORS[status]}>{CREDIT_OBJECTION_STATUS_LABELS[status]}</Tag>;
}

/** A 公示 window as "2026-12-01 至 2026-12-07", or '-' before publicize. */
export function windowText(from: string | null, until: string | null): string {
  return from && until ? `${from} 至 ${until}` : '-';
}
