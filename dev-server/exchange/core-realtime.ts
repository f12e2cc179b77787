import { randomUUID } from 'node:crypto';
import { ConnectionError } from './connection.ts';
import { log } from '../http/server-log.ts';
import { OutboundRefused } from '../outbound/address-policy.ts';
import { outboundPost, type OutboundAnswer } from '../outbound/outbound-http.ts';

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

/** The request as it goes on the wire: the MIME form (its boundary in the content type) or the SOAP envelope. */
async function requestBody(e: CoreEndpoint, fields: Record<string, string>) {
  if (e.envelope === 'mime') {
    const form = new FormData();
    for (const [k, v] of Object.entries({ ...fields, UserName: e.user, Password: e.password })) form.append(k, v);
    // The platform's own multipart writer, read back as bytes: the form goes through the address policy's request.
    const encoded = new Request('http://form.invalid/', { method: 'POST', body: form });
    return {
      headers: { 'content-type': encoded.headers.get('content-type')! },
      body: Buffer.from(await encoded.arrayBuffer()),
    };
  }
  return {
    headers: { 'content-type': 'application/soap+xml; charset=utf-8; action="RealTimeTransaction"' },
    body: Buffer.from(soapRequest(e, fields), 'utf8'),
  };
}

/** The CORE fields of an answer, from a MIME form or a SOAP envelope (a SOAP fault's reason as its message). */
async function answerFields(e: CoreEndpoint, got: OutboundAnswer): Promise<CoreAnswer> {
  const type = got.headers.get('content-type') ?? '';
  if (e.envelope === 'mime') {
    if (!type.startsWith('multipart/form-data')) return {};
    const form = await new Response(new Uint8Array(got.body), { headers: { 'content-type': type } })
      .formData()
      .catch(() => null);
    if (!form) return {};
    const text = (k: string) => {
      const v = form.get(k);
      return typeof v === 'string' ? v : undefined;
    };
    const payload = form.get('Payload');
    return {
      payloadType: text('PayloadType'),
      errorCode: text('ErrorCode'),
      errorMessage: text('ErrorMessage'),
      payload: typeof payload === 'string' ? payload : payload ? await payload.text() : undefined,
    };
  }
  const xml = got.body.toString('utf8');
  const fault = /Fault>/.test(xml) ? soapFault(xml) : undefined;
  return {
    payloadType: soapField(xml, 'PayloadType'),
    errorCode: soapField(xml, 'ErrorCode') ?? (fault ? 'Fault' : undefined),
    errorMessage: soapField(xml, 'ErrorMessage') ?? fault,
    payload: soapField(xml, 'Payload'),
  };
}

async function exchange(e: CoreEndpoint, fields: Record<string, string>) {
  const got = await outboundPost(e.url, { ...(await requestBody(e, fields)), timeoutMs: e.timeoutMs });
  return { status: got.status, answer: await answerFields(e, got) };
}

/** Whether a failure on the way may pass if tried again: no answer at all, or the server's own trouble (5xx). */
class Transient extends ConnectionError {}

/**
 * The CORE envelope's error codes (Phase II connectivity rule) a clearing house may answer with, named to the person
 * by code. Any other code, and every server's own text (ErrorMessage, a SOAP fault's reason), stays in the server log:
 * an answer's words are never repeated to the tenant, so the address cannot be used to read another service's replies.
 */
const CORE_ERROR_CODES = new Set([
  'PayloadIDRequired',
  'PayloadIDMissing',
  'PayloadTypeRequired',
  'PayloadTypeIncorrect',
  'ProcessingModeRequired',
  'ProcessingModeIncorrect',
  'SenderIDRequired',
  'ReceiverIDRequired',
  'TimeStampRequired',
  'CORERuleVersionRequired',
  'VersionMismatch',
  'UnAuthorized',
  'Unauthorized',
  'Receiver Down',
  'ReceiverDown',
  'Server Busy',
  'ServerBusy',
  'Timeout',
  'PayloadRequired',
]);

/**
 * The one sentence for every way a question can fail to get an answer: the address refused by the address policy, a
 * name that does not resolve, a refused or reset connection, no answer in time, a redirect, an answer that is not a
 * CORE envelope. It says nothing of what (if anything) answered, so the address is no probe of a network.
 */
const noAnswer = (host: string) =>
  `The clearing house's real-time service at ${host} gave no answer to the question; try again later, or check the account's real-time address.`;

/**
 * One real-time question to a clearing house over HTTPS in the CAQH CORE envelope (SOAP or MIME multipart, as the
 * house offers it): the X12 inquiry goes, the X12 answer comes back. A request that gets no answer in time, or a 5xx,
 * is sent again (a new PayloadID: CORE servers refuse a repeated one); every failure is a ConnectionError in words.
 * The address goes through the outbound address policy (dev-server/outbound): never this machine or a private network.
 */
export async function askInRealTime(e: CoreEndpoint, question: CoreQuestion, x12: string): Promise<string> {
  const host = hostOf(e.url);
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

/** The host of the account's address as the person typed it (for their words), or the address itself when unreadable. */
function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url.slice(0, 100);
  }
}

async function once(e: CoreEndpoint, question: CoreQuestion, x12: string, host: string): Promise<string> {
  let got: { status: number; answer: CoreAnswer };
  try {
    got = await exchange(e, coreFields(e, question, x12));
  } catch (err) {
    log.info(
      { host, err: { name: (err as Error).name, message: (err as Error).message } },
      'core real time: no answer',
    );
    // A refused address is not tried again (nothing was sent); it is said in the same words as a silent server.
    if (err instanceof OutboundRefused) throw new ConnectionError(noAnswer(host));
    throw new Transient(noAnswer(host));
  }
  const { status, answer } = got;
  const said = () =>
    log.info(
      {
        host,
        status,
        core: { errorCode: answer.errorCode?.slice(0, 80), payloadType: answer.payloadType?.slice(0, 80) },
      },
      'core real time: not answered',
    );
  if (status === 401 || status === 403)
    throw new ConnectionError('The clearing house refused the CORE user and password.');
  if (status >= 500 && !answer.errorCode) {
    said();
    throw new Transient(noAnswer(host));
  }
  if (answer.errorCode && answer.errorCode !== 'Success') {
    said();
    if (CORE_ERROR_CODES.has(answer.errorCode))
      throw new ConnectionError(`The clearing house could not take the question (CORE error ${answer.errorCode}).`);
    throw new ConnectionError(noAnswer(host));
  }
  if (status !== 200 || !answer.payload?.trim()) {
    said();
    throw new ConnectionError(noAnswer(host));
  }
  if (answer.payloadType && answer.payloadType !== CORE_PAYLOADS[question].response) {
    said();
    throw new ConnectionError(`The clearing house answered with something other than an answer to a ${question}.`);
  }
  return answer.payload;
}
