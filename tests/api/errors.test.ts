import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ rateLimitMax: 5 });
});
afterAll(() => app.close());

describe('error catalogue', () => {
  it('answers a call without a token with 401 Unauthenticated.', async () => {
    const r = await app.as(null)('GET', '/diagnosis');
    expect(r.status).toBe(401);
    expect(r.body).toEqual({ message: 'Unauthenticated.', code: 'unauthenticated' });
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

describe('the rate limit', () => {
  it('counts by client address: a new junk Authorization header on each request buys no fresh window', async () => {
    const limited = await startTestApp({ rateLimitMax: 20, rateLimitWindowMs: 10_000 });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 30; i++)
        statuses.push(
          (await limited.as(`junk-${i}`)('POST', '/auth/login', { email: `x${i}@y.test`, password: 'nope' })).status,
        );
      expect(statuses.slice(0, 20).every((s) => s !== 429)).toBe(true);
      expect(statuses.slice(20).every((s) => s === 429)).toBe(true);
    } finally {
      await limited.close();
    }
  });

  /** The statuses of `count` sign-ins, each naming a different address in X-Forwarded-For. */
  const rotating = async (limited: TestApp, count: number) => {
    const statuses: number[] = [];
    for (let i = 0; i < count; i++)
      statuses.push(
        (
          await limited.as(null)(
            'POST',
            '/auth/login',
            { email: `x${i}@y.test`, password: 'nope' },
            { 'x-forwarded-for': `198.51.100.${i + 1}` },
          )
        ).status,
      );
    return statuses;
  };

  it('a client cannot name its own address: without TRUST_PROXY a new X-Forwarded-For buys no fresh window', async () => {
    const limited = await startTestApp({ rateLimitMax: 5, rateLimitWindowMs: 60_000 });
    try {
      expect((await rotating(limited, 8)).slice(5)).toEqual([429, 429, 429]);
    } finally {
      await limited.close();
    }
  });

  it('behind a proxy named in TRUST_PROXY, each forwarded address has its own window', async () => {
    const limited = await startTestApp({ rateLimitMax: 5, rateLimitWindowMs: 60_000, trustProxy: 'loopback' });
    try {
      expect((await rotating(limited, 8)).filter((s) => s === 429)).toEqual([]);
    } finally {
      await limited.close();
    }
  });

  it('Retry-After tells when the window ends', async () => {
    const limited = await startTestApp({ rateLimitMax: 2, rateLimitWindowMs: 60_000 });
    try {
      let last;
      for (let i = 0; i < 3; i++) last = await limited.as(null)('GET', '/auth/check-token');
      expect(last!.status).toBe(429);
      // The window is 60 s long and began a moment ago: the header must not say 10.
      expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(50);
    } finally {
      await limited.close();
    }
  });
});

describe('load shedding', () => {
  /** A request the server has begun (headers sent) whose body never ends: it stays in flight until let go. */
  const held = (url: string) => {
    const u = new URL(`${url}/auth/login`);
    const req = request({
      host: u.hostname,
      port: u.port,
      path: u.pathname,
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': '1000' },
    });
    req.on('error', () => {});
    req.write('{"email": ');
    return req;
  };

  it('past the requests it works on at once, the server answers 503 with Retry-After at once instead of queueing', async () => {
    const busy = await startTestApp({ maxInFlight: 2 });
    const open = [held(busy.url), held(busy.url)];
    try {
      await expect.poll(async () => (await busy.as(null)('GET', '/auth/check-token')).status).toBe(503);
      const r = await busy.as(null)('GET', '/auth/check-token');
      expect(r.headers.get('retry-after')).toBe('1');
      expect(r.body).toEqual({
        message: 'The server is busy right now. Please try again in a moment.',
        code: 'server_busy',
      });
    } finally {
      for (const req of open) req.destroy();
    }
    // Once those requests are gone, the next is served.
    await expect.poll(async () => (await busy.as(null)('GET', '/auth/check-token')).status).toBeLessThan(500);
    await busy.close();
  });
});
