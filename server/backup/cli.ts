/**
 * `npm run backup -- <file.tar.gz> [--with-keys]` and `npm run restore -- <file.tar.gz>`, with
 * the server's own settings (DATABASE_URL or DATA_DIR, keys): see ./backup.ts and ./restore.ts.
 * Exit 0 when done, 1 with a message when refused.
 */
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config';
import { openDatabase } from '../db/index';
import { BackupError } from './archive';
import { createBackup } from './backup';
import { restoreBackup } from './restore';

const USAGE = '用法：npm run backup -- <备份文件.tar.gz> [--with-keys]    或    npm run restore -- <备份文件.tar.gz>';

function appVersion(): string {
  const pkg = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../../package.json'), 'utf8')) as { version?: string };
  return pkg.version ?? '0';
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  const withKeys = rest.includes('--with-keys');
  const files = rest.filter((a) => !a.startsWith('--'));
  if ((command !== 'backup' && command !== 'restore') || files.length !== 1 || (withKeys && command !== 'backup')) {
    console.error(USAGE);
    return 1;
  }
  const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), files[0] ?? '');
  const config = loadConfig();
  const db = openDatabase(config);
  try {
    if (command === 'backup') {
      if (fs.existsSync(file)) throw new BackupError(`文件 ${file} 已存在：请换一个文件名（不会覆盖已有的备份）`);
      const { manifest, bytes } = await createBackup(config, db, file, { withKeys, appVersion: appVersion() });
      const rows = manifest.tables.reduce((n, t) => n + t.rows, 0);
      console.log(`备份完成：${file}（${megabytes(bytes)}）：${manifest.tables.length} 张表 ${rows} 行，${manifest.files.length} 个文件。`);
      if (manifest.missingFiles.length > 0) console.warn(`注意：数据库登记的 ${manifest.missingFiles.length} 个文件在磁盘上找不到，未能备份：${manifest.missingFiles.slice(0, 5).join('、')}`);
      console.log(
        withKeys
          ? '备份中包含数据密钥：请像保管密钥一样保管这个文件。'
          : '备份中不含数据密钥（pii.key、audit.key 或 DATA_KEY、AUDIT_KEY）：请另行妥善备份，恢复时需要。',
      );
    } else {
      const summary = await restoreBackup(config, db, file);
      console.log(`恢复完成：${summary.tables} 张表 ${summary.rows} 行，${summary.files} 个文件${summary.migratedAfter > 0 ? `，并升级了 ${summary.migratedAfter} 个数据库迁移` : ''}。`);
    }
    return 0;
  } finally {
    await db.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof BackupError ? err.message : `失败：${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  },
);
