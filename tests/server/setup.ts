/**
 * Before each server test file: chosen passwords hashed at the tests' lower scrypt cost
 * (./passwordCost.ts; server/security/passwords.ts, setChosenPasswordCostForTests, says why).
 */
import { setChosenPasswordCostForTests } from '../../server/security/passwords';
import { TEST_PASSWORD_N } from './passwordCost';

setChosenPasswordCostForTests(TEST_PASSWORD_N);
