/**
 * The publishing routes articles and notices share, on one pattern:
 *   DELETE /<base>/:id, POST /<base>/:id/publish, POST /<base>/:id/offline,
 *   POST /<base>/batch-publish | batch-offline | batch-delete
 * Each declares its own permission code; the steps are in ./publishWorkflow.ts.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import type { PermissionCode } from '@common/permissions';
import { Envelope, IdParams } from '@common/schemas/common';
import { BatchBody, BatchResult, PublishBody } from '@common/schemas/content';
import type { RouteAccess } from '../security/guard';
import { ok } from '../http/envelope';
import { deleteItems, offlineItems, publishItems, type PublishableKind } from './publishWorkflow';

export interface PublishRoutesOptions {
  base: string;
  kind: PublishableKind;
  tags: string[];
  /** 篇 / 条 */
  unit: string;
  publishCode: PermissionCode;
  deleteCode: PermissionCode;
}

const staff = (permission: PermissionCode): { access: RouteAccess } => ({ access: { authTypes: [1], permission } });
const Done = Envelope(Type.Null());

export function registerPublishRoutes(app: FastifyInstance, o: PublishRoutesOptions): void {
  const typed = app.withTypeProvider<TypeBoxTypeProvider>();
  const { kind, tags } = o;

  typed.delete(
    `${o.base}/:id`,
    { config: staff(o.deleteCode), schema: { tags, summary: `删除${kind.label}`, params: IdParams, response: { 200: Done } } },
    async (request) => {
      await deleteItems(request, kind, [request.params.id]);
      return ok(null, `${kind.label}已删除`);
    },
  );

  typed.post(
    `${o.base}/:id/publish`,
    {
      config: staff(o.publishCode),
      schema: { tags, summary: `发布${kind.label}（publishAt 为将来时间即定时发布）`, params: IdParams, body: PublishBody, response: { 200: Done } },
    },
    async (request) => {
      const publishAt = request.body.publishAt;
      await publishItems(request, kind, [request.params.id], publishAt);
      return ok(null, publishAt && new Date(publishAt) > app.clock() ? `${kind.label}将定时发布` : `${kind.label}已发布`);
    },
  );

  typed.post(
    `${o.base}/:id/offline`,
    { config: staff(o.publishCode), schema: { tags, summary: `下线${kind.label}`, params: IdParams, response: { 200: Done } } },
    async (request) => {
      await offlineItems(request, kind, [request.params.id]);
      return ok(null, `${kind.label}已下线`);
    },
  );

  const batches: [name: string, code: PermissionCode, label: string, run: (r: FastifyRequest, ids: string[]) => Promise<number>][] = [
    ['publish', o.publishCode, '发布', (r, ids) => publishItems(r, kind, ids)],
    ['offline', o.publishCode, '下线', (r, ids) => offlineItems(r, kind, ids)],
    ['delete', o.deleteCode, '删除', (r, ids) => deleteItems(r, kind, ids)],
  ];
  for (const [name, code, label, run] of batches) {
    typed.post(
      `${o.base}/batch-${name}`,
      {
        config: staff(code),
        schema: { tags, summary: `批量${label}${kind.label}（全部成功或全部不变）`, body: BatchBody, response: { 200: Envelope(BatchResult) } },
      },
      async (request) => {
        const count = await run(request, request.body.ids);
        return ok({ count }, `已${label} ${count} ${o.unit}${kind.label}`);
      },
    );
  }
}

