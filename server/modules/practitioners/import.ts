/**
 * Importing practitioners from the Excel template (GET /practitioners/import-template,
 * POST /practitioners/import { fileId, unitId? }).
 *
 * 1. The whole sheet is read first, in a child process (server/excel readSheetInWorker), so
 *    that a sheet slow to parse delays no other request and one that kills its reader kills
 *    nothing else: a file that is not a spreadsheet, lacks the headers, has more than 10,000
 *    rows or a cell over 500 characters, reaches past the read bounds (SHEET_READ_LIMITS: rows,
 *    columns and cells read, blank or not; each part's inflated size and ratio, the shared
 *    strings and styles) or takes too long or too much memory to read is refused with its
 *    Chinese message before anything is stored.
 * 2. Every row is checked as the form is (name, ID number checksum, phone, e-mail, the
 *    dictionary labels, dates), then against the other rows (the same ID number twice) and
 *    the database (a live record of the same person), in batches; a member unit looks up one
 *    number per row against the form's budget (./idCardCheck.ts), and rows past it are
 *    reported, not looked up.
 * 3. The good rows are saved in batches, one transaction each (record + account + review + log
 *    per row); a batch that fails is saved again row by row: a failing row saves nothing, the
 *    good rows are saved. The answer lists every failing row
 *    with all its problems, and each new account's login name and password (shown once).
 *
 * Passwords are hashed with scrypt (server/security/passwords.ts), the slow part by design: the
 * hashes of the next rows are computed on libuv's thread pool while the current rows are
 * written, so both cores work.
 */
import type { FastifyRequest } from 'fastify';
import ExcelJS from 'exceljs';
import {
  IMPORT_COLUMNS,
  IMPORT_MAX_CELL_CHARS,
  IMPORT_MAX_ROWS,
  type ImportedAccount,
  type ImportRowError,
  type PractitionerImportBody,
  type PractitionerImportResult,
  PRACTITIONER_MESSAGES,
} from '@common/schemas/practitioners';
import { requireUser } from '../../security/guard';
import { generateInitialPassword } from '../../security/passwords';
import type { AuthUser } from '../../security/user';
import { beijingDay } from '@common/calendar';
import { readSheetInWorker, type SheetRow } from '../../excel';
import { canReadFile } from '../../files/readRules';
import { FileStorage } from '../../files/storage';
import { BizError, errors } from '../../http/errors';
import { logOperation } from '../../oplog';
import { encryptPractitionerPii, type PractitionerPiiColumns } from '../../pii/fields';
import { checkIdCard, checkPhoneField, checkPlainFields, genderOfIdCard, isRealDay, loadDictIndex, type DictField, type DictIndex, type PlainColumns } from './fields';
import { ID_CARD_LOOKUP_LIMIT } from '../../pii/idCardLookups';
import { duplicateMessageFor, liveHoldersOf, racedDuplicateMessage, takeImportLookups, type LiveHolder } from './idCardCheck';
import { insertPractitioner, insertPractitioners, isDuplicatePerson, type NewPractitionerInput } from './records';
import { targetUnit } from './service';
import { noticePractitionersSubmitted } from '../../notify/membership';

/** The template's example row; a file that still holds it is told to remove it. */
export const EXAMPLE_ROW: Record<string, string | number> = {
  姓名: '张三（示例）',
  身份证号码: '11010519491231002X',
  性别: '男',
  手机号码: '13800000000',
  电子邮箱: 'zhangsan@example.com',
  学历: '大学本科',
  专业: '社会学',
  职称: '中级',
  职务: '评估师',
  入职日期: '2024-03-01',
  培训学时: 40,
};
const EXAMPLE_MESSAGE = '这是模板中的示例行，请删除后再导入';

const REQUIRED_HEADERS = IMPORT_COLUMNS.filter((c) => c.required).map((c) => c.header);
/** Rows hashed together and saved in one transaction. */
const HASH_BATCH = 50;
const LOOKUP_BATCH = 500;

// ---- the template ------------------------------------------------------------------------------

/** The template: headers (required ones starred) and the example row; a second sheet 说明 explains each column and lists the dictionaries. */
export async function buildTemplate(request: FastifyRequest): Promise<Buffer> {
  const dicts = await loadDictIndex(request.server.db);
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('从业人员');
  sheet.columns = IMPORT_COLUMNS.map((c) => ({ header: c.required ? `${c.header}*` : c.header, key: c.header, width: c.header === '身份证号码' ? 22 : 14 }));
  sheet.getRow(1).font = { bold: true };
  sheet.addRow(EXAMPLE_ROW);
  // ID numbers and phones as text, so that Excel neither rounds them nor shows 1.1E+17.
  for (const header of ['身份证号码', '手机号码']) sheet.getColumn(header).numFmt = '@';
  sheet.views = [{ state: 'frozen', ySplit: 1 }];

  const help = workbook.addWorksheet('说明');
  help.columns = [
    { header: '列名', key: 'column', width: 14 },
    { header: '是否必填', key: 'required', width: 10 },
    { header: '填写说明', key: 'note', width: 60 },
    { header: '可填的值', key: 'values', width: 60 },
  ];
  help.getRow(1).font = { bold: true };
  const labels = (field: DictField) => [...dicts.byLabel[field].keys()].join('、');
  const dictOf: Record<string, DictField | undefined> = { 性别: 'gender', 学历: 'education', 职称: 'professionalTitle' };
  for (const c of IMPORT_COLUMNS) {
    const field = dictOf[c.header];
    help.addRow({ column: c.header, required: c.required ? '是' : '否', note: c.note, values: field ? labels(field) : '' });
  }
  help.addRow({});
  help.addRow({ column: '注意', note: '第一行为列名，请勿修改；第二行为示例，导入前请删除。每行一人，一次最多导入 10000 行。' });
  help.addRow({ column: '', note: '某一行有错误时该行不会导入，其余正确的行照常导入；导入后按结果中的行号改正错误行，再单独导入这些行。' });
  help.addRow({
    column: '',
    note: `会员单位每小时最多核验 ${ID_CARD_LOOKUP_LIMIT.limit} 个身份证号码（逐个登记、导入与单位变更调入查询合计）；超出的行本次不导入，结果中会列出，请稍后再导入这些行，人数较多时可请协会代为导入。`,
  });
  help.addRow({ column: '', note: '每位从业人员会生成一个登录账号和初始密码，仅在导入结果中显示一次，请及时下载或记录并告知本人。' });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

// ---- reading and checking ------------------------------------------------------------------------

interface GoodRow {
  rowNumber: number;
  columns: PlainColumns;
  pii: PractitionerPiiColumns;
}

/** Excel date serials (days since 1899-12-30), 2024/3/1, 2024.3.1 and 2024年3月1日 → 2024-03-01; anything else as is. */
export function normaliseDay(text: string): string {
  const value = text.trim();
  if (/^\d{5}(\.\d+)?$/.test(value)) {
    const d = new Date(Date.UTC(1899, 11, 30) + Math.floor(Number(value)) * 86_400_000);
    return d.toISOString().slice(0, 10);
  }
  const m = /^(\d{4})\s*[-/.年]\s*(\d{1,2})\s*[-/.月]\s*(\d{1,2})\s*日?$/.exec(value);
  if (m) return `${m[1]}-${m[2].padStart(2, '0')}-${m[3].padStart(2, '0')}`;
  return value;
}

function checkRow(
  row: SheetRow,
  dicts: DictIndex,
  today: string,
  pii: FastifyRequest['server']['pii'],
): { good?: GoodRow; messages: string[] } {
  const cell = (header: string) => (row.cells[header] ?? '').trim();
  if (cell('姓名') === EXAMPLE_ROW.姓名 && cell('身份证号码') === EXAMPLE_ROW.身份证号码) return { messages: [EXAMPLE_MESSAGE] };
  const messages: string[] = [];

  const id = checkIdCard(cell('身份证号码'));
  if (id.problem) messages.push(id.problem);
  const phone = checkPhoneField(cell('手机号码'));
  if (phone.problem) messages.push(phone.problem);

  const fromLabel = (field: DictField, header: string): string | null => {
    const label = cell(header);
    if (!label) return null;
    const value = dicts.byLabel[field].get(label) ?? (dicts.values[field].has(label) ? label : undefined);
    if (value === undefined) {
      messages.push(`${header}“${label}”不在字典中，可填：${[...dicts.byLabel[field].keys()].join('、')}`);
      return null;
    }
    return value;
  };
  let gender = fromLabel('gender', '性别');
  if (!gender && !cell('性别') && !id.problem && dicts.values.gender.has(genderOfIdCard(id.idCardNo))) gender = genderOfIdCard(id.idCardNo);

  const entryText = cell('入职日期');
  const entryDate = entryText ? normaliseDay(entryText) : null;
  if (entryDate && !isRealDay(entryDate)) messages.push(`入职日期“${entryText}”不是有效的日期（格式 2024-03-01）`);

  const hoursText = cell('培训学时');
  const hours = hoursText ? Number(hoursText) : 0;

  const { columns, problems } = checkPlainFields(
    {
      name: cell('姓名'),
      gender,
      email: cell('电子邮箱') || null,
      education: fromLabel('education', '学历'),
      major: cell('专业') || null,
      professionalTitle: fromLabel('professionalTitle', '职称'),
      position: cell('职务') || null,
      entryDate: entryDate && isRealDay(entryDate) ? entryDate : null,
      trainingHours: hours,
    },
    dicts,
    today,
  );
  messages.push(...problems);
  if (messages.length > 0) return { messages };
  return { good: { rowNumber: row.rowNumber, columns, pii: encryptPractitionerPii(pii, { idCardNo: id.idCardNo, phone: phone.phone }) }, messages };
}

const readAll = (path: string): Promise<SheetRow[]> =>
  readSheetInWorker(path, { headers: REQUIRED_HEADERS, maxRows: IMPORT_MAX_ROWS, maxCellChars: IMPORT_MAX_CELL_CHARS });

/** The uploaded file's place in the store; the caller must be allowed to read it. */
async function uploadedPath(request: FastifyRequest, user: AuthUser, fileId: string): Promise<string> {
  const { db } = request.server;
  const file = await db.selectFrom('stored_files').select(['file_id', 'uploader_id', 'storage_key']).where('file_id', '=', fileId).executeTakeFirst();
  if (!file) throw new BizError('导入文件不存在，请重新上传');
  if (!(await canReadFile(db, { fileId: file.file_id, uploaderId: file.uploader_id }, user, request.server.clock()))) throw errors.forbidden();
  return new FileStorage(request.server.appConfig.dataDir).pathOf(file.storage_key);
}

// ---- saving ---------------------------------------------------------------------------------------

interface Hashed {
  row: GoodRow;
  password: string;
  hash: string;
}

const hashBatch = (rows: GoodRow[]): Promise<Hashed[]> =>
  Promise.all(
    rows.map(async (row) => {
      const { password, hash } = await generateInitialPassword();
      return { row, password, hash };
    }),
  );

export async function importPractitioners(request: FastifyRequest, body: PractitionerImportBody): Promise<PractitionerImportResult> {
  const { db, pii } = request.server;
  const user = requireUser(request);
  const unit = await targetUnit(db, user, body.unitId);
  const rows = await readAll(await uploadedPath(request, user, body.fileId));
  if (rows.length === 0) throw new BizError('表格中没有数据行，请按导入模板填写后再上传');

  const now = request.server.clock();
  const today = beijingDay(now);
  const dicts = await loadDictIndex(db);
  const errorsByRow = new Map<number, string[]>();
  const fail = (rowNumber: number, ...messages: string[]) => errorsByRow.set(rowNumber, [...(errorsByRow.get(rowNumber) ?? []), ...messages]);

  // Each row alone, then against the rows before it.
  const good: GoodRow[] = [];
  const firstRowOf = new Map<string, number>();
  for (const row of rows) {
    const { good: ok, messages } = checkRow(row, dicts, today, pii);
    if (!ok) {
      fail(row.rowNumber, ...messages);
      continue;
    }
    const first = firstRowOf.get(ok.pii.id_card_hash);
    if (first !== undefined) {
      fail(row.rowNumber, `身份证号码与第${first}行重复`);
      continue;
    }
    firstRowOf.set(ok.pii.id_card_hash, row.rowNumber);
    good.push(ok);
  }

  // Against the database: live records of the same people, a batch of hashes per query, once
  // every row was checked on its own. A unit looks up one number per row against the form's
  // budget (./idCardCheck.ts): rows past what is left are not looked up (in sheet order, so
  // whatever their numbers), and a row is told of a live record only as ./idCardCheck.ts says.
  const granted = await takeImportLookups(request, user, good.length);
  for (const g of good.slice(granted)) fail(g.rowNumber, PRACTITIONER_MESSAGES.importRowNotLookedUp);
  const lookedUp = good.slice(0, granted);
  const live = new Map<string, LiveHolder>();
  for (let i = 0; i < lookedUp.length; i += LOOKUP_BATCH) {
    const found = await liveHoldersOf(db, lookedUp.slice(i, i + LOOKUP_BATCH).map((g) => g.pii.id_card_hash));
    for (const [hash, holder] of found) live.set(hash, holder);
  }
  const toSave = lookedUp.filter((g) => {
    const holder = live.get(g.pii.id_card_hash);
    if (holder === undefined) return true;
    fail(g.rowNumber, duplicateMessageFor(user, holder));
    return false;
  });

  // Save, the next batch's passwords hashing meanwhile. The rows were checked above, so a batch
  // is saved in one transaction (a transaction per row costs two more round trips each on
  // PostgreSQL); a batch that fails (a race with another request) is saved again row by row,
  // so that a failing row saves nothing and the good rows are saved.
  const accounts: ImportedAccount[] = [];
  const at = now.toISOString();
  const actor = { id: user.id, name: user.name };
  const inputOf = (item: Hashed): NewPractitionerInput => ({
    columns: item.row.columns,
    pii: item.row.pii,
    unitId: unit.id,
    photoFileId: null,
    passwordHash: item.hash,
    actor,
    now: at,
    how: `导入（第${item.row.rowNumber}行）`,
  });
  const saved = (item: Hashed, loginAccount: string) =>
    accounts.push({ rowNumber: item.row.rowNumber, name: item.row.columns.name, loginAccount, initialPassword: item.password });
  let pending: Promise<Hashed[]> | null = toSave.length ? hashBatch(toSave.slice(0, HASH_BATCH)) : null;
  for (let i = 0; pending; i += HASH_BATCH) {
    const batch: Hashed[] = await pending;
    pending = i + HASH_BATCH < toSave.length ? hashBatch(toSave.slice(i + HASH_BATCH, i + 2 * HASH_BATCH)) : null;
    const together = await db
      .transaction()
      .execute((trx) => insertPractitioners(trx, request, batch.map(inputOf)))
      .catch(() => null);
    if (together) {
      batch.forEach((item, k) => saved(item, together[k].loginAccount));
      continue;
    }
    for (const item of batch) {
      try {
        const created = await db.transaction().execute((trx) => insertPractitioner(trx, request, inputOf(item)));
        saved(item, created.loginAccount);
      } catch (err) {
        if (isDuplicatePerson(err)) fail(item.row.rowNumber, await racedDuplicateMessage(db, user, { hash: item.row.pii.id_card_hash }));
        else if (err instanceof BizError) fail(item.row.rowNumber, err.message);
        else {
          request.log.error({ err, rowNumber: item.row.rowNumber }, '导入从业人员：保存一行失败');
          fail(item.row.rowNumber, '保存失败，请稍后重新导入该行');
        }
      }
    }
  }

  const errorList: ImportRowError[] = [...errorsByRow.entries()].sort(([a], [b]) => a - b).map(([rowNumber, messages]) => ({ rowNumber, messages }));
  await db.transaction().execute(async (trx) => {
    await logOperation(trx, request, {
      entity: 'practitioner',
      entityId: null,
      action: 'import',
      summary: `为「${unit.name}」导入从业人员：共${rows.length}行，成功${accounts.length}行，失败${errorList.length}行`,
    });
    await noticePractitionersSubmitted(trx, unit.name, accounts.map((a) => a.name), 'imported', now);
  });
  return { total: rows.length, created: accounts.length, failed: errorList.length, errors: errorList, accounts };
}
