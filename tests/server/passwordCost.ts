/**
 * The scrypt cost of chosen passwords in the server tests (tests/server/setup.ts sets it before
 * each file; server/security/passwords.ts, setChosenPasswordCostForTests, says why), and the way
 * back to full cost for the tests of the cost itself.
 */
import { afterAll, beforeAll } from 'vitest';
import { setChosenPasswordCostForTests } from '../../server/security/passwords';

export const TEST_PASSWORD_N = 1024;

/** Full cost for the enclosing describe (or file), the test cost again after it. */
export function useFullPasswordCost(): void {
  beforeAll(() => setChosenPasswordCostForTests(null));
  afterAll(() => setChosenPasswordCostForTests(TEST_PASSWORD_N));
}
