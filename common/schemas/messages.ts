/**
 * Messages (消息中心): what workflow decisions, new submissions and reminders leave for one
 * account; the back-office header bell shows the unread count and the latest ones. An account
 * only ever sees and marks its own.
 */
import Type, { type Static } from 'typebox';
import { Nullable, PageQuery } from './common';

export const MESSAGE_KIND_VALUES = ['decision', 'submission', 'reminder', 'system'] as const;
export type MessageKindValue = (typeof MESSAGE_KIND_VALUES)[number];
export const MESSAGE_KIND_LABELS: Record<MessageKindValue, string> = {
  decision: '审核结果',
  submission: '待审核',
  reminder: '提醒',
  system: '系统消息',
};

/** How many messages the bell shows. */
export const MESSAGE_SUMMARY_SIZE = 5;

export const MessageListQuery = Type.Object(
  {
    current: PageQuery.properties.current,
    pageSize: PageQuery.properties.pageSize,
    kind: Type.Optional(Type.Enum(MESSAGE_KIND_VALUES, { title: '消息类型' })),
    /** true: unread only; false: read only. */
    unread: Type.Optional(Type.Boolean({ title: '未读' })),
  },
  { additionalProperties: false },
);
export type MessageListQuery = Static<typeof MessageListQuery>;

export const MessageRecord = Type.Object({
  id: Type.String(),
  kind: Type.Enum(MESSAGE_KIND_VALUES),
  title: Type.String(),
  body: Nullable(Type.String()),
  /** A back-office path to the record, or null. */
  link: Nullable(Type.String()),
  createdAt: Type.String(),
  readAt: Nullable(Type.String()),
});
export type MessageRecord = Static<typeof MessageRecord>;

export const MessageSummary = Type.Object({
  unread: Type.Integer(),
  latest: Type.Array(MessageRecord),
});
export type MessageSummary = Static<typeof MessageSummary>;

export const MessageReadAllResult = Type.Object({ count: Type.Integer() });
export type MessageReadAllResult = Static<typeof MessageReadAllResult>;
