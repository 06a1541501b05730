/** Creating and editing notices: sanitising, the expiry rule, files, the search index. */
import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { NoticeCreateBody, NoticeUpdateBody } from '@common/schemas/content';
import type { AuthUser } from '../../security/user';
import { attachableInlineImages, setAttachments, SLOT_ATTACHMENT, SLOT_INLINE } from '../../content/files';
import { assertExpiryAfterPublish, publishFields } from '../../content/publishing';
import { sanitizeRichText } from '../../content/sanitize';
import type { DbOrTrx } from '../../db/types';
import { assertVersion, newAuditColumns, updateWithVersion } from '../../db/versioned';
import { assertAttachable } from '../../files/attach';
import { BizError, errors } from '../../http/errors';
import { logOperation } from '../../oplog';
import { syncSearchDocument } from '../../fulltext/indexer';
import { findNoticeRow } from './queries';

export const NOTICE_KIND = { table: 'notices', entity: 'notice', label: '公告' } as const;

async function clean(db: DbOrTrx, user: AuthUser, now: Date, body: NoticeCreateBody, publishAt: string | null) {
  const content = sanitizeRichText(body.content);
  if (!content.replace(/<[^>]*>/g, '').trim() && !/<img\b/i.test(content)) throw new BizError('正文不能为空');
  const expireAt = body.expireAt ? new Date(body.expireAt).toISOString() : null;
  assertExpiryAfterPublish(publishAt, expireAt);
  await assertAttachable(db, user, now, body.attachmentFileIds ?? [], '附件');
  return { content, expireAt, inline: await attachableInlineImages(db, user, now, content) };
}

async function writeFiles(trx: DbOrTrx, id: string, body: NoticeCreateBody, inline: string[], stamp: { now: string; by: string | null }) {
  await setAttachments(trx, { type: 'notice', id }, SLOT_ATTACHMENT, body.attachmentFileIds ?? [], stamp);
  await setAttachments(trx, { type: 'notice', id }, SLOT_INLINE, inline, stamp);
}

export async function createNotice(request: FastifyRequest, user: AuthUser, body: NoticeCreateBody): Promise<string> {
  const { db } = request.server;
  const now = request.server.clock().toISOString();
  const publishing = publishFields(body.saveAs, body.publishAt, now);
  const { content, expireAt, inline } = await clean(db, user, request.server.clock(), body, publishing.publish_at);
  const id = randomUUID();
  const stamp = { now, by: user.id };
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('notices')
      .values({ id, title: body.title.trim(), content, ...publishing, expire_at: expireAt, pinned: body.pinned ? 1 : 0, ...newAuditColumns(now, user.id) })
      .execute();
    await writeFiles(trx, id, body, inline, stamp);
    await syncSearchDocument(trx, 'notice', id);
    await logOperation(trx, request, {
      entity: 'notice',
      entityId: id,
      action: 'create',
      summary: `新增公告「${body.title.trim()}」（${publishing.status === 'published' ? '发布' : '草稿'}）`,
    });
  });
  return id;
}

export async function updateNotice(request: FastifyRequest, user: AuthUser, id: string, body: NoticeUpdateBody): Promise<void> {
  const { db } = request.server;
  const now = request.server.clock().toISOString();
  const row = await findNoticeRow(db, id);
  if (!row) throw errors.notFound('公告');
  assertVersion(row.version, body.version);
  const publishing = publishFields(body.saveAs, body.publishAt, now, row);
  const { content, expireAt, inline } = await clean(db, user, request.server.clock(), body, publishing.publish_at);
  const stamp = { now, by: user.id };
  await db.transaction().execute(async (trx) => {
    await updateWithVersion(
      trx,
      'notices',
      id,
      body.version,
      { title: body.title.trim(), content, ...publishing, expire_at: expireAt, pinned: body.pinned ? 1 : 0 },
      stamp,
    );
    await writeFiles(trx, id, body, inline, stamp);
    await syncSearchDocument(trx, 'notice', id);
    await logOperation(trx, request, { entity: 'notice', entityId: id, action: 'update', summary: `修改公告「${body.title.trim()}」` });
  });
}
