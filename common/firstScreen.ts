/**
 * The first screen's data that the server writes into index.html (server/http/spaPage.ts) and
 * the request layer answers calls from (src/request/firstScreen.ts): GET answers the server
 * made for the page being loaded, so that the page renders without waiting for a round trip
 * after its script. A `<script type="application/json">` block: data, never executed, so the
 * CSP's `script-src 'self'` holds.
 */

/** The id of the data block in index.html. */
export const FIRST_SCREEN_DATA_ID = 'first-screen-data';

/** API path with its /api/v1 prefix and no query (`/api/v1/public/home`) → the envelope answered. */
export type FirstScreenData = Record<string, unknown>;

/** Answers are used only this long after the page's first call; later ones ask the API. */
export const FIRST_SCREEN_MAX_AGE_MS = 30_000;
