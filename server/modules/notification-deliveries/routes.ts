/**
 * 通知记录, the one-off notice and the caller's own notice settings
 * (common/schemas/notifications.ts).
 *
 *   GET  /notice-deliveries                   list (rule, kind, state, channel, recipient, dates…)  notice:view
 *   GET  /notice-deliveries/export            the same filters as an .xlsx (addresses masked)       notice:export
 *   GET  /notice-deliveries/status            channels configured, counts by state                  notice:view
 *   GET  /notice-deliveries/:id               one record                                            notice:view
 *   POST /notice-deliveries/:id/reveal        the whole address (audited)                           notice:reveal
 *   POST /notice-deliveries/:id/resend        a failed, retrying, given-up or unconfigured one now   notice:manage
 *   POST /notice-deliveries/one-off/preview   who a one-off notice would reach                      notice:manage
 *   POST /notice-deliveries/one-off           send it                                               notice:manage
 *   GET  /user/notice-preferences             the caller's opt-out of optional e-mails (个人中心)    any account
 *   PUT  /user/notice-preferences             change it
 *
 * Addresses are personal information: masked in lists and exports, whole only through the
 * audited reveal; every answer is sent with Cache-Control: no-store.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { AuthType, type PermissionCode } from '@common/permissions';
import { Envelope, IdParams, PageResult } from '@common/schemas/common';
import {
  NoticeAddressReveal,
  NoticeDeliveryExportQuery,
  NoticeDeliveryListQuery,
  NoticeDeliveryRecord,
  NoticeDeliveryStatus,
  NoticePreferences,
  NoticePreferencesBody,
  OneOffPreview,
  OneOffPreviewBody,
  OneOffSendBody,
  OneOffSendResult,
} from '@common/schemas/notifications';
import { sendXlsx } from '../../excel';
import { ok } from '../../http/envelope';
import { errors } from '../../http/errors';
import { requireUser, type RouteAccess } from '../../security/guard';
import { prepareDeliveryExport } from './export';
import { previewOneOff, sendOneOff } from './oneOff';
import { noticePreferences, setNoticePreferences } from './preferences';
import { deliveryStatus, findDelivery, listDeliveries, sealedDeliveryIds, toDeliveryRecord } from './queries';
import { resendDelivery, revealAddress } from './service';

const tags = ['通知记录'];
const Done = Envelope(Type.Null());
const staff = (permission: PermissionCode): { access: RouteAccess } => ({ access: { authTypes: [AuthType.Staff], permission } });

const notificationDeliveriesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/notice-deliveries',
    {
      config: staff('notice:view'),
      schema: { tags, summary: '通知记录（地址脱敏；默认按创建时间倒序）', querystring: NoticeDeliveryListQuery, response: { 200: Envelope(PageResult(NoticeDeliveryRecord)) } },
    },
    async (request) => ok(await listDeliveries(app.db, app.pii, requireUser(request), request.query)),
  );

  // Before /notice-deliveries/:id, so that "export" and "status" are never taken for an id.
  app.get(
    '/notice-deliveries/export',
    { config: staff('notice:export'), schema: { tags, summary: '导出通知记录（Excel，筛选与排序同列表，地址脱敏）', querystring: NoticeDeliveryExportQuery } },
    async (request, reply) => sendXlsx(reply, await prepareDeliveryExport(request, request.query)),
  );

  app.get(
    '/notice-deliveries/status',
    { config: staff('notice:view'), schema: { tags, summary: '发送通道是否已配置，各状态的记录数', response: { 200: Envelope(NoticeDeliveryStatus) } } },
    async () => ok(await deliveryStatus(app.db, app.appConfig, app.clock())),
  );

  app.get(
    '/notice-deliveries/:id',
    { config: staff('notice:view'), schema: { tags, summary: '一条通知记录', params: IdParams, response: { 200: Envelope(NoticeDeliveryRecord) } } },
    async (request) => {
      const row = await findDelivery(app.db, request.params.id);
      if (!row) throw errors.notFound('通知记录');
      const user = requireUser(request);
      const sealed = await sealedDeliveryIds(app.db, user, [row]);
      return ok(toDeliveryRecord(user, row, sealed.has(row.id)));
    },
  );

  app.post(
    '/notice-deliveries/:id/reveal',
    { config: staff('notice:reveal'), schema: { tags, summary: '查看完整的收件地址（记入审计日志）', params: IdParams, response: { 200: Envelope(NoticeAddressReveal) } } },
    async (request) => ok(await revealAddress(request, request.params.id)),
  );

  app.post(
    '/notice-deliveries/:id/resend',
    { config: staff('notice:manage'), schema: { tags, summary: '重新发送（发送失败、失败待重试、已放弃或未配置通道的记录）', params: IdParams, response: { 200: Done } } },
    async (request) => {
      const title = await resendDelivery(request, request.params.id);
      return ok(null, `已重新排入发送：${title}`);
    },
  );

  app.post(
    '/notice-deliveries/one-off/preview',
    {
      config: staff('notice:manage'),
      schema: { tags, summary: '临时通知：预览发送对象（数量、前若干名称、有邮箱和手机号的数量）', body: OneOffPreviewBody, response: { 200: Envelope(OneOffPreview) } },
    },
    async (request) => ok(await previewOneOff(request, request.body)),
  );

  app.post(
    '/notice-deliveries/one-off',
    {
      config: staff('notice:manage'),
      schema: { tags, summary: '发送临时通知（向筛选出的会员单位或从业人员）', body: OneOffSendBody, response: { 200: Envelope(OneOffSendResult) } },
    },
    async (request) => {
      const result = await sendOneOff(request, request.body);
      return ok(result, `已排入发送：${result.recipients} 个对象，${result.deliveries} 条记录`);
    },
  );

  app.get(
    '/user/notice-preferences',
    { config: { access: {} }, schema: { tags: ['个人中心'], summary: '我的通知设置（可选邮件通知的开关；必要通知不受影响）', response: { 200: Envelope(NoticePreferences) } } },
    async (request) => ok(await noticePreferences(app.db, requireUser(request))),
  );

  app.put(
    '/user/notice-preferences',
    { config: { access: {} }, schema: { tags: ['个人中心'], summary: '开启或关闭可选的邮件通知', body: NoticePreferencesBody, response: { 200: Envelope(NoticePreferences) } } },
    async (request) => ok(await setNoticePreferences(request, request.body), request.body.optionalEmails ? '已开启可选的邮件通知' : '已关闭可选的邮件通知，必要通知仍会发送'),
  );
};

export default notificationDeliveriesRoutes;
