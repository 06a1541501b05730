/**
 * Table types for Kysely. Portable across SQLite and PostgreSQL:
 * ids are text, timestamps are ISO-8601 UTC text (`new Date().toISOString()`, which sorts
 * and compares correctly as text), booleans are integers 0/1 on both dialects.
 *
 * Later modules add their tables here and a migration in ./migrations/index.ts.
 */
import type { Generated, Insertable, Kysely, Selectable, Transaction, Updateable } from 'kysely';
import type { CreditTables } from './creditTypes';
import type { DomainTables } from './domainTypes';
import type { NotificationTables } from './notificationTypes';
import type { QualityReviewTables } from './qualityReviewTypes';

export type * from './domainTypes';
export type * from './qualityReviewTypes';
export type * from './notificationTypes';
export type * from './creditTypes';

/** 0 or 1; see `toBool` / `fromBool` in ./index.ts. */
export type IntBool = number;

export interface AccountsTable {
  id: string;
  login_account: string;
  password_hash: string;
  auth_type: number;
  name: string;
  phone: string | null;
  email: string | null;
  unit_id: string | null;
  practitioner_id: string | null;
  enabled: IntBool;
  must_change_password: IntBool;
  /** When the password was last set (staff passwords expire); null only before migration 0006. */
  password_changed_at: string | null;
  last_login_at: string | null;
  /** Unused since migration 0009: lock-outs are counted per login name in login_failures. */
  failed_login_count: number;
  /** Unused since migration 0009 (login_failures). */
  locked_until: string | null;
  version: number;
  created_at: string;
  created_by: string | null;
  updated_at: string;
  updated_by: string | null;
}

export interface RolesTable {
  id: string;
  code: string;
  name: string;
  description: string | null;
  built_in: IntBool;
  version: number;
  created_at: string;
  created_by: string | null;
  updated_at: string;
  updated_by: string | null;
}

export interface RolePermissionsTable {
  role_id: string;
  permission_code: string;
}

export interface AccountRolesTable {
  account_id: string;
  role_id: string;
}

export interface SessionsTable {
  id: string;
  /** SHA-256 of the token (hex); the token itself is never stored. */
  token_hash: string;
  account_id: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  revoked_at: string | null;
  ip: string | null;
  user_agent: string | null;
}

export interface LoginAttemptsTable {
  id: Generated<number>;
  ip: string;
  login_account: string;
  succeeded: IntBool;
  created_at: string;
}

/**
 * Wrong passwords in a row per login name and login type (migration 0009). Unused since migration
 * 0016: lock-outs are counted per login name, type and address in login_lockouts.
 */
export interface LoginFailuresTable {
  login_account: string;
  auth_type: number;
  failures: number;
  locked_until: string | null;
  updated_at: string;
}

/**
 * Wrong passwords in a row per login name, login type and client address, whether or not an
 * account holds the name (server/security/loginLockout.ts), and the lock-out they led to.
 */
export interface LoginLockoutsTable {
  login_account: string;
  auth_type: number;
  ip: string;
  failures: number;
  locked_until: string | null;
  updated_at: string;
}

export interface DictTypesTable {
  code: string;
  name: string;
  enabled: IntBool;
  created_at: string;
  updated_at: string;
}

export interface DictItemsTable {
  id: string;
  type_code: string;
  value: string;
  label: string;
  sort: number;
  enabled: IntBool;
  created_at: string;
  updated_at: string;
}

export interface StoredFilesTable {
  file_id: string;
  original_name: string;
  size: number;
  content_type: string;
  md5: string;
  storage_key: string;
  uploader_id: string | null;
  created_at: string;
}

/** A file the public sent without an account, for a day (migration 0016_anonymous_uploads, server/files/anonymousUpload.ts). */
export interface AnonymousUploadsTable {
  id: string;
  bucket: string;
  address: string;
  size: number;
  at: string;
  /** Null once a submission claimed the file. */
  file_id: string | null;
}

export interface OperationLogsTable {
  id: Generated<number>;
  actor_id: string | null;
  actor_name: string | null;
  created_at: string;
  entity: string;
  entity_id: string | null;
  action: string;
  summary: string;
  request_id: string | null;
  ip: string | null;
  /** 'success' | 'failure' (a refused login, for instance). */
  result: Generated<string>;
  user_agent: string | null;
  /** HMAC chained to the previous row (server/audit/chain.ts); null only before the start that chains old rows. */
  chain_hash: string | null;
}

/** A version token per set of tables kept in memory (migration 0015_data_versions). */
export interface DataVersionsTable {
  /** 'expert_library' */
  name: string;
  token: string;
}

/** Core tables here; the domain tables (member units, practitioners, ...) in ./domainTypes.ts, quality review's, notifications' and credit's beside it. */
export interface Database extends DomainTables, QualityReviewTables, NotificationTables, CreditTables {
  accounts: AccountsTable;
  roles: RolesTable;
  role_permissions: RolePermissionsTable;
  account_roles: AccountRolesTable;
  sessions: SessionsTable;
  login_attempts: LoginAttemptsTable;
  login_failures: LoginFailuresTable;
  login_lockouts: LoginLockoutsTable;
  dict_types: DictTypesTable;
  dict_items: DictItemsTable;
  stored_files: StoredFilesTable;
  anonymous_uploads: AnonymousUploadsTable;
  operation_logs: OperationLogsTable;
  data_versions: DataVersionsTable;
}

export type Db = Kysely<Database>;
/** A database handle or an open transaction: query helpers take either. */
export type DbOrTrx = Kysely<Database> | Transaction<Database>;

export type AccountRow = Selectable<AccountsTable>;
export type NewAccount = Insertable<AccountsTable>;
export type AccountUpdate = Updateable<AccountsTable>;
export type RoleRow = Selectable<RolesTable>;
export type SessionRow = Selectable<SessionsTable>;
export type StoredFileRow = Selectable<StoredFilesTable>;
export type NewStoredFile = Insertable<StoredFilesTable>;
