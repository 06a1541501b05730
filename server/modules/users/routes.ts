import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

const usersRoutes: FastifyPluginAsyncTypebox = async () => {};

export default usersRoutes;
