/**
 * The backup archive (npm run backup / restore): one .tar.gz holding
 *
 *   manifest.json              what follows, with row counts and checksums (written first)
 *   tables/<table>.ndjson      one JSON array of column values per row, columns as in the manifest
 *   files/ab/<md5>             every stored file the tables refer to, under its storage key
 *   keys/pii.key, audit.key    only with --with-keys
 *
 * Portable by construction: every column is text, integer or bigint on both dialects (see
 * server/db/migrations/index.ts), so a row is the same JSON whichever database wrote it.
 */
import type { DialectName } from '../db/index';

export const BACKUP_FORMAT = 1;
export const BACKUP_APPLICATION = 'wenping-association';

export interface ManifestTable {
  name: string;
  columns: string[];
  rows: number;
  /** SHA-256 of the table's .ndjson entry. */
  sha256: string;
}

export interface ManifestFile {
  /** The storage key, which is also the entry's name: files/ab/<md5>. */
  path: string;
  size: number;
  md5: string;
}

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  application: typeof BACKUP_APPLICATION;
  appVersion: string;
  createdAt: string;
  sourceDialect: DialectName;
  /** The migrations the source had run, in order: the restore builds exactly this schema first. */
  migrations: string[];
  /** Key ids (fingerprints, not keys): the restore checks that the target uses the same keys. */
  keys: { pii: string | null; audit: string | null };
  includesKeys: boolean;
  tables: ManifestTable[];
  files: ManifestFile[];
  /** Storage keys that the tables name but that were not on disk when the backup was taken. */
  missingFiles: string[];
}

export const MANIFEST_ENTRY = 'manifest.json';
export const tableEntry = (table: string) => `tables/${table}.ndjson`;
export const KEY_ENTRIES = { pii: 'keys/pii.key', audit: 'keys/audit.key' } as const;

/** The only names an archive may hold: anything else (a path outside, a link) is refused. */
export const ENTRY_NAME = /^(manifest\.json|tables\/[a-z0-9_]{1,63}\.ndjson|files\/[0-9a-f]{2}\/[0-9a-f]{32}|keys\/(pii|audit)\.key)$/;

/** A backup or restore that cannot go on; the message is for the operator, in Chinese. */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

/** Values a row may hold: anything else would not survive the trip between dialects. */
export type CellValue = string | number | null;

export function toCell(value: unknown, table: string, column: string): CellValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number') return value;
  if (typeof value === 'bigint') return Number(value);
  throw new BackupError(`表 ${table} 的列 ${column} 含有无法移植的值（${typeof value}）`);
}
