/**
 * The shape of Umi's initial state, in a module without React so that
 * src/access.ts, layouts and pages can import the type and the application name alike.
 * `getInitialState` in src/app.tsx builds it.
 */
import { ASSOCIATION_NAME } from '@common/association';
import type { CurrentUser } from '@common/schemas/auth';

/** The application's name, shown in titles, headers and the footer. */
export const APP_NAME = ASSOCIATION_NAME;

export interface InitialState {
  name: string;
  /** Present when a stored token still works. */
  currentUser?: CurrentUser;
}
