/**
 * How long the tests wait, in one place (README.md, "Tests", "On a slow or loaded machine").
 *
 * Every wait in the suites is for a condition that stays true once reached: an element shown, a
 * call recorded, a row's new state, a toast kept in the record of what was shown
 * (tests/unit/toasts.ts, recordToasts in tests/e2e/actions.ts). So these bounds decide only how
 * long a broken test takes to fail, never whether a working one passes on a slow machine. They
 * are set for a machine four times slower than the one the suite is tuned on, with both of its
 * cores taken by other work; no test sets a wait of its own.
 */

/** A wait for one condition: findBy…/waitFor, Playwright's actions and waits, expect.poll. */
export const CONDITION_WAIT_MS = 60_000;

/**
 * A server process to start and answer: migrating a new database takes seconds on a quiet
 * machine and took over 20 s beside the journeys.
 */
export const PROCESS_START_MS = 180_000;

/** One test of the unit or server suites, and a hook (a server started, a schema migrated). */
export const TEST_MS = 300_000;

/** A test that walks every route of the OpenAPI document as many callers, on both databases. */
export const ROUTE_WALK_MS = 900_000;

/** One journey in Chromium: a whole day's task through the pages, many conditions in turn. */
export const JOURNEY_MS = 900_000;

/**
 * Waits until `condition` holds, asking every `intervalMs`, for the tests that have no Testing
 * Library or Playwright to wait for them (a server process, a sender, a cache across instances).
 * Fails after CONDITION_WAIT_MS, saying what it waited for.
 */
export async function until(condition: () => boolean | Promise<boolean>, what: string, intervalMs = 20): Promise<void> {
  const deadline = Date.now() + CONDITION_WAIT_MS;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`等待超过 ${CONDITION_WAIT_MS / 1000} 秒：${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
