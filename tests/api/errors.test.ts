import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

let app: TestApp;
beforeAll(async () => { app = await startTestApp({ rateLimitMax: 5 }); });
afterAll(() => app.close());

describe('error catalogue', () => {
  it('answers a call without a token with 401 Unauthenticated.', async () => {
    const r = await app.as(null)('GET', '/diagnosis');
    expect(r.status).toBe(401);
    expect(r.body).toEqual({ message: 'Unauthenticated.' });
  });

  it('answers a made-up token with 401', async () => {
    expect((await app.as('not-a-token')('GET', '/diagnosis')).status).toBe(401);
  });

  it('answers too many requests with 429, Retry-After 10 and the spec text', async () => {
    let last;
    for (let i = 0; i < 7; i++) last = await app.as('flood')('GET', '/diagnosis');
    expect(last!.status).toBe(429);
    expect(last!.headers.get('retry-after')).toBe('10');
    expect(last!.body.message).toBe('You have made many requests in a short time, please wait 10 seconds');
  });
});
