/**
 * Who may read a stored file. The rule (the association's, docs/domain.md): reading a file
 * follows reading what it
 * is attached to; public content's files are public. Files know nothing of what they are
 * attached to, so the modules that attach them register rules here:
 *
 *   // server/modules/articles/routes.ts (later)
 *   registerFileReadRule(async (db, fileId) => isAttachmentOfPublishedArticle(db, fileId));
 *
 * Built in: the uploader may read their own files, and association staff read a file where a
 * permission of theirs covers a record that holds it (./holders.ts). Everyone — anonymous
 * callers included — may also read a file when some registered rule says yes (the owning unit,
 * the practitioner, public content).
 */
import { AuthType, hasPermission } from '@common/permissions';
import type { AuthUser } from '../security/user';
import type { DbOrTrx } from '../db/types';
import { FILE_HOLDERS } from './holders';

/** `now` is the server's clock (tests move it): public content is public from its publication time. */
export type FileReadRule = (db: DbOrTrx, fileId: string, user: AuthUser | null, now: Date) => Promise<boolean>;

const rules = new Set<FileReadRule>();

/** Adds a rule; returns a function that removes it again (tests). */
export function registerFileReadRule(rule: FileReadRule): () => void {
  rules.add(rule);
  return () => {
    rules.delete(rule);
  };
}

export async function canReadFile(
  db: DbOrTrx,
  file: { fileId: string; uploaderId: string | null },
  user: AuthUser | null,
  now: Date = new Date(),
): Promise<boolean> {
  if (user && file.uploaderId === user.id) return true;
  if (user?.authType === AuthType.Staff && (await staffMayRead(db, file.fileId, user))) return true;
  for (const rule of rules) {
    if (await rule(db, file.fileId, user, now)) return true;
  }
  return false;
}

/** Staff: some record that holds the file is covered by a permission of theirs. */
async function staffMayRead(db: DbOrTrx, fileId: string, user: AuthUser): Promise<boolean> {
  for (const holder of FILE_HOLDERS) {
    if (holder.staff.some((code) => hasPermission(user, code)) && (await holder.holds(db, fileId))) return true;
  }
  return false;
}
