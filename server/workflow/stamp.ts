/**
 * Who takes a workflow step and when: one reading of the clock per step, so that the row's
 * updated_at, its review record, its messages and its certificates all carry the same instant.
 * (Where the step came from, the address and user agent, is the audit row's: server/oplog.ts.)
 */
import type { FastifyRequest } from 'fastify';
import type { AuthUser } from '../security/user';

export interface Stamp {
  /** The instant as stored (toISOString text): created_at / updated_at and the like. */
  now: string;
  /** The acting account's id: created_by / updated_by. */
  by: string;
  /** The same instant as a Date, for the helpers that take one (reviews, messages, certificates). */
  at: Date;
}

/** The stamp of a step `user` takes in `request`; `{ now, by }` fits updateWithVersion's options as is. */
export function stampOf(request: FastifyRequest, user: AuthUser): Stamp {
  const at = request.server.clock();
  return { now: at.toISOString(), by: user.id, at };
}
