/** One import for tests: `import { server, answerEnvelope, failure, superAdmin } from '../../mock'`. */
export * from './files';
export * from './fixtures';
export * from './handlers';
export { server } from './server';
