/**
 * The association's name and logo, shown by both layouts and the login page.
 * The logo lives in public/ so that the server, e-mails and the favicon can use it too.
 */
import { APP_NAME } from '@/initialState';

export const ASSOCIATION_NAME = APP_NAME;

/** The site is served from the root (public path /), where the files of public/ are. */
export const LOGO_URL = '/logo.svg';
