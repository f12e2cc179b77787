import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';

// The client's call layer in Node: localStorage and fetch stand in for the browser's.
const store = new Map<string, string>();
vi.stubGlobal('localStorage', {
  getItem: (k: string) => store.get(k) ?? null,
  setItem: (k: string, v: string) => store.set(k, v),
  removeItem: (k: string) => store.delete(k),
});
const self = { location: { hash: '' } } as { parent?: unknown; location: { hash: string } };
self.parent = self;
vi.stubGlobal('window', self);
// The next file in this worker gets Node's globals back (no window, no stand-in fetch).
afterAll(() => vi.unstubAllGlobals());

const { api, ApiError, SERVER_ERROR_MESSAGE, TOO_MANY_MESSAGE } = await import('../../../src/client/session/api.ts');
const { onSession } = await import('../../../src/client/session/session-events.ts');
const { saveSession, getSession } = await import('../../../src/client/session/session-store.ts');

const reply = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
let calls: Array<{ url: string; headers: Record<string, string> }> = [];
function serve(...responses: Response[]) {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, headers: init.headers as Record<string, string> });
      return responses.shift()!;
    }),
  );
}
beforeEach(() => store.clear());
/** The error a call rejects with (a call that succeeds fails the test). */
const failure = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error('the call should have failed');
    },
    (x: unknown) => x as InstanceType<typeof ApiError>,
  );

describe('calls and the error catalogue', () => {
  it("a 500 keeps the server's sentence (in the person's language) with the error id support looks up", async () => {
    serve(
      reply(500, {
        message: 'Error interno del servidor. Inténtelo de nuevo más tarde.',
        error_id: '6f1c0e2a-1b2c-4d5e-8f90-123456789abc',
      }),
    );
    const e = await failure(api('/x'));
    expect(e).toBeInstanceOf(ApiError);
    expect([e.message, e.title, e.status]).toEqual([
      'Error interno del servidor. Inténtelo de nuevo más tarde. (6f1c0e2a-1b2c-4d5e-8f90-123456789abc)',
      'Internal Server Error',
      500,
    ]);
  });

  it('a 500 with no sentence says "Internal Server Error. Please try again later."', async () => {
    serve(reply(500, {}));
    expect((await failure(api('/x'))).message).toBe(SERVER_ERROR_MESSAGE);
    expect(SERVER_ERROR_MESSAGE).toBe('Internal Server Error. Please try again later.');
  });

  it('a 429 raises the too-many-requests flag and says to wait 10 seconds', async () => {
    const seen: string[] = [];
    const off = onSession((ev) => seen.push(ev.type));
    serve(reply(429, {}));
    const e = await failure(api('/x'));
    off();
    expect(seen).toContain('too-many-requests');
    expect(e.message).toBe(TOO_MANY_MESSAGE);
  });

  it('a 406 carries the server message or Not Acceptable, titled No aceptable', async () => {
    serve(reply(406, {}));
    const e = await failure(api('/x'));
    expect([e.message, e.title]).toEqual(['Not Acceptable', 'No aceptable']);
  });

  it('another failure reads status - error', async () => {
    serve(reply(409, { error: 'Conflict here' }));
    expect((await failure(api('/x'))).message).toBe('409 - Conflict here');
  });

  it('a 401 on a signed-in call clears the session and reports it', async () => {
    saveSession('tok', 3600);
    const seen: string[] = [];
    const off = onSession((ev) => seen.push(ev.type));
    serve(reply(401, { message: 'Unauthenticated.' }));
    await api('/x').catch(() => undefined);
    off();
    expect(getSession()).toBeNull();
    expect(seen).toContain('unauthenticated');
  });

  it('field errors of a 422 come through for the form', async () => {
    serve(reply(422, { message: 'The given data was invalid.', errors: { name: ['The name field is required.'] } }));
    expect((await failure(api('/x'))).errors).toEqual({ name: ['The name field is required.'] });
  });

  it('an expired session is refreshed before the call, once', async () => {
    store.set(
      'session',
      JSON.stringify({ access_token: 'old', expires_at: new Date(Date.now() - 1000).toISOString() }),
    );
    serve(reply(200, { access_token: 'new', expires_in: 3600 }), reply(200, { ok: true }));
    await api('/x');
    expect(calls.map((c) => c.url.split('/api/v1')[1])).toEqual(['/auth/refresh-token', '/x']);
    expect(calls[1].headers.authorization).toBe('Bearer new');
  });

  it('the inactivity-time header of every answer reaches the idle watcher', async () => {
    const left: number[] = [];
    const off = onSession((ev) => {
      if (ev.type === 'activity') left.push(ev.remainingMs);
    });
    serve(reply(200, {}, { 'inactivity-time': '3599000' }));
    await api('/x');
    off();
    expect(left).toEqual([3599000]);
  });
});
