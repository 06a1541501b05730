/**
 * The name a stored file is shown and downloaded under, which may depend on who reads it. A file's
 * own name is what its uploader called it, and that can say who they are: a complaint's photo
 * named 举报人王小明_13800138000.jpg must reach the unit complained about as 附件1.jpg. The
 * module that holds such files registers a rule (server/modules/complaints/routes.ts); the
 * files' routes (./routes.ts: the preview's names, the downloads' Content-Disposition) ask
 * `shownFileName`. A rule answers the name to show this reader, or null to leave it to the next
 * rule and, at the end, the stored name.
 */
import type { AuthUser } from '../security/user';
import type { DbOrTrx } from '../db/types';

/** `user` is null for an anonymous caller, a signed address included (the name then must suit anyone). */
export type FileNameRule = (db: DbOrTrx, file: { fileId: string; name: string }, user: AuthUser | null) => Promise<string | null>;

const rules = new Set<FileNameRule>();

/** Adds a rule; returns a function that removes it again (tests). */
export function registerFileNameRule(rule: FileNameRule): () => void {
  rules.add(rule);
  return () => {
    rules.delete(rule);
  };
}

export async function shownFileName(db: DbOrTrx, file: { fileId: string; name: string }, user: AuthUser | null): Promise<string> {
  for (const rule of rules) {
    const name = await rule(db, file, user);
    if (name !== null) return name;
  }
  return file.name;
}
