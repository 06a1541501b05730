/**
 * Member units: the public member window (/public/member-units, no token); the units as staff
 * manage them: the list and its export, one record, the staff edit, the workflow (approve,
 * reject, suspend, restore, cancel) and the member-window switch; plus the approved units for
 * selects, which any logged-in account may read. A unit's own record (/member-units/mine) and
 * the review of its key-information changes are ownRoutes.ts's, registered from here.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { PUBLIC_MESSAGES } from '@common/messages';
import type { PermissionCode } from '@common/permissions';
import { ApiStatus, Envelope, IdParams, PageResult } from '@common/schemas/common';
import {
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
import { PublicMemberUnit, PublicMemberUnitItem, PublicMemberUnitListQuery } from '@common/schemas/public';
import { requireUser, type RouteAccess } from '../../security/guard';
import { sendXlsx } from '../../excel';
import { ok } from '../../http/envelope';
import { BizError, errors } from '../../http/errors';
import { publicRead } from '../../http/readCache';
import { prepareUnitExport } from './export';
import memberUnitOwnRoutes from './ownRoutes';
import { findPublicUnit, listPublicUnits } from './publicQueries';
import { findUnitRow, listUnits, toUnitRecord, unitOptions } from './queries';
import { approveUnit, cancelUnit, rejectUnit, restoreUnit, setUnitWindow, suspendUnit, updateUnit } from './service';

const tags = ['会员单位'];
const publicTags = ['会员风采'];
const staff = (permission: PermissionCode): { access: RouteAccess } => ({ access: { authTypes: [1], permission } });
const view = staff('member:unit:view');
const edit = staff('member:unit:edit');
const approve = staff('member:unit:approve');
const cancel = staff('member:unit:delete');
const exporting = staff('member:unit:export');

/** How many units a select offers at most (narrow with `keyword`). */
const OPTIONS_LIMIT = 500;

const memberUnitsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(memberUnitOwnRoutes);

  app.get(
    '/public/member-units',
    {
      config: { access: { public: true } },
      schema: {
        tags: publicTags,
        summary: '会员单位窗口（公开；按会员级别、入会日期排列）',
        querystring: PublicMemberUnitListQuery,
        response: { 200: Envelope(PageResult(PublicMemberUnitItem)) },
      },
    },
    async (request) => ok(await publicRead(app, request, () => listPublicUnits(app.db, request.query))),
  );

  app.get(
    '/public/member-units/:id',
    {
      config: { access: { public: true } },
      schema: {
        tags: publicTags,
        summary: '会员单位详情（公开，含已审核的公开案例、近三年终评信用等级与公示期内的不良行为记录）',
        params: IdParams,
        response: { 200: Envelope(PublicMemberUnit) },
      },
    },
    async (request) => {
      const unit = await publicRead(app, request, () => findPublicUnit(app.db, request.params.id, app.clock()));
      // The same answer for a unit that does not exist and one that is not public: the
      // public site must not reveal which ids exist.
      if (!unit) throw new BizError(PUBLIC_MESSAGES.unitGone, ApiStatus.BusinessError, 404);
      return ok(unit);
    },
  );

  app.get(
    '/member-units',
    { config: view, schema: { tags, summary: '会员单位列表', querystring: MemberUnitListQuery, response: { 200: Envelope(PageResult(MemberUnitListItem)) } } },
    async (request) => ok(await listUnits(app.db, requireUser(request), request.query)),
  );

  app.get(
    '/member-units/export',
    { config: exporting, schema: { tags, summary: '导出会员单位（与列表相同的筛选和排序，.xlsx）', querystring: MemberUnitExportQuery } },
    async (request, reply) => sendXlsx(reply, await prepareUnitExport(request, request.query)),
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
      return ok(await toUnitRecord(app.db, requireUser(request), row, app.clock()));
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
