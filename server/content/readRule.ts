/**
 * Files of public content are public (server/files/readRules.ts): anyone may view or
 * download a file that is attached to (or shown in, or the cover of) a live article or
 * notice, the picture of a live carousel item, the logo of an enabled friendship link or of
 * a unit shown in the member window, or the photo of a public, active expert. The moment an
 * item goes offline its files stop being public with it.
 */
import type { FileReadRule } from '../files/readRules';
import { registerFileReadRule } from '../files/readRules';
import { liveArticle, liveNotice } from './publishing';

export const publicContentFileRule: FileReadRule = async (db, fileId, _user, at) => {
  const now = at.toISOString();
  const checks: (() => Promise<unknown>)[] = [
    () =>
      db
        .selectFrom('file_attachments')
        .innerJoin('articles', 'articles.id', 'file_attachments.owner_id')
        .select('file_attachments.file_id')
        .where('file_attachments.owner_type', '=', 'article')
        .where('file_attachments.file_id', '=', fileId)
        .where((eb) => liveArticle(eb, now))
        .limit(1)
        .executeTakeFirst(),
    () =>
      db.selectFrom('articles').select('articles.cover_file_id as file_id').where('articles.cover_file_id', '=', fileId).where((eb) => liveArticle(eb, now))
        .limit(1)
        .executeTakeFirst(),
    () =>
      db
        .selectFrom('file_attachments')
        .innerJoin('notices', 'notices.id', 'file_attachments.owner_id')
        .select('file_attachments.file_id')
        .where('file_attachments.owner_type', '=', 'notice')
        .where('file_attachments.file_id', '=', fileId)
        .where((eb) => liveNotice(eb, now))
        .limit(1)
        .executeTakeFirst(),
    () =>
      db
        .selectFrom('carousels')
        .select('image_file_id as file_id')
        .where('image_file_id', '=', fileId)
        .where('enabled', '=', 1)
        .where((eb) => eb.and([eb.or([eb('show_from', 'is', null), eb('show_from', '<=', now)]), eb.or([eb('show_until', 'is', null), eb('show_until', '>', now)])]))
        .limit(1)
        .executeTakeFirst(),
    () =>
      db.selectFrom('friendly_links').select('logo_file_id as file_id').where('logo_file_id', '=', fileId).where('enabled', '=', 1)
        .limit(1)
        .executeTakeFirst(),
    () =>
      db
        .selectFrom('member_units')
        .select('logo_file_id as file_id')
        .where('logo_file_id', '=', fileId)
        .where('status', '=', 'approved')
        .where('show_in_window', '=', 1)
        .limit(1)
        .executeTakeFirst(),
    () =>
      db.selectFrom('experts').select('photo_file_id as file_id').where('photo_file_id', '=', fileId).where('public', '=', 1).where('active', '=', 1)
        .limit(1)
        .executeTakeFirst(),
  ];
  for (const check of checks) {
    if (await check()) return true;
  }
  return false;
};

/** Idempotent: the rule set holds this one function once, however many apps start. */
export function registerPublicContentFileRule(): void {
  registerFileReadRule(publicContentFileRule);
}
