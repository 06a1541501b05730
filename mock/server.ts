/**
 * The msw server of the front-end tests. tests/unit/setup.ts starts it before each file,
 * resets handlers and mock state after each test, and closes it at the end; a test adds
 * one-off answers with `server.use(...)` (see ./handlers.ts).
 */
import { setupServer } from 'msw/node';
import { handlers } from './handlers';

export const server = setupServer(...handlers);
