/** Editing a site page: its content sanitised like articles', with the version read (optimistic lock). */
import type { FastifyRequest } from 'fastify';
import type { SitePageUpdateBody } from '@common/schemas/content';
import type { AuthUser } from '../../security/user';
import { sanitizeRichText } from '../../content/sanitize';
import { assertVersion, updateWithVersion } from '../../db/versioned';
import { errors } from '../../http/errors';
import { logOperation } from '../../oplog';
import { findSitePageRow, parseData } from './queries';

export async function updateSitePage(request: FastifyRequest, user: AuthUser, key: string, body: SitePageUpdateBody): Promise<void> {
  const { db } = request.server;
  const page = await findSitePageRow(db, key);
  if (!page) throw errors.notFound('页面');
  assertVersion(page.version, body.version);
  const now = request.server.clock().toISOString();
  // Structured fields (contact, footer) left out of the body stay as they were.
  const data = body.data ?? parseData(page.data);
  const title = body.title.trim();
  await db.transaction().execute(async (trx) => {
    await updateWithVersion(
      trx,
      'site_pages',
      page.id,
      body.version,
      { title, content: sanitizeRichText(body.content), data: JSON.stringify(data) },
      { now, by: user.id },
    );
    await logOperation(trx, request, { entity: 'site-page', entityId: page.key, action: 'update', summary: `修改网站页面「${title}」` });
  });
}
