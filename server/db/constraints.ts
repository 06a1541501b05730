/**
 * Which kind of constraint a failed statement broke, on either database: PostgreSQL's SQLSTATE
 * (`code` 23505 / 23503, the constraint's name in `constraint`) and node:sqlite's extended
 * result code (`errcode` 2067 SQLITE_CONSTRAINT_UNIQUE, 1555 SQLITE_CONSTRAINT_PRIMARYKEY, 787
 * SQLITE_CONSTRAINT_FOREIGNKEY, the columns in the message). Used where a race past an earlier
 * check must become the rule's message rather than a 500.
 */
export type ConstraintKind = 'unique' | 'foreign';

interface DatabaseError {
  code?: unknown;
  errcode?: unknown;
  message?: unknown;
  constraint?: unknown;
  detail?: unknown;
}

const SQLITE_UNIQUE = new Set([2067, 1555]);
const SQLITE_FOREIGN_KEY = 787;

export function constraintBroken(err: unknown): ConstraintKind | null {
  if (typeof err !== 'object' || err === null) return null;
  const e = err as DatabaseError;
  if (e.code === '23505' || (typeof e.errcode === 'number' && SQLITE_UNIQUE.has(e.errcode))) return 'unique';
  if (e.code === '23503' || e.errcode === SQLITE_FOREIGN_KEY) return 'foreign';
  return null;
}

/** What an error says of the constraint it broke (its name, message and detail), to tell which rule. */
export function constraintText(err: unknown): string {
  if (typeof err !== 'object' || err === null) return '';
  const e = err as DatabaseError;
  return [e.message, e.constraint, e.detail].filter((v): v is string => typeof v === 'string').join(' ');
}
