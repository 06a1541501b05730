/** Creating and editing articles: files, sanitising, the publish permission, the search index. */
import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { hasPermission } from '@common/permissions';
import type { ArticleCreateBody, ArticleUpdateBody } from '@common/schemas/content';
import type { AuthUser } from '../../security/user';
import { attachableInlineImages, setAttachments, SLOT_ATTACHMENT, SLOT_INLINE } from '../../content/files';
import { publishFields } from '../../content/publishing';
import { sanitizeRichText } from '../../content/sanitize';
import type { DbOrTrx, PublishStatus } from '../../db/types';
import { assertVersion, newAuditColumns, updateWithVersion } from '../../db/versioned';
import { assertAttachable } from '../../files/attach';
import { BizError, errors } from '../../http/errors';
import { logOperation } from '../../oplog';
import { syncSearchDocument } from '../../fulltext/indexer';
import { findArticleRow } from './queries';

export const ARTICLE_KIND = { table: 'articles', entity: 'article', label: '文章' } as const;

/**
 * Publishing changes what visitors see, so it needs content:article:publish as well as
 * edit: saving as published, or changing an article that is published.
 */
function assertMayPublish(user: AuthUser, before: PublishStatus | null, after: PublishStatus): void {
  if ((before === 'published' || after === 'published') && !hasPermission(user, 'content:article:publish')) {
    throw errors.forbidden(before === 'published' ? '没有发布权限，不能修改已发布的文章' : '没有发布权限，请保存为草稿');
  }
}

interface CleanArticle {
  content: string;
  inline: string[];
}

/** Sanitised content, a non-empty body, existing files; the inline images that exist. */
async function clean(db: DbOrTrx, user: AuthUser, now: Date, body: ArticleCreateBody): Promise<CleanArticle> {
  const content = sanitizeRichText(body.content);
  if (!content.replace(/<[^>]*>/g, '').trim() && !/<img\b/i.test(content)) throw new BizError('正文不能为空');
  await assertAttachable(db, user, now, [body.coverFileId], '封面图片', { imagesOnly: true });
  await assertAttachable(db, user, now, body.attachmentFileIds ?? [], '附件');
  return { content, inline: await attachableInlineImages(db, user, now, content) };
}

async function writeFiles(trx: DbOrTrx, id: string, body: ArticleCreateBody, inline: string[], stamp: { now: string; by: string | null }) {
  await setAttachments(trx, { type: 'article', id }, SLOT_ATTACHMENT, body.attachmentFileIds ?? [], stamp);
  await setAttachments(trx, { type: 'article', id }, SLOT_INLINE, inline, stamp);
}

export async function createArticle(request: FastifyRequest, user: AuthUser, body: ArticleCreateBody): Promise<string> {
  const { db } = request.server;
  const now = request.server.clock().toISOString();
  const publishing = publishFields(body.saveAs, body.publishAt, now);
  assertMayPublish(user, null, publishing.status);
  const { content, inline } = await clean(db, user, request.server.clock(), body);
  const id = randomUUID();
  const stamp = { now, by: user.id };
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('articles')
      .values({
        id,
        title: body.title.trim(),
        category: body.category,
        summary: body.summary?.trim() || null,
        cover_file_id: body.coverFileId ?? null,
        content,
        author: body.author?.trim() || null,
        source: body.source?.trim() || null,
        ...publishing,
        pinned: body.pinned ? 1 : 0,
        view_count: 0,
        ...newAuditColumns(now, user.id),
      })
      .execute();
    await writeFiles(trx, id, body, inline, stamp);
    await syncSearchDocument(trx, 'article', id);
    await logOperation(trx, request, {
      entity: 'article',
      entityId: id,
      action: 'create',
      summary: `新增文章「${body.title.trim()}」（${publishing.status === 'published' ? '发布' : '草稿'}）`,
    });
  });
  return id;
}

export async function updateArticle(request: FastifyRequest, user: AuthUser, id: string, body: ArticleUpdateBody): Promise<void> {
  const { db } = request.server;
  const now = request.server.clock().toISOString();
  const row = await findArticleRow(db, id);
  if (!row) throw errors.notFound('文章');
  assertVersion(row.version, body.version);
  const publishing = publishFields(body.saveAs, body.publishAt, now, row);
  assertMayPublish(user, row.status, publishing.status);
  const { content, inline } = await clean(db, user, request.server.clock(), body);
  const stamp = { now, by: user.id };
  await db.transaction().execute(async (trx) => {
    await updateWithVersion(
      trx,
      'articles',
      id,
      body.version,
      {
        title: body.title.trim(),
        category: body.category,
        summary: body.summary?.trim() || null,
        cover_file_id: body.coverFileId ?? null,
        content,
        author: body.author?.trim() || null,
        source: body.source?.trim() || null,
        ...publishing,
        pinned: body.pinned ? 1 : 0,
      },
      stamp,
    );
    await writeFiles(trx, id, body, inline, stamp);
    await syncSearchDocument(trx, 'article', id);
    await logOperation(trx, request, { entity: 'article', entityId: id, action: 'update', summary: `修改文章「${body.title.trim()}」` });
  });
}
