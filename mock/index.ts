/** One import for tests: `import { server, answerEnvelope, failure, superAdmin } from '../../mock'`. */
export * from './certificates';
export * from './content';
export * from './files';
export * from './fixtures';
export * from './handlers';
export * from './publicContent';
export { server } from './server';
