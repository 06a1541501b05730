/**
 * Password hashing with scrypt (node:crypto). The stored form carries its own parameters,
 * so they can be raised later without breaking old hashes:
 *   scrypt$<N>$<r>$<p>$<salt base64>$<hash base64>
 */
import { randomBytes, randomInt, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** scrypt's N for chosen passwords: full cost. */
export const FULL_COST_N = 16384;
const R = 8;
const P = 1;
const KEY_LENGTH = 64;

function scryptAsync(password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, keyLength, options, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

/** The N chosen passwords are hashed at: FULL_COST_N, except in the test suites (below). */
let chosenN = FULL_COST_N;

export async function hashPassword(password: string): Promise<string> {
  return hashWith(password, chosenN);
}

/**
 * The server test suite's lower cost (tests/server/setup.ts). That suite hashes and checks chosen
 * passwords at every login, account and seed: 1,260 of them on SQLite alone, about twice that
 * with PostgreSQL, at 50–90 ms each on a loaded 2-core machine (README.md, "Tests"). Those tests check what the
 * hashing does (a hash verifies, a wrong password does not, a login costs the same with or without
 * an account), not its cost. The tests of the cost itself put full cost back
 * (tests/server/passwords.test.ts, the login-timing test of account-enumeration.test.ts). No route
 * or setting reaches this: a server process always hashes at FULL_COST_N. `null`: full cost.
 */
export function setChosenPasswordCostForTests(n: number | null): void {
  if (n !== null && !(Number.isInteger(n) && n >= 1024 && n <= FULL_COST_N && (n & (n - 1)) === 0)) {
    throw new RangeError(`scrypt N must be a power of two from 1024 to ${FULL_COST_N}`);
  }
  chosenN = n ?? FULL_COST_N;
  dummyHash = undefined;
}

async function hashWith(password: string, n: number): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password, salt, KEY_LENGTH, { N: n, r: R, p: P });
  return ['scrypt', n, R, P, salt.toString('base64'), key.toString('base64')].join('$');
}

/**
 * scrypt's cost for a password the server generated. Its strength is its randomness (16
 * characters from 65 symbols, about 96 bits), not the hash's cost: guessing it is out of
 * reach at any cost (2^96 tries of even a microsecond each outlast the universe), while full
 * cost makes importing thousands of practitioners (an account each) take minutes: at N=1024
 * an import of 10,000 rows spent 30 s hashing on this 2-core machine, at N=64 about 2 s
 * (bench/RESULTS.md). Such a password must be changed at first login, and the person's own
 * password is then hashed at full cost.
 */
const GENERATED_N = 64;

/** A generated initial password and its hash, together, so that the lower cost never meets a chosen password. */
export async function generateInitialPassword(): Promise<{ password: string; hash: string }> {
  const password = generatePassword();
  return { password, hash: await hashWith(password, GENERATED_N) };
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [n, r, p] = parts.slice(1, 4).map(Number);
  const salt = Buffer.from(parts[4], 'base64');
  const expected = Buffer.from(parts[5], 'base64');
  if (!n || !r || !p || expected.length === 0) return false;
  const key = await scryptAsync(password, salt, expected.length, { N: n, r, p, maxmem: 256 * n * r + 1024 * 1024 });
  return timingSafeEqual(key, expected);
}

/**
 * A hash of nothing anyone knows: verifying against it when an account does not exist
 * costs the same time as a real check, so response times do not reveal accounts.
 */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  return dummyHash;
}

/**
 * The login's password check, at the same cost whether or not an account holds the name: no
 * account (`stored` null) is checked against the dummy hash, and a hash cheaper than full cost
 * (a generated initial password, GENERATED_N) is topped up with a check against the dummy hash,
 * so that the response time tells neither which names exist nor which still hold a generated
 * password.
 */
export async function verifyLoginPassword(password: string, stored: string | null): Promise<boolean> {
  const dummy = await dummyPasswordHash();
  if (stored === null) {
    await verifyPassword(password, dummy);
    return false;
  }
  const matches = await verifyPassword(password, stored);
  if (costOf(stored) < chosenN) await verifyPassword(password, dummy);
  return matches;
}

/** scrypt's N of a stored hash (0 when it is not one of ours). */
function costOf(stored: string): number {
  const parts = stored.split('$');
  return parts.length === 6 && parts[0] === 'scrypt' ? Number(parts[1]) || 0 : 0;
}

const LOWER = 'abcdefghijkmnpqrstuvwxyz';
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '23456789';
const SYMBOLS = '@#$%&*+=?';

/** A strong generated password (16 characters, every class, no look-alike letters). */
export function generatePassword(length = 16): string {
  const all = LOWER + UPPER + DIGITS + SYMBOLS;
  const pick = (set: string) => set[randomInt(set.length)];
  const chars = [pick(LOWER), pick(UPPER), pick(DIGITS), pick(SYMBOLS)];
  while (chars.length < length) chars.push(pick(all));
  // Fisher–Yates, so the guaranteed classes are not always first.
  for (let i = chars.length - 1; i > 0; i -= 1) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j], chars[i]];
  }
  return chars.join('');
}
