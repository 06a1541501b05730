/** Password hashing: full scrypt cost for chosen passwords, a lower one only for generated initial passwords. */
import { describe, expect, it } from 'vitest';
import { generateInitialPassword, hashPassword, verifyPassword } from '../../server/security/passwords';

describe('password hashes', () => {
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
});
