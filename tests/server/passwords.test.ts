/** Password hashing: full scrypt cost for chosen passwords, a lower one only for generated initial passwords. */
import { describe, expect, it } from 'vitest';
import { generateInitialPassword, hashPassword, setChosenPasswordCostForTests, verifyPassword } from '../../server/security/passwords';
import { TEST_PASSWORD_N, useFullPasswordCost } from './passwordCost';

describe('password hashes', () => {
  useFullPasswordCost();

  it('hash chosen passwords at full cost and generated ones at the lower cost, both verifiable', async () => {
    const chosen = await hashPassword('Chosen@2026x');
    expect(chosen.split('$').slice(0, 4)).toEqual(['scrypt', '16384', '8', '1']);
    expect(await verifyPassword('Chosen@2026x', chosen)).toBe(true);

    const { password, hash } = await generateInitialPassword();
    expect(password).toHaveLength(16);
    expect(hash.split('$')[1]).toBe('64');
    expect(await verifyPassword(password, hash)).toBe(true);
    expect(await verifyPassword(`${password}x`, hash)).toBe(false);
  });

  it('the tests\' lower cost hashes and verifies, and takes only a power of two from 1024 to full cost', async () => {
    setChosenPasswordCostForTests(TEST_PASSWORD_N);
    try {
      const hash = await hashPassword('Chosen@2026x');
      expect(hash.split('$')[1]).toBe(String(TEST_PASSWORD_N));
      expect(await verifyPassword('Chosen@2026x', hash)).toBe(true);
      for (const n of [64, 1000, 32768, 0.5]) expect(() => setChosenPasswordCostForTests(n)).toThrow(RangeError);
    } finally {
      setChosenPasswordCostForTests(null);
    }
    expect((await hashPassword('Chosen@2026x')).split('$')[1]).toBe('16384');
  });
});
