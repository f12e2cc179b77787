import { clearSession, getConfig, getSession, isExpired, saveSession } from './session-store.ts';
import { emitSession, isEmbedded } from './session-events.ts';
import { askStepUp } from './step-up.ts';

export const API_BASE = './api/v1';

/** A failed call, shaped as the error catalogue of document 1 §8 says. */
export class ApiError extends Error {
  constructor(
    public status: number,
    message: string,
    public title: string,
    public errors: Record<string, string[]> = {},
    public body: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export const TOO_MANY_MESSAGE = 'You have made many requests in a short time, please wait 10 seconds';
export const SERVER_ERROR_MESSAGE = 'Internal Server Error. Please try again later.';

export interface CallOptions {
  method?: string;
  body?: unknown;
  query?: Record<string, unknown>;
  auth?: boolean;
}

let refreshing: Promise<void> | null = null;

/** Before any call an expired session is refreshed, once, however many calls wait for it. */
async function ensureFresh(): Promise<void> {
  const s = getSession();
  if (!s || !isExpired(s)) return;
  refreshing ??= (async () => {
    try {
      const r = await fetch(`${API_BASE}/auth/refresh-token`, {
        headers: { authorization: `Bearer ${s.access_token}`, accept: 'application/json' },
      });
      if (!r.ok) throw new ApiError(401, 'Unauthenticated.', 'Unauthenticated');
      const body = await r.json();
      saveSession(body.access_token, body.expires_in);
    } finally {
      refreshing = null;
    }
  })();
  return refreshing;
}

/** The query appended to a path, which may carry one already (a schema's source /admission/revenue-codes?program=INP). */
function withQuery(path: string, q?: Record<string, unknown>) {
  return `${path}${queryString(q, path.includes('?') ? '&' : '?')}`;
}

function queryString(q?: Record<string, unknown>, lead = '?') {
  if (!q) return '';
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (v !== undefined && v !== null && v !== '') p.set(k, String(v));
  const s = p.toString();
  return s ? `${lead}${s}` : '';
}

/**
 * A sensitive act refused for want of a recent proof (403 step_up_required): the person gives it in the step-up
 * dialog, and the call is made once more; cancelled, the refusal stands.
 */
async function withStepUp<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (e) {
    if (!(e instanceof ApiError) || e.status !== 403 || !e.body.step_up_required) throw e;
    const method = e.body.method === 'totp' || e.body.method === 'passkey' ? e.body.method : 'password';
    if (!(await askStepUp(method))) throw e;
    return call();
  }
}

/** Every call to the server: JSON in and out, bearer token, language, the error catalogue. */
export const api = <T = unknown>(path: string, opts: CallOptions = {}): Promise<T> =>
  withStepUp(() => callApi<T>(path, opts));

async function callApi<T>(path: string, opts: CallOptions): Promise<T> {
  const auth = opts.auth !== false;
  if (auth) await ensureFresh().catch(() => undefined);
  const session = auth ? getSession() : null;
  const headers: Record<string, string> = { accept: 'application/json', lang: getConfig().language };
  if (session) headers.authorization = `Bearer ${session.access_token}`;
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData) body = opts.body;
  else if (opts.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  const res = await fetch(`${API_BASE}${withQuery(path, opts.query)}`, { method: opts.method ?? 'GET', headers, body });
  const inactivity = res.headers.get('inactivity-time');
  if (res.ok && inactivity) emitSession({ type: 'activity', remainingMs: Number(inactivity) });
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  let data: Record<string, unknown> = {};
  try {
    data = text ? JSON.parse(text) : {};
  } catch {
    data = { message: text };
  }
  if (res.ok) return data as T;
  const message = typeof data.message === 'string' ? data.message : '';
  const errors = (data.errors ?? {}) as Record<string, string[]>;
  switch (res.status) {
    case 401:
      if (session) {
        clearSession();
        if (isEmbedded()) window.parent.postMessage({ type: 'logout' }, '*');
        emitSession({ type: 'unauthenticated', reason: data.login_hours === true ? message : undefined });
      }
      throw new ApiError(401, message || 'Unauthenticated.', 'Unauthenticated', errors, data);
    case 429:
      emitSession({ type: 'too-many-requests' });
      throw new ApiError(429, message || TOO_MANY_MESSAGE, 'Too Many Requests', errors, data);
    case 500:
      // The server's sentence is already in the person's language; its error id is what support looks up.
      throw new ApiError(
        500,
        `${message || SERVER_ERROR_MESSAGE}${typeof data.error_id === 'string' ? ` (${data.error_id})` : ''}`,
        'Internal Server Error',
        {},
        data,
      );
    case 406:
      throw new ApiError(406, message || 'Not Acceptable', 'No aceptable', errors, data);
    case 403:
    case 404:
    case 422:
      throw new ApiError(res.status, message, String(res.status), errors, data);
    default:
      throw new ApiError(
        res.status,
        `${res.status} - ${String(data.error ?? message)}`,
        String(res.status),
        errors,
        data,
      );
  }
}

/** A document an API call answers (a claim's preview PDF), signed in and in the person's language, as a blob. */
export const apiBlob = (path: string, opts: { method?: string; body?: unknown } = {}): Promise<Blob> =>
  withStepUp(() => callBlob(path, opts));

async function callBlob(path: string, opts: { method?: string; body?: unknown }): Promise<Blob> {
  await ensureFresh().catch(() => undefined);
  const session = getSession();
  const headers: Record<string, string> = {
    lang: getConfig().language,
    ...(session ? { authorization: `Bearer ${session.access_token}` } : {}),
  };
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${API_BASE}${path}`, {
    method: opts.method ?? 'GET',
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  if (!res.ok) {
    // A refusal is JSON like any other; its body says whether a proof would let it through.
    const data = (await res.json().catch(() => ({}))) as Record<string, unknown>;
    throw new ApiError(
      res.status,
      typeof data.message === 'string' ? data.message : res.statusText,
      res.statusText,
      (data.errors as Record<string, string[]> | undefined) ?? {},
      data,
    );
  }
  return res.blob();
}

/** A stored document's bytes (photo, logo, EOB) through the signed-in route, as a blob a page can show. */
export async function fetchFileBlob(path: string): Promise<Blob> {
  await ensureFresh().catch(() => undefined);
  const session = getSession();
  const res = await fetch(`./${path.replace(/^\.?\//, '')}`, {
    headers: session ? { authorization: `Bearer ${session.access_token}` } : {},
  });
  if (!res.ok) throw new ApiError(res.status, res.statusText, res.statusText);
  return res.blob();
}
