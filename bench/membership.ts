/**
 * Membership at scale (the speed targets below), on SQLite and, when BENCH_DATABASE_URL is
 * set, PostgreSQL, with 100 approved member units and 100,000 practitioners (ID numbers and
 * phones encrypted as the product stores them):
 * - the staff practitioner list with a keyword (a surname: a prefix of the name), one request
 *   at a time (LIST_RUNS, p50/p99), and through autocannon at LIST_CONNECTIONS connections;
 *   target p99 under 50 ms;
 * - the export of one unit's 10,000 practitioners through the API (target under 5 s);
 * - the import of a 10,000-row template through the API into an empty unit, every row valid,
 *   each making a record, an account, a review record and a log row (target under 15 s);
 * - the server's memory growth (resident set, sampled every 20 ms) during each of the two
 *   (target under 100 MB).
 */
import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { newAuditColumns } from '../server/db/versioned';
import type { Db, NewMemberUnit, NewPractitioner } from '../server/db/types';
import type { FieldCipher } from '../server/pii/cipher';
import { encryptPractitionerPii } from '../server/pii/fields';
import { adminToken, benchDialects, loadMedian, openBenchDatabase, rng, settleAfterSeeding, startApp, type LoadResult } from './lib';
import { percentile } from './stats';

export const PRACTITIONER_COUNT = 100_000;
export const UNIT_COUNT = 100;
/** The export's unit holds this many; the import fills an empty unit with as many rows. */
export const BULK_ROWS = 10_000;
export const LIST_CONNECTIONS = 50;
const LIST_RUNS = 200;

const SURNAMES = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤';
const GIVEN = '伟芳娜敏静丽强磊军洋勇艳杰娟涛明超秀霞平刚桂英华玉兰萍红鹏飞建国志宏海燕晓东文博思远欣怡子涵浩然雨萱';
const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];

/** A valid 18-character ID number, distinct for each `seq` up to 1,000 × 3,650. */
export function idCardOf(seq: number): string {
  const birth = new Date(Date.UTC(1965, 0, 1) + Math.floor(seq / 1000) * 86_400_000).toISOString().slice(0, 10).replaceAll('-', '');
  const body = `110105${birth}${String(seq % 1000).padStart(3, '0')}`;
  let sum = 0;
  for (let i = 0; i < 17; i += 1) sum += Number(body[i]) * ID_WEIGHTS[i];
  return body + '10X98765432'[sum % 11];
}

function nameOf(next: () => number): string {
  const given = Array.from({ length: next() < 0.6 ? 2 : 1 }, () => GIVEN[Math.floor(next() * GIVEN.length)]).join('');
  return SURNAMES[Math.floor(next() * SURNAMES.length)] + given;
}

export interface MembershipBenchRow {
  dialect: string;
  listHits: number;
  listEngine: { p50: number; p99: number };
  listHttp: LoadResult;
  exportRows: number;
  exportSeconds: number;
  exportMemoryMb: number;
  importRows: number;
  importSeconds: number;
  importMemoryMb: number;
  importFailures: number;
}

/** Runs `task` while sampling the resident set; returns its result, seconds and growth in MB. */
async function measured<T>(task: () => Promise<T>): Promise<{ value: T; seconds: number; growthMb: number }> {
  global.gc?.();
  const base = process.memoryUsage().rss;
  let peak = base;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const t0 = performance.now();
  try {
    const value = await task();
    const seconds = (performance.now() - t0) / 1000;
    peak = Math.max(peak, process.memoryUsage().rss);
    return { value, seconds: Number(seconds.toFixed(2)), growthMb: Number(((peak - base) / 2 ** 20).toFixed(1)) };
  } finally {
    clearInterval(timer);
  }
}

async function templateRows(count: number, firstSeq: number): Promise<Buffer> {
  const next = rng(7);
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('从业人员');
  sheet.addRow(['姓名', '身份证号码', '性别', '手机号码', '电子邮箱', '学历', '专业', '职称', '职务', '入职日期', '培训学时']);
  for (let i = 0; i < count; i += 1) {
    const seq = firstSeq + i;
    sheet.addRow([nameOf(next), idCardOf(seq), '', `139${String(seq).padStart(8, '0')}`, '', '大学本科', '社会学', '中级', '评估师', '2024-03-01', 40]);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/**
 * UNIT_COUNT units and PRACTITIONER_COUNT practitioners (ID numbers and phones encrypted as the
 * server stores them): unit 0 holds BULK_ROWS, the last unit stays empty, the rest share the others.
 */
export async function seedMembership(db: Db, pii: FieldCipher): Promise<void> {
  const now = new Date().toISOString();
  const units: NewMemberUnit[] = Array.from({ length: UNIT_COUNT }, (_, i) => ({
    id: `bench-unit-${i}`,
    name: `基准测试评估机构${i}有限公司`,
    credit_code: `91110105BENCH${String(i).padStart(5, '0')}`,
    legal_representative: '王某',
    contact_person: '李某',
    contact_phone: '010-12345678',
    email: null,
    address: null,
    established_on: null,
    registered_capital_fen: null,
    staff_count: null,
    member_level: null,
    member_no: `HY2026${String(i + 1).padStart(3, '0')}`,
    join_date: '2026-01-01',
    valid_until: '2027-01-01',
    business_scope: null,
    introduction: null,
    logo_file_id: null,
    show_in_window: 1,
    status: 'approved',
    reject_reason: null,
    pending_change: null,
    pending_change_at: null,
    ...newAuditColumns(now),
  }));
  await db.insertInto('member_units').values(units).execute();
  const next = rng(20261123);
  // Unit 0 holds BULK_ROWS (the export); the last unit stays empty (the import); the rest share the remainder.
  const unitOf = (i: number) => (i < BULK_ROWS ? 0 : 1 + ((i - BULK_ROWS) % (UNIT_COUNT - 2)));
  await db.transaction().execute(async (trx) => {
    let batch: NewPractitioner[] = [];
    for (let i = 0; i < PRACTITIONER_COUNT; i += 1) {
      batch.push({
        id: randomUUID(),
        name: nameOf(next),
        gender: null,
        ...encryptPractitionerPii(pii, { idCardNo: idCardOf(i), phone: `138${String(i).padStart(8, '0')}` }),
        email: null,
        education: null,
        major: null,
        professional_title: null,
        position: null,
        unit_id: `bench-unit-${unitOf(i)}`,
        entry_date: '2024-01-01',
        photo_file_id: null,
        training_hours: 0,
        certificate_no: `WPRY2026${String(i + 1).padStart(6, '0')}`,
        certificate_valid_until: '2027-01-01',
        status: 'approved',
        reject_reason: null,
        left_on: null,
        ...newAuditColumns(now),
      });
      if (batch.length === 500) {
        await trx.insertInto('practitioners').values(batch).execute();
        batch = [];
      }
    }
    if (batch.length) await trx.insertInto('practitioners').values(batch).execute();
  });
}

export async function runMembershipBench(log: (line: string) => void = console.log): Promise<MembershipBenchRow[]> {
  const rows: MembershipBenchRow[] = [];
  for (const dialect of benchDialects) {
    const bench = await openBenchDatabase(dialect);
    try {
      const { app, url } = await startApp(bench);
      try {
        log(`membership/${dialect}: seeding ${UNIT_COUNT} units and ${PRACTITIONER_COUNT} practitioners…`);
        await seedMembership(bench.db.kysely, app.pii);
        await settleAfterSeeding(bench);

        const token = await adminToken(url);

        // The list: a surname typed into the keyword box.
        const listUrl = `${url}/api/v1/practitioners?current=1&pageSize=10&keyword=${encodeURIComponent('张')}`;
        const probe = (await (await fetch(listUrl, { headers: { token } })).json()) as { status: number; message: string; data: { total: number } };
        if (probe.status !== 1) throw new Error(`list failed: ${probe.message}`);
        const times: number[] = [];
        for (let i = 0; i < LIST_RUNS; i += 1) {
          const t0 = performance.now();
          const res = await fetch(`${url}/api/v1/practitioners?current=${1 + (i % 5)}&pageSize=10&keyword=${encodeURIComponent(SURNAMES[i % 20])}`, { headers: { token } });
          await res.arrayBuffer();
          times.push(performance.now() - t0);
        }
        times.sort((a, b) => a - b);
        const listEngine = { p50: Number(percentile(times, 50).toFixed(1)), p99: Number(percentile(times, 99).toFixed(1)) };
        const listHttp = await loadMedian(listUrl, 3, { connections: LIST_CONNECTIONS, headers: { token } });
        log(`membership/${dialect} list "张" (${probe.data.total} hits): one at a time p50 ${listEngine.p50} ms p99 ${listEngine.p99} ms; ${LIST_CONNECTIONS} connections ${listHttp.rps.toFixed(0)} req/s p99 ${listHttp.p99} ms`);

        // The export of one unit's 10,000.
        // Timed to the last byte received; the file is opened afterwards (the reading is the
        // client's work, not the server's, and must not count in the server's memory).
        const download = await measured(async () => {
          const res = await fetch(`${url}/api/v1/practitioners/export?unitId=bench-unit-0`, { headers: { token } });
          if (res.status !== 200 || !res.body) throw new Error(`export failed: HTTP ${res.status}`);
          const chunks: Uint8Array[] = [];
          const reader = res.body.getReader();
          for (let part = await reader.read(); !part.done; part = await reader.read()) chunks.push(part.value);
          return Buffer.concat(chunks);
        });
        const workbook = new ExcelJS.Workbook();
        await workbook.xlsx.load(download.value as unknown as ArrayBuffer);
        const exported = { ...download, value: workbook.worksheets[0].actualRowCount - 1 };
        log(`membership/${dialect} export: ${exported.value} rows in ${exported.seconds} s, memory +${exported.growthMb} MB`);

        // The import of 10,000 valid rows into the empty unit, through the upload route as the page sends it.
        const content = await templateRows(BULK_ROWS, PRACTITIONER_COUNT);
        const imported = await measured(async () => {
          const form = new FormData();
          const fileId = randomUUID();
          const { createHash } = await import('node:crypto');
          form.set('fileId', fileId);
          form.set('md5', createHash('md5').update(content).digest('hex'));
          form.set('file', new Blob([new Uint8Array(content)]), '从业人员.xlsx');
          const up = (await (await fetch(`${url}/api/v1/file/upload`, { method: 'POST', headers: { token }, body: form })).json()) as { status: number; message: string; data: { fileId: string } };
          if (up.status !== 1) throw new Error(`upload failed: ${up.message}`);
          const res = (await (
            await fetch(`${url}/api/v1/practitioners/import`, {
              method: 'POST',
              headers: { token, 'content-type': 'application/json' },
              body: JSON.stringify({ fileId: up.data.fileId, unitId: `bench-unit-${UNIT_COUNT - 1}` }),
            })
          ).json()) as { status: number; message: string; data: { created: number; errors: unknown[] } };
          if (res.status !== 1) throw new Error(`import failed: ${res.message}`);
          return res.data;
        });
        log(`membership/${dialect} import: ${imported.value.created} created, ${imported.value.errors.length} failing rows in ${imported.seconds} s, memory +${imported.growthMb} MB`);

        rows.push({
          dialect,
          listHits: probe.data.total,
          listEngine,
          listHttp,
          exportRows: exported.value,
          exportSeconds: exported.seconds,
          exportMemoryMb: exported.growthMb,
          importRows: imported.value.created,
          importSeconds: imported.seconds,
          importMemoryMb: imported.growthMb,
          importFailures: imported.value.errors.length,
        });
      } finally {
        await app.close();
      }
    } finally {
      await bench.dispose();
    }
  }
  return rows;
}
