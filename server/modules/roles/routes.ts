import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

const rolesRoutes: FastifyPluginAsyncTypebox = async () => {};

export default rolesRoutes;
