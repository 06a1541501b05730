/**
 * Public certificate look-ups are limited per client address (CERTIFICATE_LOOKUP_RATE_LIMIT per
 * CERTIFICATE_LOOKUP_RATE_WINDOW_MINUTES): a burst gets HTTP 429 with a Chinese message, another
 * address is not affected, and the window passing lets the first one in again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CERTIFICATE_LOOKUP_RATE_LIMITED_MESSAGE, CERTIFICATE_NOT_FOUND_MESSAGE } from '@common/schemas/certificates';
import { createTestApp, dialects, type TestContext } from './helpers';

describe.each(dialects)('certificate look-up rate limit on %s', (dialect) => {
  let t: TestContext;
  let number = '';

  beforeAll(async () => {
    t = await createTestApp(dialect, { demo: true, env: { CERTIFICATE_LOOKUP_RATE_LIMIT: '3', CERTIFICATE_LOOKUP_RATE_WINDOW_MINUTES: '1' } });
    const row = await t.db.kysely.selectFrom('certificates').select('number').orderBy('number').executeTakeFirstOrThrow();
    number = row.number;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers 429 with a Chinese message after the limit, per address, until the window passes', async () => {
    const look = (ip: string, no = number) => t.call('GET', `public/certificates/${no}`, { ip });
    expect((await look('10.20.0.1')).body.status).toBe(1);
    // A miss counts too: guessing numbers is what the limit is for.
    expect((await look('10.20.0.1', 'WPRY2099999')).body.message).toBe(CERTIFICATE_NOT_FOUND_MESSAGE);
    expect((await look('10.20.0.1')).statusCode).toBe(200);
    const refused = await look('10.20.0.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.body).toMatchObject({ status: 10, success: false, message: CERTIFICATE_LOOKUP_RATE_LIMITED_MESSAGE });
    expect((await look('10.20.0.2')).statusCode).toBe(200);
    t.clock.advanceMinutes(2);
    expect((await look('10.20.0.1')).statusCode).toBe(200);
  });
});
