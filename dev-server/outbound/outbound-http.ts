import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { checkedUrl, type OutboundTarget } from './address-policy.ts';

/** An answer as it came: its status, headers and body (never followed: a redirect is an answer like any other). */
export interface OutboundAnswer {
  status: number;
  headers: Headers;
  body: Buffer;
}

/** The most a real-time answer may weigh: a 271 or 277 is a few kilobytes; more is not an answer. */
const MAX_ANSWER_BYTES = 5 * 1024 * 1024;

/** Node's lookup answered with the one address that was checked, whatever it is asked. */
const pinned =
  (t: OutboundTarget): LookupFunction =>
  (_host, options, callback) => {
    if ((options as { all?: boolean }).all)
      (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [
        { address: t.address, family: t.family },
      ]);
    else callback(null, t.address, t.family);
  };

function headersOf(res: IncomingMessage): Headers {
  const h = new Headers();
  for (const [k, v] of Object.entries(res.headers)) {
    if (v === undefined) continue;
    for (const one of Array.isArray(v) ? v : [v]) h.append(k, one);
  }
  return h;
}

/**
 * One POST to a web address a tenant typed, through the address policy: checked (OutboundRefused otherwise), sent to
 * the address that was checked (TLS still verified against the name), redirects never followed, the answer read up to
 * a bound and the request ended at the timeout (its AbortSignal's TimeoutError). No proxy variable is consulted: the
 * policy's check is of the machine actually reached.
 */
export async function outboundPost(
  address: string,
  init: { headers: Record<string, string>; body: Buffer; timeoutMs: number },
  env: NodeJS.ProcessEnv = process.env,
): Promise<OutboundAnswer> {
  const { url, target } = await checkedUrl(address, env);
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  const signal = AbortSignal.timeout(init.timeoutMs);
  return new Promise<OutboundAnswer>((resolve, reject) => {
    const req = send(
      {
        protocol: url.protocol,
        host: target.host,
        port: target.port,
        path: `${url.pathname}${url.search}`,
        method: 'POST',
        headers: { ...init.headers, 'content-length': String(init.body.length), host: url.host },
        lookup: pinned(target),
        // No keep-alive pool: each question is its own connection, so no socket outlives the check that opened it.
        agent: false,
        signal,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (c: Buffer) => {
          size += c.length;
          if (size > MAX_ANSWER_BYTES) {
            req.destroy(new Error('answer too large'));
            return;
          }
          chunks.push(c);
        });
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: headersOf(res), body: Buffer.concat(chunks) }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', (e) => reject(signal.aborted ? signal.reason : e));
    req.end(init.body);
  });
}
