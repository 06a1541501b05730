/**
 * Member units as staff manage them (API.md `member-units`, issue 7 "会员单位管理"): the list
 * and its export, one record, the staff edit, the workflow (approve, reject, suspend,
 * restore, cancel) and the member-window switch; plus the approved units for selects, which
 * any logged-in account may read. A unit's own record (/member-units/mine) is ownRoutes.ts's;
 * the public member window is publicRoutes.ts's.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import type { PermissionCode } from '@common/permissions';
import { Envelope, IdParams, PageResult } from '@common/schemas/common';
import {
  MEMBER_UNIT_STATUS_LABELS,
  MemberUnitApproveBody,
  MemberUnitApproveResult,
  MemberUnitCancelBody,
  MemberUnitExportQuery,
  MemberUnitListItem,
  MemberUnitListQuery,
  MemberUnitOption,
  MemberUnitOptionsQuery,
  MemberUnitRecord,
  MemberUnitRejectBody,
  MemberUnitRestoreBody,
  MemberUnitSuspendBody,
  MemberUnitUpdateBody,
  MemberUnitWindowBody,
} from '@common/schemas/memberUnits';
import { requireUser, type RouteAccess } from '../../auth/guard';
import { beijingTime, exportFileName, sendXlsx, type XlsxColumn, type XlsxRow } from '../../excel';
import { ok } from '../../http/envelope';
import { errors } from '../../http/errors';
import { dictLabels } from '../experts/queries';
import { logOperation } from '../../oplog';
import { exportUnits, findUnitRow, listUnits, toUnitRecord, UNIT_ENTITY, unitOptions, unitSort } from './queries';
import { approveUnit, cancelUnit, rejectUnit, restoreUnit, setUnitWindow, suspendUnit, updateUnit } from './service';

const tags = ['会员单位'];
const staff = (permission: PermissionCode): { access: RouteAccess } => ({ access: { authTypes: [1], permission } });
const view = staff('member:unit:view');
const edit = staff('member:unit:edit');
const approve = staff('member:unit:approve');
const cancel = staff('member:unit:delete');
const exporting = staff('member:unit:export');

/** How many units a select offers at most (narrow with `keyword`). */
const OPTIONS_LIMIT = 500;

const EXPORT_COLUMNS: readonly XlsxColumn[] = [
  { header: '单位名称', key: 'name', width: 36 },
  { header: '统一社会信用代码', key: 'creditCode', width: 22 },
  { header: '法定代表人', key: 'legalRepresentative', width: 12 },
  { header: '联系人', key: 'contactPerson', width: 12 },
  { header: '联系电话', key: 'contactPhone', width: 16 },
  { header: '电子邮箱', key: 'email', width: 26 },
  { header: '会员级别', key: 'memberLevel', width: 14 },
  { header: '会员编号', key: 'memberNo', width: 12 },
  { header: '状态', key: 'status', width: 8 },
  { header: '状态原因', key: 'statusReason', width: 30 },
  { header: '入会日期', key: 'joinDate', width: 12 },
  { header: '有效期至', key: 'validUntil', width: 12 },
  { header: '会员之窗', key: 'showInWindow', width: 10 },
  { header: '从业人员（已通过）', key: 'practitionerCount', width: 12 },
  { header: '待审核变更', key: 'pendingChange', width: 10 },
  { header: '申请时间', key: 'createdAt', width: 20 },
];

/** `（状态 approved，关键字 正衡）` for the log; empty without filters. */
function describeFilters(query: MemberUnitExportQuery): string {
  const parts = Object.entries(query)
    .filter(([, v]) => v !== undefined && v !== '')
    .map(([k, v]) => `${k}=${String(v)}`);
  return parts.length ? `（${parts.join('，')}）` : '';
}

const memberUnitsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/member-units',
    { config: view, schema: { tags, summary: '会员单位列表', querystring: MemberUnitListQuery, response: { 200: Envelope(PageResult(MemberUnitListItem)) } } },
    async (request) => ok(await listUnits(app.db, request.query)),
  );

  app.get(
    '/member-units/export',
    { config: exporting, schema: { tags, summary: '导出会员单位（与列表相同的筛选和排序，.xlsx）', querystring: MemberUnitExportQuery } },
    async (request, reply) => {
      // A bad sort is refused with an envelope now, not as a broken download later.
      unitSort(request.query.sort);
      const levels = await dictLabels(app.db, 'member_level');
      // Contact details leave the system: the export is on record with its filters.
      await logOperation(app.db, request, { entity: UNIT_ENTITY, entityId: null, action: 'export', summary: `导出会员单位${describeFilters(request.query)}` });
      async function* rows(): AsyncGenerator<XlsxRow> {
        for await (const unit of exportUnits(app.db, request.query)) {
          yield {
            ...unit,
            memberLevel: unit.memberLevel ? (levels.get(unit.memberLevel) ?? unit.memberLevel) : null,
            status: MEMBER_UNIT_STATUS_LABELS[unit.status],
            showInWindow: unit.showInWindow,
            pendingChange: unit.pendingChange !== null,
            createdAt: beijingTime(unit.createdAt),
          };
        }
      }
      return sendXlsx(reply, { fileName: exportFileName('会员单位', app.clock()), sheetName: '会员单位', columns: EXPORT_COLUMNS, rows: rows() });
    },
  );

  app.get(
    '/member-units/options',
    {
      config: { access: {} },
      schema: { tags, summary: '已通过审核的会员单位（下拉选择用）', querystring: MemberUnitOptionsQuery, response: { 200: Envelope(Type.Array(MemberUnitOption)) } },
    },
    async (request) => ok(await unitOptions(app.db, request.query.keyword, OPTIONS_LIMIT)),
  );

  app.get(
    '/member-units/:id',
    { config: view, schema: { tags, summary: '会员单位详情（含材料、证书、审核记录）', params: IdParams, response: { 200: Envelope(MemberUnitRecord) } } },
    async (request) => {
      const row = await findUnitRow(app.db, request.params.id);
      if (!row) throw errors.notFound('会员单位');
      return ok(await toUnitRecord(app.db, row, app.clock()));
    },
  );

  app.put(
    '/member-units/:id',
    {
      config: edit,
      schema: { tags, summary: '修改会员单位（工作人员直接修改，含关键信息和会员级别；带上读取时的 version）', params: IdParams, body: MemberUnitUpdateBody, response: { 200: Envelope(Type.Null()) } },
    },
    async (request) => {
      await updateUnit(request, requireUser(request), request.params.id, request.body);
      return ok(null, '会员单位已保存');
    },
  );

  app.post(
    '/member-units/:id/approve',
    {
      config: approve,
      schema: { tags, summary: '审核通过（生成会员编号、入会日期、有效期和会员证书）', params: IdParams, body: MemberUnitApproveBody, response: { 200: Envelope(MemberUnitApproveResult) } },
    },
    async (request) => {
      const result = await approveUnit(request, requireUser(request), request.params.id, request.body);
      return ok(result, `审核通过，会员编号 ${result.memberNo}`);
    },
  );

  app.post(
    '/member-units/:id/reject',
    { config: approve, schema: { tags, summary: '驳回入会申请（须填写原因）', params: IdParams, body: MemberUnitRejectBody, response: { 200: Envelope(Type.Null()) } } },
    async (request) => {
      await rejectUnit(request, requireUser(request), request.params.id, request.body);
      return ok(null, '已驳回入会申请');
    },
  );

  app.post(
    '/member-units/:id/suspend',
    { config: approve, schema: { tags, summary: '暂停会员资格（须填写原因）', params: IdParams, body: MemberUnitSuspendBody, response: { 200: Envelope(Type.Null()) } } },
    async (request) => {
      await suspendUnit(request, requireUser(request), request.params.id, request.body);
      return ok(null, '已暂停会员资格');
    },
  );

  app.post(
    '/member-units/:id/restore',
    { config: approve, schema: { tags, summary: '恢复会员资格', params: IdParams, body: MemberUnitRestoreBody, response: { 200: Envelope(Type.Null()) } } },
    async (request) => {
      await restoreUnit(request, requireUser(request), request.params.id, request.body);
      return ok(null, '已恢复会员资格');
    },
  );

  app.post(
    '/member-units/:id/cancel',
    {
      config: cancel,
      schema: { tags, summary: '注销会员资格（须填写原因；吊销会员证书，停用单位账号）', params: IdParams, body: MemberUnitCancelBody, response: { 200: Envelope(Type.Null()) } },
    },
    async (request) => {
      await cancelUnit(request, requireUser(request), request.params.id, request.body);
      return ok(null, '已注销会员资格');
    },
  );

  app.post(
    '/member-units/:id/window',
    { config: edit, schema: { tags, summary: '在会员之窗展示或撤下（仅已通过的单位）', params: IdParams, body: MemberUnitWindowBody, response: { 200: Envelope(Type.Null()) } } },
    async (request) => {
      await setUnitWindow(request, requireUser(request), request.params.id, request.body);
      return ok(null, request.body.show ? '已在会员之窗展示' : '已从会员之窗撤下');
    },
  );
};

export default memberUnitsRoutes;
