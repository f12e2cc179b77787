import { randomUUID } from 'node:crypto';
import { ConnectionError } from './connection.ts';

/** What CAQH CORE names each payload a request carries and its answer (Phase II connectivity rule, version 2.2.0). */
export const CORE_PAYLOADS = {
  '270': { request: 'X12_270_Request_005010X279A1', response: 'X12_271_Response_005010X279A1' },
  '276': { request: 'X12_276_Request_005010X212', response: 'X12_277_Response_005010X212' },
} as const;

export type CoreQuestion = keyof typeof CORE_PAYLOADS;

export interface CoreEndpoint {
  url: string;
  envelope: 'soap' | 'mime';
  user: string;
  password: string;
  senderId: string;
  receiverId: string;
  timeoutMs: number;
  /** how many times a request that failed on the way (no answer, a 5xx) is sent again */
  retries?: number;
}

const RULE_VERSION = '2.2.0';

const xmlEscape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const xmlUnescape = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

/** The CORE envelope's fields of one real-time request. */
function coreFields(e: CoreEndpoint, question: CoreQuestion, payload: string) {
  return {
    PayloadType: CORE_PAYLOADS[question].request,
    ProcessingMode: 'RealTime',
    PayloadID: randomUUID(),
    TimeStamp: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
    SenderID: e.senderId,
    ReceiverID: e.receiverId,
    CORERuleVersion: RULE_VERSION,
    Payload: payload,
  };
}

/** The SOAP 1.2 request: the CORE envelope in the body, the user and password as a WS-Security UsernameToken. */
function soapRequest(e: CoreEndpoint, fields: Record<string, string>): string {
  const body = Object.entries(fields)
    .map(([k, v]) => (k === 'Payload' ? `<Payload><![CDATA[${v}]]></Payload>` : `<${k}>${xmlEscape(v)}</${k}>`))
    .join('');
  return (
    '<?xml version="1.0" encoding="UTF-8"?>' +
    '<soapenv:Envelope xmlns:soapenv="http://www.w3.org/2003/05/soap-envelope" xmlns:cor="http://www.caqh.org/SOAP/WSDL/CORERule2.2.0.xsd">' +
    '<soapenv:Header><wsse:Security xmlns:wsse="http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-secext-1.0.xsd">' +
    `<wsse:UsernameToken><wsse:Username>${xmlEscape(e.user)}</wsse:Username>` +
    `<wsse:Password Type="http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-username-token-profile-1.0#PasswordText">${xmlEscape(e.password)}</wsse:Password>` +
    '</wsse:UsernameToken></wsse:Security></soapenv:Header>' +
    `<soapenv:Body><cor:COREEnvelopeRealTimeRequest>${body}</cor:COREEnvelopeRealTimeRequest></soapenv:Body></soapenv:Envelope>`
  );
}

/** A field of a SOAP answer, with or without a namespace prefix, its text or CDATA as it was sent. */
function soapField(xml: string, name: string): string | undefined {
  const m = new RegExp(`<(?:\\w+:)?${name}(?:\\s[^>]*)?>([\\s\\S]*?)</(?:\\w+:)?${name}>`).exec(xml);
  if (!m) return undefined;
  const cdata = /^\s*<!\[CDATA\[([\s\S]*?)\]\]>\s*$/.exec(m[1]);
  return cdata ? cdata[1] : xmlUnescape(m[1]);
}

/** A SOAP fault's reason, when the server answered with one instead of a CORE envelope. */
const soapFault = (xml: string) => soapField(xml, 'Text') ?? soapField(xml, 'faultstring');

interface CoreAnswer {
  payloadType?: string;
  errorCode?: string;
  errorMessage?: string;
  payload?: string;
}

async function exchange(
  e: CoreEndpoint,
  fields: Record<string, string>,
): Promise<{ status: number; answer: CoreAnswer }> {
  const signal = AbortSignal.timeout(e.timeoutMs);
  if (e.envelope === 'mime') {
    const form = new FormData();
    for (const [k, v] of Object.entries({ ...fields, UserName: e.user, Password: e.password })) form.append(k, v);
    const res = await fetch(e.url, { method: 'POST', body: form, signal });
    const type = res.headers.get('content-type') ?? '';
    if (!type.startsWith('multipart/form-data')) return { status: res.status, answer: {} };
    const got = await res.formData();
    const text = (k: string) => {
      const v = got.get(k);
      return v === null ? undefined : typeof v === 'string' ? v : undefined;
    };
    const payload = got.get('Payload');
    return {
      status: res.status,
      answer: {
        payloadType: text('PayloadType'),
        errorCode: text('ErrorCode'),
        errorMessage: text('ErrorMessage'),
        payload: typeof payload === 'string' ? payload : payload ? await payload.text() : undefined,
      },
    };
  }
  const res = await fetch(e.url, {
    method: 'POST',
    body: soapRequest(e, fields),
    headers: { 'content-type': 'application/soap+xml; charset=utf-8; action="RealTimeTransaction"' },
    signal,
  });
  const xml = await res.text();
  const fault = /Fault>/.test(xml) ? soapFault(xml) : undefined;
  return {
    status: res.status,
    answer: {
      payloadType: soapField(xml, 'PayloadType'),
      errorCode: soapField(xml, 'ErrorCode') ?? (fault ? 'Fault' : undefined),
      errorMessage: soapField(xml, 'ErrorMessage') ?? fault,
      payload: soapField(xml, 'Payload'),
    },
  };
}

/** Whether a failure on the way may pass if tried again: no answer at all, or the server's own trouble (5xx). */
class Transient extends ConnectionError {}

/**
 * One real-time question to a clearing house over HTTPS in the CAQH CORE envelope (SOAP or MIME multipart, as the
 * house offers it): the X12 inquiry goes, the X12 answer comes back. A request that gets no answer in time, or a 5xx,
 * is sent again (a new PayloadID: CORE servers refuse a repeated one); every failure is a ConnectionError in words.
 */
export async function askInRealTime(e: CoreEndpoint, question: CoreQuestion, x12: string): Promise<string> {
  const host = new URL(e.url).host;
  const tries = 1 + (e.retries ?? 1);
  let last: ConnectionError | undefined;
  for (let attempt = 1; attempt <= tries; attempt++) {
    try {
      return await once(e, question, x12, host);
    } catch (err) {
      if (!(err instanceof Transient)) throw err;
      last = err;
    }
  }
  throw last!;
}

async function once(e: CoreEndpoint, question: CoreQuestion, x12: string, host: string): Promise<string> {
  let got: { status: number; answer: CoreAnswer };
  try {
    got = await exchange(e, coreFields(e, question, x12));
  } catch (err) {
    const name = (err as { name?: string }).name;
    if (name === 'TimeoutError' || name === 'AbortError')
      throw new Transient(`The clearing house did not answer within ${Math.round(e.timeoutMs / 1000)} seconds.`);
    const code = (err as { cause?: { code?: string } }).cause?.code;
    throw new Transient(`The clearing house could not be reached at ${host}${code ? ` (${code})` : ''}.`);
  }
  const { status, answer } = got;
  if (status === 401 || status === 403)
    throw new ConnectionError('The clearing house refused the CORE user and password.');
  if (status >= 500 && !answer.errorCode) throw new Transient(`The clearing house answered with an error (${status}).`);
  if (answer.errorCode && answer.errorCode !== 'Success')
    throw new ConnectionError(
      `The clearing house could not take the question: ${answer.errorMessage || answer.errorCode} (${answer.errorCode}).`,
    );
  if (status >= 400) throw new ConnectionError(`The clearing house answered with an error (${status}).`);
  if (!answer.payload?.trim()) throw new ConnectionError('The clearing house answered without a payload.');
  if (answer.payloadType && answer.payloadType !== CORE_PAYLOADS[question].response)
    throw new ConnectionError(
      `The clearing house answered with ${answer.payloadType} instead of an answer to a ${question}.`,
    );
  return answer.payload;
}
